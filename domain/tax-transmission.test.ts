import { describe, expect, it } from 'vitest'
import { transmissionSchemaErrors as schemaErrors } from '#tests/utils/transmission-schema.ts'
import {
  betragOf,
  isValidRefNr,
  parseRegisterNumber,
  planTransmission,
  RECORDS_PER_FILE,
  refNrFor,
  splitRecords,
  TRANSMISSION_CATEGORIES,
  transmissionXml,
  type TransmissionRecord,
} from './tax-transmission.ts'

/** A vbPK as the register gives it: 172 characters of base64. */
const vbpk = (seed: string) => Buffer.from(seed.repeat(200)).toString('base64').slice(0, 172)

const file = (records: TransmissionRecord[], taxNumber: string | null = '123456789') =>
  transmissionXml({
    messageRefId: '0b8f3c1e-5d2a-4c8e-9f1a-2b3c4d5e6f70',
    timestamp: new Date('2027-01-15T09:30:12.345Z'),
    category: 'SP',
    year: 2026,
    taxNumber,
    records,
  })

describe('the register number on the BMF list', () => {
  it('is stored in one form, however it was typed', () => {
    expect(parseRegisterNumber('SO 1158')).toBe('SO-1158')
    expect(parseRegisterNumber('so-1158')).toBe('SO-1158')
    expect(parseRegisterNumber(' FW22429 ')).toBe('FW-22429')
    expect(parseRegisterNumber('MÖ – 12')).toBe('MÖ-12')
  })

  it('is refused when it is none', () => {
    for (const input of ['', 'SO', '1158', 'S-1158', 'SOX-1158', 'SO-1158a', 'SO-1234567']) {
      expect(parseRegisterNumber(input), input).toBeNull()
    }
  })
})

describe('RefNr', () => {
  it('is 1 to 23 characters of 0-9, a-z, A-Z, "-" and "/", never starting with "FON"', () => {
    expect(isValidRefNr('SP-1')).toBe(true)
    expect(isValidRefNr('a/B-9'.padEnd(23, 'x'))).toBe(true)
    expect(isValidRefNr('x'.repeat(24))).toBe(false)
    expect(isValidRefNr('')).toBe(false)
    expect(isValidRefNr('SP 1')).toBe(false)
    expect(isValidRefNr('SP-Ä')).toBe(false)
    expect(isValidRefNr('FON-1')).toBe(false)
    expect(isValidRefNr('fon1')).toBe(false)
  })

  it('is given from the club’s running number of donors, valid however high it runs', () => {
    expect(refNrFor(1)).toBe('SP-1')
    expect(isValidRefNr(refNrFor(Number.MAX_SAFE_INTEGER))).toBe(true)
    expect(() => refNrFor(0)).toThrow(RangeError)
  })
})

describe('what a year’s file holds', () => {
  it('sends a donor first with the vbPK (E), then changed totals without it (A), and a total that fell to nothing as a cancellation (S)', () => {
    const plan = planTransmission(
      [
        { refNr: 'SP-1', totalCents: 12_000, vbpk: vbpk('anna') },
        { refNr: 'SP-2', totalCents: 5_000, vbpk: vbpk('bert') },
        { refNr: 'SP-3', totalCents: 7_550, vbpk: vbpk('cora') },
        { refNr: 'SP-4', totalCents: 0, vbpk: vbpk('dora') },
      ],
      [
        { refNr: 'SP-2', totalCents: 5_000 },
        { refNr: 'SP-3', totalCents: 2_500 },
        { refNr: 'SP-4', totalCents: 3_000 },
        { refNr: 'SP-5', totalCents: 1_000 },
      ],
    )
    expect(plan.records).toEqual([
      { type: 'E', refNr: 'SP-1', amountCents: 12_000, vbpk: vbpk('anna') },
      // SP-2 is unchanged: nothing to send.
      { type: 'A', refNr: 'SP-3', amountCents: 7_550 },
      { type: 'S', refNr: 'SP-4' },
      // No longer among the donors of the year (all refunded, the record gone): cancelled too.
      { type: 'S', refNr: 'SP-5' },
    ])
    expect(plan.withoutVbpk).toEqual([])
  })

  it('holds back a first record without a vbPK and names the donor, and one too large for a record', () => {
    const plan = planTransmission(
      [
        { refNr: 'SP-1', totalCents: 2_000, vbpk: null },
        { refNr: 'SP-2', totalCents: 100_000_000, vbpk: vbpk('reich') },
        { refNr: 'SP-3', totalCents: 1, vbpk: vbpk('klein') },
      ],
      [],
    )
    expect(plan.records).toEqual([{ type: 'E', refNr: 'SP-3', amountCents: 1, vbpk: vbpk('klein') }])
    expect(plan.withoutVbpk).toEqual(['SP-1'])
    expect(plan.tooLarge).toEqual(['SP-2'])
  })

  it('orders the records by reference, numbers as numbers', () => {
    const donors = ['SP-10', 'SP-2', 'SP-1'].map((refNr) => ({ refNr, totalCents: 100, vbpk: vbpk(refNr) }))
    expect(planTransmission(donors, []).records.map((record) => record.refNr)).toEqual(['SP-1', 'SP-2', 'SP-10'])
  })
})

