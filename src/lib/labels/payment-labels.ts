import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { PaymentAccountStatus } from '#openapi/generated/model/paymentAccountStatus.ts'
import type { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import type { StatusLabel } from './status-tone.ts'

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
