import { XMLBuilder } from 'fast-xml-parser'

/*
 * The annual transmission of donations to the Austrian tax office (Sonderausgaben-Datenübermittlung,
 * § 18 Abs. 8 EStG): which records a year's file holds and the file itself, as the BMF's schema
 * `UebermittlungSonderausgaben_2.xsd` (Stand 24.07.2024) describes it. Pure: the stores give the donors'
 * yearly totals and what the tax office last accepted, this module says what to send.
 */

/** The schema's namespace; the root element is `SonderausgabenUebermittlung`. */
export const TRANSMISSION_NAMESPACE = 'https://finanzonline.bmf.gv.at/fon/ws/uebermittlungSonderausgaben'

/** `Uebermittlungsart`: the kind of recipient, as on the BMF list (clubs mostly SP, GM, FF, SO, KK, NT). */
export const TRANSMISSION_CATEGORIES = [
  'KK',
  'SO',
  'FW',
  'NT',
  'SN',
  'SG',
  'UN',
  'MÖ',
  'MP',
  'FF',
  'KR',
  'PA',
  'SE',
  'ZG',
  'SV',
  'ZI',
  'AS',
  'BI',
  'GM',
  'ÖK',
  'ÖS',
  'PK',
  'PS',
  'SP',
] as const
export type TransmissionCategory = (typeof TRANSMISSION_CATEGORIES)[number]

export const isTransmissionCategory = (value: string): value is TransmissionCategory =>
  (TRANSMISSION_CATEGORIES as readonly string[]).includes(value)

/** At most this many `Sonderausgaben` records in one file; a larger year goes out in several. */
export const RECORDS_PER_FILE = 10_000

/** `Betrag`: 0.01 to 999 999.99 euros. */
export const MAX_AMOUNT_CENTS = 99_999_999

/**
 * The register number on the BMF list of recipients (`SO-1158`, `FW-22429`): two capital letters (the
 * list's category, umlauts included), then the number. People type it as "SO 1158", "so-1158" or "SO1158";
 * it is stored in one form, `SO-1158`. Null when it is none.
 */
export const parseRegisterNumber = (input: string): string | null => {
  const match = /^\s*([A-ZÄÖÜ]{2})\s*[-–]?\s*(\d{1,6})\s*$/u.exec(input.toUpperCase())
  if (!match) return null
  const [, category, number] = match as unknown as [string, string, string]
  return `${category}-${String(Number(number))}`
}

/**
 * `RefNr`: the club's own reference of one donor, the same in every year and every correction; 1 to 23
 * characters of `0-9 a-z A-Z - /`, and never starting with "FON" (the tax office's own references).
 */
export const isValidRefNr = (refNr: string): boolean => /^[0-9a-zA-Z\-/]{1,23}$/.test(refNr) && !/^fon/i.test(refNr)

/** A new donor's reference from the club's running number of consent records: `SP-1`, `SP-2`, … */
export const refNrFor = (sequence: number): string => {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError('A donor number starts at 1.')
  return `SP-${sequence}`
}

/** `vbPK`: the encrypted sector-specific personal identifier the Stammzahlenregister gives, 172 characters. */
export const isValidVbpk = (vbpk: string): boolean => /^[0-9a-zA-Z+/=]{172}$/.test(vbpk)

/** A donor's total for the year as the club's records have it now (paid minus refunded, in cents). */
export interface DonorYearTotal {
  refNr: string
  totalCents: number
  /** From the bPK query; null while the donor has none (not queried yet, no match, ambiguous). */
  vbpk: string | null
}

/** What the tax office last accepted for a donor and year (from the imported protocols). */
export interface AcceptedTotal {
  refNr: string
  totalCents: number
}

/** One `Sonderausgaben` record: E first, A a changed total (no vbPK), S cancelled (the reference only). */
export type TransmissionRecord =
  | { type: 'E'; refNr: string; amountCents: number; vbpk: string }
  | { type: 'A'; refNr: string; amountCents: number }
  | { type: 'S'; refNr: string }

export interface TransmissionPlan {
  records: TransmissionRecord[]
  /** Donors whose first record cannot go yet: no vbPK. The treasurer queries or corrects them. */
  withoutVbpk: string[]
  /** Totals above what one record may carry (999 999.99 €): to be checked by hand. */
  tooLarge: string[]
}

/**
 * Which records a year's file needs, from the totals now and what the tax office last accepted: a donor
 * not accepted yet with a total goes out first (E, with the vbPK), a changed total as a change (A), a total
 * that fell to nothing (refunds) or a donor no longer on the list as a cancellation (S). An unchanged total
 * needs nothing. Ordered by reference, so the same state gives the same file.
 */
