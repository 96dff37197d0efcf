import { describe, expect, it } from 'vitest'
import { formatCentsShort } from '#src/lib/format.ts'
import { amountAxisTicks, bucketLabel, bucketTick, isoWeek } from './chart-labels.ts'

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

describe('amountAxisTicks', () => {
  it('gives an empty chart one tick at 0, not "€ 0" five times', () => {
    expect(amountAxisTicks(0)).toEqual([0])
  })

  it('steps in whole euros, so no two ticks read the same', () => {
    expect(amountAxisTicks(50)).toEqual([0, 100])
    expect(amountAxisTicks(250)).toEqual([0, 100, 200, 300])
    for (const max of [1, 99, 250, 999, 12_345, 123_456, 9_999_999, 123_456_789]) {
      const ticks = amountAxisTicks(max)
      expect(ticks[0]).toBe(0)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
      ticks.forEach((tick) => expect(tick % 100).toBe(0))
      expect(new Set(ticks.map((tick) => formatCentsShort(tick))).size).toBe(ticks.length)
    }
  })

  it('uses round steps: 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(amountAxisTicks(1_000_000)).toEqual([0, 250_000, 500_000, 750_000, 1_000_000])
    expect(amountAxisTicks(12_345)).toEqual([0, 5_000, 10_000, 15_000])
  })
})