describe('the transmission file', () => {
  const records: TransmissionRecord[] = [
    { type: 'E', refNr: 'SP-1', amountCents: 12_345, vbpk: vbpk('anna') },
    { type: 'A', refNr: 'SP-2', amountCents: 99_999_999 },
    { type: 'S', refNr: 'SP-3' },
  ]

  it('is valid against the BMF schema, with and without the tax number, for every category', () => {
    expect(schemaErrors(file(records))).toBeNull()
    expect(schemaErrors(file(records, null))).toBeNull()
    for (const category of TRANSMISSION_CATEGORIES) {
      const xml = transmissionXml({
        messageRefId: `c-${category.length}`,
        timestamp: new Date(),
        category,
        year: 2026,
        records,
      })
      expect(schemaErrors(xml), category).toBeNull()
    }
  })

  it('holds the header and each record as the schema names them', () => {
    const xml = file(records)
    expect(xml).toContain(
      '<SonderausgabenUebermittlung xmlns="https://finanzonline.bmf.gv.at/fon/ws/uebermittlungSonderausgaben">',
    )
    expect(xml).toContain('<Fastnr_Fon_Tn>123456789</Fastnr_Fon_Tn>')
    expect(xml).toContain('<Timestamp>2027-01-15T09:30:12Z</Timestamp>')
    expect(xml).toContain('<Uebermittlungsart>SP</Uebermittlungsart>')
    expect(xml).toContain('<Zeitraum>2026</Zeitraum>')
    expect(xml).toMatch(
      /<Sonderausgaben Uebermittlungs_Typ="E">\s*<RefNr>SP-1<\/RefNr>\s*<Betrag>123.45<\/Betrag>\s*<vbPK>/,
    )
    expect(xml).toMatch(
      /<Sonderausgaben Uebermittlungs_Typ="A">\s*<RefNr>SP-2<\/RefNr>\s*<Betrag>999999.99<\/Betrag>\s*<\/Sonderausgaben>/,
    )
    expect(xml).toMatch(/<Sonderausgaben Uebermittlungs_Typ="S">\s*<RefNr>SP-3<\/RefNr>\s*<\/Sonderausgaben>/)
    expect(file(records, null)).not.toContain('Info_Daten')
  })

  it('is caught by the schema check when a record breaks its rules (the check itself works)', () => {
    const broken = file(records).replace('<RefNr>SP-1</RefNr>', '<RefNr>SP 1</RefNr>')
    expect(schemaErrors(broken)).toMatch(/RefNr/)
  })

  it('writes amounts with a decimal point and two places, from 0.01 to 999 999.99 euros', () => {
    expect(betragOf(1)).toBe('0.01')
    expect(betragOf(100)).toBe('1.00')
    expect(betragOf(99_999_999)).toBe('999999.99')
    expect(() => betragOf(0)).toThrow(RangeError)
    expect(() => betragOf(100_000_000)).toThrow(RangeError)
  })

  it('takes 1 to 10 000 records; a larger year goes out in several valid files', () => {
    expect(() => file([])).toThrow(RangeError)
    const many: TransmissionRecord[] = Array.from({ length: RECORDS_PER_FILE + 1 }, (_, index) => ({
      type: 'A',
      refNr: refNrFor(index + 1),
      amountCents: 100 + index,
    }))
    expect(() => file(many)).toThrow(RangeError)
    const parts = splitRecords(many)
    expect(parts.map((part) => part.length)).toEqual([RECORDS_PER_FILE, 1])
    for (const part of parts) expect(schemaErrors(file(part))).toBeNull()
  })

  it('refuses a MessageRefId or tax number the schema would not take', () => {
    expect(() =>
      transmissionXml({ messageRefId: 'x'.repeat(37), timestamp: new Date(), category: 'SP', year: 2026, records }),
    ).toThrow(RangeError)
    expect(() =>
      transmissionXml({
        messageRefId: 'a',
        timestamp: new Date(),
        category: 'SP',
        year: 2026,
        taxNumber: '12345',
        records,
      }),
    ).toThrow(RangeError)
  })
})
