import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { AuditAction } from '#openapi/generated/model/auditAction.ts'
import type { AuditField } from '#openapi/generated/model/auditField.ts'
import type { ClubStatus } from '#openapi/generated/model/clubStatus.ts'
import type { PaymentAccountStatus } from '#openapi/generated/model/paymentAccountStatus.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import { CLUB_STATUS } from './club-labels.ts'
import { PAYMENT_STATUS } from './payment-labels.ts'
import { ROLE_LABELS } from './role-labels.ts'
import type { StatusTone } from './status-tone.ts'

/** What an audit entry records (`AuditEntry.action`), with the tone of its badge. */
export const AUDIT_ACTIONS: Readonly<Record<AuditAction, { label: MessageDescriptor; tone: StatusTone }>> = {
  CLUB_ACTIVATED: { label: msg`Verein freigegeben`, tone: 'success' },
  CLUB_DEACTIVATED: { label: msg`Verein deaktiviert`, tone: 'danger' },
  CLUB_CHECKED: { label: msg`Als geprüft markiert`, tone: 'info' },
  CLUB_UNCHECKED: { label: msg`Prüfvermerk entfernt`, tone: 'neutral' },
  BANK_DETAILS_CHANGED: { label: msg`Bankverbindung geändert`, tone: 'warning' },
  BANK_REVIEW_CONFIRMED: { label: msg`Neue Bankverbindung bestätigt`, tone: 'success' },
  TAX_STATUS_CONFIRMED: { label: msg`Spendenbegünstigung bestätigt`, tone: 'success' },
  RECEIPT_WITHDRAWN: { label: msg`Spendenbestätigung zurückgezogen`, tone: 'danger' },
  PAYMENT_ACCOUNT_CREATED: { label: msg`Zahlungskonto angelegt`, tone: 'info' },
  PAYMENT_ACCOUNT_REJECTED: { label: msg`Zahlungskonto deaktiviert`, tone: 'danger' },
  PAYMENT_ACCOUNT_DELETED: { label: msg`Zahlungskonto gelöscht`, tone: 'danger' },
  USER_CREATED: { label: msg`Benutzer/in angelegt`, tone: 'info' },
  USER_UPDATED: { label: msg`Benutzer/in geändert`, tone: 'neutral' },
  USER_ROLE_CHANGED: { label: msg`Rolle geändert`, tone: 'warning' },
  USER_DELETED: { label: msg`Benutzer/in gelöscht`, tone: 'danger' },
  MEMBER_REMOVED: { label: msg`Mitglied entfernt`, tone: 'warning' },
  MEMBER_ROLE_CHANGED: { label: msg`Vereinsrolle eines Mitglieds geändert`, tone: 'warning' },
  CLUB_TYPE_CREATED: { label: msg`Vereinsart angelegt`, tone: 'info' },
  CLUB_TYPE_RENAMED: { label: msg`Vereinsart umbenannt`, tone: 'neutral' },
  CLUB_TYPE_DELETED: { label: msg`Vereinsart gelöscht`, tone: 'danger' },
  CLUB_ROLE_CREATED: { label: msg`Vereinsrolle angelegt`, tone: 'info' },
  CLUB_ROLE_RENAMED: { label: msg`Vereinsrolle umbenannt`, tone: 'neutral' },
  CLUB_ROLE_DELETED: { label: msg`Vereinsrolle gelöscht`, tone: 'danger' },
  CLUB_ROLE_RIGHTS_CHANGED: { label: msg`Rechte einer Vereinsrolle geändert`, tone: 'warning' },
  APP_LOGO_CHANGED: { label: msg`App-Logo gesetzt`, tone: 'info' },
  APP_LOGO_DELETED: { label: msg`App-Logo entfernt`, tone: 'danger' },
  DONATION_REFUNDED: { label: msg`Spende erstattet`, tone: 'warning' },
}

/** What a change of an audit entry is about (`AuditChange.field`). */
export const AUDIT_FIELD_LABELS: Readonly<Record<AuditField, MessageDescriptor>> = {
  status: msg`Status`,
  deactivationReason: msg`Grund der Deaktivierung`,
  isChecked: msg`Prüfvermerk`,
  'bankInfo.iban': msg`IBAN`,
  'bankInfo.bic': msg`BIC`,
  'bankInfo.accountHolder': msg`Kontoinhaber/in`,
  bankReview: msg`Prüfung der Bankverbindung`,
  'paymentAccount.accountId': msg`Zahlungskonto`,
  'paymentAccount.status': msg`Status des Zahlungskontos`,
  'paymentAccount.rejectReason': msg`Grund der Deaktivierung des Zahlungskontos`,
  role: msg`Rolle`,
  email: msg`E-Mail`,
  name: msg`Name`,
  clubs: msg`Vereine`,
  member: msg`Mitglied`,
  clubType: msg`Vereinsart`,
  clubRole: msg`Vereinsrolle`,
  'clubRole.manageMoney': msg`Darf Geld verwalten`,
  'clubRole.manageMembers': msg`Darf Mitglieder verwalten`,
  appLogo: msg`App-Logo`,
  'donation.id': msg`Spende`,
  'donation.refundedCents': msg`Erstattet (Cent)`,
  'donation.refundReason': msg`Grund der Erstattung`,
  'taxEntry.registerNumber': msg`Registrierungsnummer (BMF-Liste)`,
  'taxEntry.category': msg`Kategorie`,
  'taxEntry.validFrom': msg`Begünstigt ab`,
  'taxEntry.revokedOn': msg`Widerrufen am`,
  'receipt.number': msg`Nummer der Spendenbestätigung`,
  'receipt.withdrawReason': msg`Grund des Zurückziehens`,
}

const CHECK_MARK: Readonly<Record<string, MessageDescriptor>> = {
  true: msg`geprüft`,
  false: msg`nicht geprüft`,
}
const BANK_REVIEW: Readonly<Record<string, MessageDescriptor>> = { PENDING: msg`Prüfung ausstehend` }
const YES_NO: Readonly<Record<string, MessageDescriptor>> = { true: msg`ja`, false: msg`nein` }

/**
 * A value of an audit change as a person reads it: states, roles and marks by their German names, other
 * values (names, reasons, masked IBANs) as they are; null when there was or is none.
 */
export const auditValue = (i18n: I18n, field: AuditField, value: string | null): string | null => {
  if (value === null) return null
  const label =
    field === 'status'
      ? CLUB_STATUS[value as ClubStatus]?.label
      : field === 'paymentAccount.status'
        ? PAYMENT_STATUS[value as PaymentAccountStatus]?.label
        : field === 'role'
          ? ROLE_LABELS[value as Role]
          : field === 'isChecked'
            ? CHECK_MARK[value]
            : field === 'bankReview'
              ? BANK_REVIEW[value]
              : field === 'clubRole.manageMoney' || field === 'clubRole.manageMembers'
                ? YES_NO[value]
                : undefined
  return label ? i18n._(label) : value
}
