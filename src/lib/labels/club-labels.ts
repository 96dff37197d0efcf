import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ClubCountry } from '#openapi/generated/model/clubCountry.ts'
import type { ClubField } from '#openapi/generated/model/clubField.ts'
import type { ClubSize } from '#openapi/generated/model/clubSize.ts'
import type { ClubStatus } from '#openapi/generated/model/clubStatus.ts'
import type { ClubStatusFilter } from '#openapi/generated/model/clubStatusFilter.ts'
import type { DocumentLabel } from '#openapi/generated/model/documentLabel.ts'
import type { LegitimationDocumentKind } from '#openapi/generated/model/legitimationDocumentKind.ts'
import type { StatusLabel } from './status-tone.ts'

/*
 * The German names of a club's states, fields and files, for every screen that shows them. Each table is a
 * `Record` over the generated enum: a value added to the contract fails the typecheck until it has a name.
 * Translate at render: `i18n._(CLUB_STATUS[status].label)`.
 */

/** Spec §4's release states, in the admin filter's wording. */
export const CLUB_STATUS: Readonly<Record<ClubStatus, StatusLabel>> = {
  PROCESSING: { label: msg`In Bearbeitung`, tone: 'warning' },
  ACTIVE: { label: msg`Aktiv`, tone: 'success' },
  INACTIVE: { label: msg`Inaktiv`, tone: 'neutral' },
}

/** Spec §4's filter list of the release list: all, or one state. */
export const CLUB_STATUS_FILTER_LABELS: Readonly<Record<ClubStatusFilter, MessageDescriptor>> = {
  ALL: msg`Alle`,
  ACTIVE: CLUB_STATUS.ACTIVE.label,
  INACTIVE: CLUB_STATUS.INACTIVE.label,
  PROCESSING: CLUB_STATUS.PROCESSING.label,
}

/**
 * Every profile field the backend counts for completeness (`Completeness.missing`), named as the profile
 * form labels it, after the form section it is in: a list of what is missing reads on its own.
 */
export const CLUB_FIELD_LABELS: Readonly<Record<ClubField, MessageDescriptor>> = {
  name: msg`Name des Vereins`,
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
  'legitimation.email': msg`Kontaktperson: E-Mail`,
  'legitimation.documentKind': msg`Kontaktperson: Ausweisart`,
  'legitimation.front': msg`Ausweis: Vorderseite`,
  'legitimation.back': msg`Ausweis: Rückseite`,
  'documents.spend2Form': msg`Dokument: SPEND 2-Formular`,
  'documents.deductibilityNotice': msg`Dokument: Bescheid über die Spendenbegünstigung`,
  clubTypeId: msg`Vereinsart`,
  logo: msg`Vereinslogo`,
}

/** The kinds of a club's documents (`DocumentLabel`). */
export const DOCUMENT_LABELS: Readonly<Record<DocumentLabel, MessageDescriptor>> = {
  SPEND2_FORM: msg`SPEND 2-Formular`,
  DEDUCTIBILITY_NOTICE: msg`Bescheid über die Spendenbegünstigung`,
  OTHER_DOCUMENT: msg`Weiteres Dokument`,
}

/** The identity documents the contact person may show (spec: passport, driving licence or ID card). */
export const LEGITIMATION_DOCUMENT_KIND_LABELS: Readonly<Record<LegitimationDocumentKind, MessageDescriptor>> = {
  PASSPORT: msg`Reisepass`,
  DRIVING_LICENCE: msg`Führerschein`,
  ID_CARD: msg`Personalausweis`,
}

/** Where a club has its seat (its address's country). */
export const CLUB_COUNTRY_LABELS: Readonly<Record<ClubCountry, MessageDescriptor>> = {
  AT: msg`Österreich`,
  DE: msg`Deutschland`,
}

/**
 * Spec §9's optional size classes (`ClubSize`), as the values of a select (the empty choice means "not
 * given").
 */
export const CLUB_SIZES = ['10', '20', '50', '100'] as const satisfies ReadonlyArray<`${ClubSize}`>

export const clubSizeLabel = (size: string): MessageDescriptor => msg`${size} Mitglieder`
