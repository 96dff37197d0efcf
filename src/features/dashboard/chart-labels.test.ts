import { describe, expect, it } from 'vitest'
import { bucketLabel, bucketTick, isoWeek } from './chart-labels'

describe('isoWeek', () => {
  it('numbers weeks by ISO 8601 (Monday start, week 1 holds the first Thursday)', () => {
    expect(isoWeek('2026-01-01')).toEqual({ week: 1, year: 2026 })
    expect(isoWeek('2026-04-27')).toEqual({ week: 18, year: 2026 })
    expect(isoWeek('2027-01-01')).toEqual({ week: 53, year: 2026 })
    expect(isoWeek('2024-12-30')).toEqual({ week: 1, year: 2025 })
  })
})

describe('bucketLabel', () => {
  it('names a day by its date', () => {
    expect(bucketLabel('2026-05-03', 'DAY')).toBe('03.05.2026')
  })

  it('names a week by its calendar week and first day', () => {
    expect(bucketLabel('2026-04-27', 'WEEK')).toBe('KW 18/2026 (ab 27.04.2026)')
  })

  it('names a month the Austrian way', () => {
    expect(bucketLabel('2026-05-01', 'MONTH')).toBe('Mai 2026')
    expect(bucketLabel('2026-01-01', 'MONTH')).toBe('Jänner 2026')
  })
})

describe('bucketTick', () => {
  it('is short for the axis', () => {
    expect(bucketTick('2026-05-03', 'DAY')).toBe('03.05.')
    expect(bucketTick('2026-04-27', 'WEEK')).toBe('KW 18')
    expect(bucketTick('2026-05-01', 'MONTH')).toBe('05/26')
  })
})
