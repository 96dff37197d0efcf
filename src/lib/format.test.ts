import { describe, expect, it } from 'vitest'
import { centsToEuroInput, formatCents, formatDate, formatDateTime, formatMonthYear, formatNumber, LOCALE, parseEuroToCents } from './format'

// Intl output uses non-breaking spaces; compare with plain ones.
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ')

describe('formatting for de-AT', () => {
  it('is Austrian German', () => {
    expect(LOCALE).toBe('de-AT')
  })

  it('writes euros the Austrian way', () => {
    expect(plain(formatCents(123456))).toBe('€ 1.234,56')
    expect(plain(formatCents(5))).toBe('€ 0,05')
  })

  it('groups thousands as Austrian CLDR data does (space for counts, dot in amounts)', () => {
    expect(plain(formatNumber(10250))).toBe('10 250')
  })

  it('writes January as Jänner and keeps calendar days in Vienna', () => {
    expect(formatDate('2026-01-05')).toBe('05.01.2026')
    expect(formatMonthYear('2026-01-15')).toBe('Jänner 2026')
    // 23:30 UTC on 31 Dec is already New Year in Vienna.
    expect(plain(formatDateTime('2025-12-31T23:30:00Z'))).toBe('01.01.2026, 00:30')
  })

  it('parses euro input to cents and back', () => {
    expect(parseEuroToCents('1.234,5')).toBe(123450)
    expect(parseEuroToCents('€ 20')).toBe(2000)
    expect(parseEuroToCents('12.50')).toBe(1250)
    expect(parseEuroToCents('zwölf')).toBeNull()
    expect(parseEuroToCents('1,234')).toBeNull()
    expect(centsToEuroInput(123450)).toBe('1234,50')
  })
})
