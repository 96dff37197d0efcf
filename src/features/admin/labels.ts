import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ClubField } from '@/api/generated/query/model/clubField'
import type { ClubStatus } from '@/api/generated/query/model/clubStatus'
import type { ClubStatusFilter } from '@/api/generated/query/model/clubStatusFilter'
import type { PaymentAccountStatus } from '@/api/generated/query/model/paymentAccountStatus'
import type { PaymentRequirement } from '@/api/generated/query/model/paymentRequirement'
import type { BadgeTone } from '@/components/ui/badge'

/** Spec §4's release states; the filter's wording matches the badges. */
export const CLUB_STATUS: Readonly<Record<ClubStatus, { label: MessageDescriptor; tone: BadgeTone }>> = {
  PROCESSING: { label: msg`In Bearbeitung`, tone: 'warning' },
  ACTIVE: { label: msg`Aktiv`, tone: 'success' },
  INACTIVE: { label: msg`Inaktiv`, tone: 'neutral' },
}

export const STATUS_FILTERS: ReadonlyArray<{ value: ClubStatusFilter; label: MessageDescriptor }> = [
  { value: 'ALL', label: msg`Alle` },
  { value: 'ACTIVE', label: msg`Aktiv` },
  { value: 'INACTIVE', label: msg`Inaktiv` },
  { value: 'PROCESSING', label: msg`In Bearbeitung` },
]

export const PAYMENT_STATUS: Readonly<Record<PaymentAccountStatus, { label: MessageDescriptor; tone: BadgeTone }>> = {
  ONBOARDING: { label: msg`Einrichtung offen`, tone: 'warning' },
  ACTIVE: { label: msg`Aktiv`, tone: 'success' },
  REJECTED: { label: msg`Deaktiviert`, tone: 'danger' },
}

/**
 * The German name of every profile field the backend counts for completeness (`Completeness.missing`).
 * A `Record` over the generated enum: a field added to the contract fails the typecheck until it has a label.
 * (The dashboard keeps the same wording; features cannot share code, the catalogue shares the strings.)
 */
export const CLUB_FIELD_LABELS: Readonly<Record<ClubField, MessageDescriptor>> = {
  name: msg`Vereinsname`,
  zvrNumber: msg`ZVR-Zahl`,
  vatNumber: msg`Steuernummer`,
  donationNumber: msg`Spendenbegünstigungsnummer`,
  description: msg`Beschreibung`,
  shortDescription: msg`Kurzbeschreibung`,
  'address.street': msg`Vereinsadresse: Straße`,
  'address.houseNumber': msg`Vereinsadresse: Hausnummer`,
  'address.postalCode': msg`Vereinsadresse: Postleitzahl`,
  'address.city': msg`Vereinsadresse: Ort`,
  'bankInfo.bankName': msg`Bankverbindung: Name der Bank`,
  'bankInfo.iban': msg`Bankverbindung: IBAN`,
  'bankInfo.bic': msg`Bankverbindung: BIC`,
  'bankInfo.accountHolder': msg`Bankverbindung: Kontoinhaber/in`,
  'billingAddress.street': msg`Rechnungsadresse: Straße`,
  'billingAddress.houseNumber': msg`Rechnungsadresse: Hausnummer`,
  'billingAddress.postalCode': msg`Rechnungsadresse: Postleitzahl`,
  'billingAddress.city': msg`Rechnungsadresse: Ort`,
  'billingAddress.country': msg`Rechnungsadresse: Land`,
  'legitimation.firstName': msg`Kontaktperson: Vorname`,
  'legitimation.lastName': msg`Kontaktperson: Nachname`,
  'legitimation.phoneNumber': msg`Kontaktperson: Telefonnummer`,
  'legitimation.birthDate': msg`Kontaktperson: Geburtsdatum`,
  'legitimation.email': msg`Kontaktperson: E-Mail-Adresse`,
  'legitimation.documentKind': msg`Kontaktperson: Art des Ausweises`,
  'legitimation.front': msg`Ausweis: Vorderseite (JPG)`,
  'legitimation.back': msg`Ausweis: Rückseite (JPG)`,
  'documents.spend2Form': msg`Dokument: SPEND 2 Formular`,
  'documents.deductibilityNotice': msg`Dokument: Spendenbegünstigungsbescheid`,
  clubTypeId: msg`Vereinsart`,
  logo: msg`Vereinslogo`,
}

export const isClubField = (value: string): value is ClubField => value in CLUB_FIELD_LABELS

/** What the card provider still needs (`PaymentAccount.requirements`), as the club would name it. */
export const PAYMENT_REQUIREMENTS: Readonly<Record<PaymentRequirement, MessageDescriptor>> = {
  BUSINESS_DETAILS: msg`Angaben zum Verein`,
  REPRESENTATIVE_IDENTITY: msg`Identität der vertretungsberechtigten Person`,
  BANK_ACCOUNT: msg`Bankkonto für Auszahlungen`,
  TERMS_ACCEPTANCE: msg`Zustimmung zu den Bedingungen des Zahlungsanbieters`,
}
