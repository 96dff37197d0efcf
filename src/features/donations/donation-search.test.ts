import { describe, expect, it } from 'vitest'
import { donationSearchSchema, toListState, toQueryParams } from './donation-search.ts'

describe('donation list state in the URL', () => {
  it('defaults to the newest 50 donations', () => {
    const state = toListState(donationSearchSchema.parse({}))
    expect(state).toEqual({
      page: 0,
      size: 50,
      sortField: 'donatedAt',
      sortDirection: 'desc',
      from: undefined,
      to: undefined,
    })
    expect(toQueryParams(state)).toEqual({ page: 0, size: 50, sort: 'donatedAt,desc' })
  })

  it('reads page, size, sort and the date filter', () => {
    const search = donationSearchSchema.parse({
      dPage: 3,
      dSize: 100,
      dSort: 'amountCents,asc',
      dFrom: '2026-01-01',
      dTo: '2026-01-31',
    })
    expect(toQueryParams(toListState(search))).toEqual({
      page: 3,
      size: 100,
      sort: 'amountCents,asc',
      from: '2026-01-01',
      to: '2026-01-31',
    })
  })

  it('falls back to the defaults for anything the backend would refuse', () => {
    expect(
      donationSearchSchema.parse({ dPage: -1, dSize: 7, dSort: 'message,desc', dFrom: '1.1.2026', dTo: 'gestern' }),
    ).toEqual({
      dPage: undefined,
      dSize: undefined,
      dSort: undefined,
      dFrom: undefined,
      dTo: undefined,
    })
  })

  it('reads a sort without direction as ascending, as the backend does', () => {
    expect(toListState(donationSearchSchema.parse({ dSort: 'donorName' })).sortDirection).toBe('asc')
  })
})
