import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import type { BpkState } from '#openapi/generated/model/bpkState.ts'
import type { TaxNotice } from '#openapi/generated/model/taxNotice.ts'
import type { TaxNoticeKind } from '#openapi/generated/model/taxNoticeKind.ts'
import type { TaxProtocolStatus } from '#openapi/generated/model/taxProtocolStatus.ts'
import type { TransmissionCategory } from '#openapi/generated/model/transmissionCategory.ts'
import { formatShortDate } from '#src/lib/format.ts'
import '#src/lib/i18n/tax-messages.ts'
import type { StatusLabel, StatusTone } from './status-tone.ts'

/*
 * The German names of the tax data (issue 23) that more than one screen shows: the categories of the
 * BMF list (the club profile's select, the tax screen), the notices (the tax screen, the dashboard, the
 * profile section), the states of a donor's vbPK and of a protocol. Each table is a `Record` over the
 * generated enum, so a value added to the contract fails the typecheck until it has a name.
 */

/**
 * The categories of the BMF list of begünstigte Spendenempfänger (`Uebermittlungsart`). The code stays
 * part of the name: it is what the BMF list and FinanzOnline show, and the first two letters of the
 * register number. The names follow the schema's own documentation of `Uebermittlungsart_EnumType`
 * (domain/reference/UebermittlungSonderausgaben_2.xsd), shortened by the legal references.
 */
export const TRANSMISSION_CATEGORY_LABELS: Readonly<Record<TransmissionCategory, MessageDescriptor>> = {
  SP: msg`SP – Sporteinrichtungen`,
  GM: msg`GM – Andere gemeinnützige Einrichtungen`,
  FF: msg`FF – Freiwillige Feuerwehren und Landesfeuerwehrverbände`,
  SO: msg`SO – Karitative Einrichtungen`,
  KK: msg`KK – Einrichtungen für Kunst und Kultur`,
  NT: msg`NT – Naturschutz und Tierheime`,
  BI: msg`BI – Sonstige Bildungseinrichtungen`,
  FW: msg`FW – Wissenschaftseinrichtungen`,
  SN: msg`SN – Sammeleinrichtungen Naturschutz`,
  SG: msg`SG – Gemeinnützige Stiftungen (Spenden)`,
  ZG: msg`ZG – Gemeinnützige Stiftungen (Zuwendungen zur Vermögensausstattung)`,
  UN: msg`UN – Universitäten, Kunsthochschulen, Akademie der bildenden Künste`,
  MÖ: msg`MÖ – Museen von Körperschaften öffentlichen Rechts`,
  MP: msg`MP – Privatmuseen von überregionaler Bedeutung`,
  SE: msg`SE – Behindertensport-Dachverbände, Anti-Korruptions-Akademie, Diplomatische Akademie`,
  KR: msg`KR – Kirchen und Religionsgesellschaften mit verpflichtenden Beiträgen`,
  PA: msg`PA – Pensionsversicherungsanstalten und Versorgungseinrichtungen`,
  SV: msg`SV – Spendensammeleinrichtungen karitativ`,
  ZI: msg`ZI – Innovationsstiftung für Bildung`,
  AS: msg`AS – Auslandsschulen`,
  ÖK: msg`ÖK – Öffentliche Kindergärten`,
  ÖS: msg`ÖS – Öffentliche Schulen`,
  PK: msg`PK – Privatkindergärten von Körperschaften öffentlichen Rechts`,
  PS: msg`PS – Privatschulen von Körperschaften öffentlichen Rechts`,
}

/** The select's order: the categories clubs are on first, then the others. */
export const TRANSMISSION_CATEGORY_ORDER = Object.keys(TRANSMISSION_CATEGORY_LABELS) as TransmissionCategory[]

/** What the bPK service answered for a donor. */
export const BPK_STATE: Readonly<Record<BpkState, StatusLabel>> = {
  FOUND: { label: msg`Gefunden`, tone: 'success' },
  NONE: { label: msg`Nicht abgefragt`, tone: 'neutral' },
  NO_MATCH: { label: msg`Keine Übereinstimmung`, tone: 'danger' },
  AMBIGUOUS: { label: msg`Mehrdeutig`, tone: 'danger' },
  ERROR: { label: msg`Fehler`, tone: 'danger' },
}

/** The donors whose data the treasurer corrects before the bPK service is asked again. */
export const needsCorrection = (state: BpkState): boolean =>
  state === 'NO_MATCH' || state === 'AMBIGUOUS' || state === 'ERROR'

/** The tax office's protocol of an uploaded file. */
export const TAX_PROTOCOL_STATUS: Readonly<Record<TaxProtocolStatus, StatusLabel>> = {
  OK: { label: msg`angenommen`, tone: 'success' },
  TWOK: { label: msg`teilweise angenommen`, tone: 'warning' },
  NOK: { label: msg`abgelehnt`, tone: 'danger' },
}

/** How urgent a notice is: what is overdue or lapsed already is a danger, the rest a warning. */
export const TAX_NOTICE_TONE: Readonly<Record<TaxNoticeKind, StatusTone>> = {
  REPORT_DUE: 'warning',
  REPORT_OVERDUE: 'danger',
  LAPSES_SOON: 'warning',
  LAPSED: 'danger',
  UNCONFIRMED: 'warning',
}

/** A notice of the club's tax status as a German sentence ("Die Übermittlung für 2025 ist bis 28.02.2026 fällig."). */
export const taxNoticeText = (notice: TaxNotice): string => {
  const date = notice.on ? formatShortDate(notice.on) : null
  const year = notice.year === null ? null : String(notice.year)
  switch (notice.kind) {
    case 'REPORT_DUE':
      return year && date
        ? t`Die Übermittlung für ${year} ist bis ${date} fällig.`
        : t`Die jährliche Übermittlung an das Finanzamt ist fällig.`
    case 'REPORT_OVERDUE':
      return year && date
        ? t`Die Übermittlung für ${year} ist überfällig: Sie war bis ${date} fällig.`
        : t`Die jährliche Übermittlung an das Finanzamt ist überfällig.`
    case 'LAPSES_SOON':
      return date ? t`Die Spendenbegünstigung läuft am ${date} aus.` : t`Die Spendenbegünstigung läuft bald aus.`
    case 'LAPSED':
      return date
        ? t`Die Spendenbegünstigung ist am ${date} ausgelaufen. Spenden seither zählen nicht für die Steuer.`
        : t`Die Spendenbegünstigung ist ausgelaufen. Spenden seither zählen nicht für die Steuer.`
    case 'UNCONFIRMED':
      return t`Eine Eintragung ist noch nicht bestätigt: Sie wartet auf die Prüfung durch die Verwaltung.`
  }
}