export const planTransmission = (
  current: readonly DonorYearTotal[],
  accepted: readonly AcceptedTotal[],
): TransmissionPlan => {
  const before = new Map(accepted.map((entry) => [entry.refNr, entry.totalCents]))
  const now = new Map(current.map((entry) => [entry.refNr, entry]))
  const records: TransmissionRecord[] = []
  const withoutVbpk: string[] = []
  const tooLarge: string[] = []
  const refNrs = [...new Set([...before.keys(), ...now.keys()])].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  )
  for (const refNr of refNrs) {
    if (!isValidRefNr(refNr)) throw new RangeError(`Not a valid RefNr: ${refNr}`)
    const previous = before.get(refNr)
    const donor = now.get(refNr)
    const total = donor?.totalCents ?? 0
    if (total > MAX_AMOUNT_CENTS) {
      tooLarge.push(refNr)
      continue
    }
    if (previous === undefined) {
      if (total <= 0) continue
      if (!donor?.vbpk || !isValidVbpk(donor.vbpk)) {
        withoutVbpk.push(refNr)
        continue
      }
      records.push({ type: 'E', refNr, amountCents: total, vbpk: donor.vbpk })
    } else if (total <= 0) {
      records.push({ type: 'S', refNr })
    } else if (total !== previous) {
      records.push({ type: 'A', refNr, amountCents: total })
    }
  }
  return { records, withoutVbpk, tooLarge }
}

/** 123456 → "1234.56": the schema's `Betrag`, a decimal point, two places. */
export const betragOf = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents < 1 || cents > MAX_AMOUNT_CENTS)
    throw new RangeError(`An amount from 0.01 to 999999.99 euros, not ${cents} cents.`)
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

export interface TransmissionFileInput {
  /** Unique per sender and file: at most 36 of `0-9 a-z A-Z -` (a UUID fits). */
  messageRefId: string
  /** When the file was made. */
  timestamp: Date
  category: TransmissionCategory
  /** The calendar year the donations were made in. */
  year: number
  /** The club's 9-digit tax number (FASTNR); `Info_Daten` only with it. */
  taxNumber?: string | null
  /** 1 to 10 000 records. */
  records: readonly TransmissionRecord[]
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: true,
})

/** The file to upload in FinanzOnline, valid against `UebermittlungSonderausgaben_2.xsd`. */
export const transmissionXml = ({
  messageRefId,
  timestamp,
  category,
  year,
  taxNumber,
  records,
}: TransmissionFileInput): string => {
  if (!/^[0-9a-zA-Z-]{1,36}$/.test(messageRefId)) throw new RangeError(`Not a valid MessageRefId: ${messageRefId}`)
  if (!Number.isInteger(year) || year < 2000 || year > 9999) throw new RangeError(`Not a year: ${year}`)
  if (records.length < 1 || records.length > RECORDS_PER_FILE)
    throw new RangeError(`A file holds 1 to ${RECORDS_PER_FILE} records, not ${records.length}.`)
  if (taxNumber && !/^\d{9}$/.test(taxNumber)) throw new RangeError('A tax number (FASTNR) has 9 digits.')
  const document = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    SonderausgabenUebermittlung: {
      '@_xmlns': TRANSMISSION_NAMESPACE,
      // The club uploads for itself: participant and organisation are the same tax number.
      ...(taxNumber ? { Info_Daten: { Fastnr_Fon_Tn: taxNumber, Fastnr_Org: taxNumber } } : {}),
      MessageSpec: {
        MessageRefId: messageRefId,
        // Whole seconds in UTC: xsd:dateTime.
        Timestamp: `${timestamp.toISOString().slice(0, 19)}Z`,
        Uebermittlungsart: category,
        Zeitraum: String(year),
      },
      Sonderausgaben: records.map((record) => ({
        '@_Uebermittlungs_Typ': record.type,
        RefNr: record.refNr,
        ...(record.type === 'S' ? {} : { Betrag: betragOf(record.amountCents) }),
        ...(record.type === 'E' ? { vbPK: record.vbpk } : {}),
      })),
    },
  }
  return builder.build(document)
}

/** A year's records in files of at most 10 000, in order. */
export const splitRecords = <T>(records: readonly T[], size = RECORDS_PER_FILE): T[][] => {
  const parts: T[][] = []
  for (let start = 0; start < records.length; start += size) parts.push(records.slice(start, start + size))
  return parts
}
