import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PaymentAccountStatus } from '@/api/generated/query/model/paymentAccountStatus'
import type { PaymentRequirement } from '@/api/generated/query/model/paymentRequirement'
import type { StatusLabel } from './status-tone'

/** The states of a club's card-payment account. */
export const PAYMENT_STATUS: Readonly<Record<PaymentAccountStatus, StatusLabel>> = {
  ONBOARDING: { label: msg`Einrichtung offen`, tone: 'warning' },
  ACTIVE: { label: msg`Aktiv`, tone: 'success' },
  REJECTED: { label: msg`Deaktiviert`, tone: 'danger' },
}

/** What the card provider still needs (`PaymentAccount.requirements`), in the club's words. */
export const PAYMENT_REQUIREMENTS: Readonly<Record<PaymentRequirement, MessageDescriptor>> = {
  BUSINESS_DETAILS: msg`Angaben zum Verein`,
  REPRESENTATIVE_IDENTITY: msg`Identität der vertretungsberechtigten Person`,
  BANK_ACCOUNT: msg`Bankkonto für Auszahlungen`,
  TERMS_ACCEPTANCE: msg`Zustimmung zu den Bedingungen des Zahlungsanbieters`,
}
