import { describe, expect, it } from 'vitest'
import {
  isDeductibleOn,
  mayTransmitYear,
  periodOn,
  reportDueBy,
  taxNotices,
  yearlyTotals,
  type DeductibilityPeriod,
  type TaxableDonation,
} from './tax-status.ts'

const confirmed = '2024-01-10T09:00:00Z'
const sport: DeductibilityPeriod = {
  registerNumber: 'SO-1158',
  category: 'SP',
  validFrom: '2024-03-01',
  revokedOn: '2026-07-01',
  confirmedAt: confirmed,
}

describe('deductibility by the day of the donation', () => {
  it('holds from the day the entry is valid to the day before it was revoked', () => {
    expect(isDeductibleOn([sport], '2024-02-29')).toBe(false)
    expect(isDeductibleOn([sport], '2024-03-01')).toBe(true)
    expect(isDeductibleOn([sport], '2026-06-30')).toBe(true)
    expect(isDeductibleOn([sport], '2026-07-01')).toBe(false)
  })

  it('counts for nothing while no administrator has confirmed the entry', () => {
    expect(isDeductibleOn([{ ...sport, confirmedAt: null }], '2025-01-01')).toBe(false)
  })

  it('finds the entry in force among several, a renewal after a gap included', () => {
    const renewed: DeductibilityPeriod = {
      ...sport,
      registerNumber: 'SO-2001',
      validFrom: '2026-09-01',
      revokedOn: null,
    }
    expect(periodOn([sport, renewed], '2026-08-15')).toBeNull()
    expect(periodOn([sport, renewed], '2027-01-01')?.registerNumber).toBe('SO-2001')
    expect(periodOn([sport, renewed], '2025-01-01')?.registerNumber).toBe('SO-1158')
  })
})

describe('the years a club may transmit', () => {
  it('are 2017 to last year, never the current or a future one', () => {
    expect(mayTransmitYear(2016, '2027-01-15')).toBe(false)
    expect(mayTransmitYear(2017, '2027-01-15')).toBe(true)
    expect(mayTransmitYear(2026, '2027-01-15')).toBe(true)
    expect(mayTransmitYear(2027, '2027-01-15')).toBe(false)
    expect(mayTransmitYear(2028, '2027-01-15')).toBe(false)
  })

  it('are due by the end of February of the following year, the 29th in a leap year', () => {
    expect(reportDueBy(2027)).toBe('2027-02-28')
    expect(reportDueBy(2028)).toBe('2028-02-29')
  })
})

describe('what the dashboard warns about', () => {
  const open: DeductibilityPeriod = { ...sport, revokedOn: null }

  it('last year’s transmission from January on, overdue after February, gone once it was sent', () => {
    expect(taxNotices([open], 2025, '2027-01-05')).toEqual([{ kind: 'report-due', year: 2026, dueBy: '2027-02-28' }])
    expect(taxNotices([open], 2025, '2027-03-01')).toEqual([
      { kind: 'report-overdue', year: 2026, dueBy: '2027-02-28' },
    ])
    expect(taxNotices([open], 2026, '2027-03-01')).toEqual([])
  })

  it('nothing to send for a year the club was not deductible in', () => {
    expect(taxNotices([{ ...open, validFrom: '2027-01-01' }], null, '2027-01-05')).toEqual([])
  })

  it('a status that lapses within 30 days, and one that has lapsed', () => {
    expect(taxNotices([sport], 2025, '2026-06-10')).toEqual([{ kind: 'lapses-soon', on: '2026-07-01' }])
    expect(taxNotices([sport], 2025, '2026-05-01')).toEqual([])
    expect(taxNotices([sport], 2026, '2027-03-01')).toEqual([{ kind: 'lapsed', on: '2026-07-01' }])
  })

  it('an entry waiting for an administrator’s confirmation', () => {
    expect(taxNotices([{ ...open, confirmedAt: null }], null, '2026-05-01')).toEqual([{ kind: 'unconfirmed' }])
  })
})

describe('a donor’s total for the year', () => {
  const donation = (refNr: string | null, donatedOn: string, netCents: number, company = false): TaxableDonation => ({
    refNr,
    company,
    donatedOn,
    netCents,
  })

  it('adds the donations their consent covers, less refunds, made while the club was deductible', () => {
    const totals = yearlyTotals(
      [
        donation('SP-2', '2026-02-01', 5_000),
        donation('SP-1', '2026-03-15', 2_500),
        donation('SP-1', '2026-06-30', 1_000),
        // Partly refunded: the rest counts.
        donation('SP-1', '2026-05-01', 750),
        // After the status was revoked (2026-07-01): not deductible.
        donation('SP-1', '2026-07-01', 9_999),
        // Another year.
        donation('SP-1', '2025-12-31', 4_000),
        // Fully refunded.
        donation('SP-3', '2026-03-01', 0),
        // No data given, and a company's donation: never transmitted.
        donation(null, '2026-03-01', 3_000),
        donation('SP-4', '2026-03-01', 3_000, true),
      ],
      [sport],
      2026,
    )
    expect(totals).toEqual([
      { refNr: 'SP-1', totalCents: 4_250, donationCount: 3 },
      { refNr: 'SP-2', totalCents: 5_000, donationCount: 1 },
    ])
  })
})
