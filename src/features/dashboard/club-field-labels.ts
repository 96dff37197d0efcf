import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ClubField } from '@/api/generated/query/model/clubField'

/**
 * The German name of every profile field the backend counts for completeness (`Completeness.missing`).
 * A `Record` over the generated enum: a field added to the contract fails the typecheck until it has a label.
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
