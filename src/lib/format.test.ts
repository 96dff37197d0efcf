import { describe, expect, it } from 'vitest'
import {
  centsToEuroInput,
  formatCents,
  formatClockTime,
  formatCentsShort,
  formatDate,
  formatDateTime,
  formatMonthYear,
  formatNumber,
  parseEuroToCents,
  todayIso,
} from './format.ts'

// Intl output uses non-breaking spaces; compare with plain ones.
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ')

describe('formatting for de-AT', () => {
  it('writes Austrian German, not German German: the euro sign in front and "Jänner" for January', () => {
    // Germany writes "1.234,56 €" and "Januar 2026".
    expect(plain(formatCents(123456))).toBe('€ 1.234,56')
    expect(formatMonthYear('2026-01-15')).toBe('Jänner 2026')
    expect(formatDate('2026-03-09')).toBe('09.03.2026')
  })

  it('writes the time of day in Vienna on a 24-hour clock, summer time included', () => {
    expect(formatClockTime('2026-01-15T08:05:00Z')).toBe('09:05')
    expect(formatClockTime('2026-07-15T22:30:00Z')).toBe('00:30')
  })

  it('writes euros the Austrian way', () => {
    expect(plain(formatCents(123456))).toBe('€ 1.234,56')
    expect(plain(formatCents(5))).toBe('€ 0,05')
  })

  it('groups thousands one way: counts with the dot of the amounts', () => {
    expect(formatNumber(10250)).toBe('10.250')
    expect(formatNumber(1234567)).toBe('1.234.567')
    expect(formatNumber(999)).toBe('999')
    expect(formatNumber(0)).toBe('0')
    expect(plain(formatCents(1025000))).toBe('€ 10.250,00')
  })

  it('writes short axis labels in whole euros with the same grouping and sign', () => {
    expect(plain(formatCentsShort(0))).toBe('€ 0')
    expect(plain(formatCentsShort(100000))).toBe('€ 1.000')
    expect(plain(formatCentsShort(1234500))).toBe('€ 12.345')
    expect(plain(formatCentsShort(100000000))).toBe('€ 1 Mio.')
    expect(plain(formatCentsShort(125000000))).toBe('€ 1,25 Mio.')
  })

  it('writes January as Jänner and keeps calendar days in Vienna', () => {
    expect(formatDate('2026-01-05')).toBe('05.01.2026')
    expect(formatMonthYear('2026-01-15')).toBe('Jänner 2026')
    // 23:30 UTC on 31 Dec is already New Year in Vienna.
    expect(plain(formatDateTime('2025-12-31T23:30:00Z'))).toBe('01.01.2026, 00:30')
  })

  it('gives today as the ISO calendar day in Vienna, not in UTC', () => {
    expect(todayIso(new Date('2026-05-01T09:00:00Z'))).toBe('2026-05-01')
    // 22:30 UTC on 31 May is already 1 June in Vienna (summer time, UTC+2) …
    expect(todayIso(new Date('2026-05-31T22:30:00Z'))).toBe('2026-06-01')
    // … and 23:30 UTC on 31 December already New Year (winter time, UTC+1).
    expect(todayIso(new Date('2025-12-31T23:30:00Z'))).toBe('2026-01-01')
    expect(todayIso(new Date('2026-01-05T22:59:00Z'))).toBe('2026-01-05')
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('parses euro input to cents and back', () => {
    expect(parseEuroToCents('1.234,5')).toBe(123450)
    expect(parseEuroToCents('€ 20')).toBe(2000)
    expect(parseEuroToCents('12.50')).toBe(1250)
    expect(parseEuroToCents('zwölf')).toBeNull()
    expect(parseEuroToCents('1,234')).toBeNull()
    expect(centsToEuroInput(123450)).toBe('1234,50')
  })

  it('reads a decimal comma with one or two cent digits', () => {
    expect(parseEuroToCents('1234,5')).toBe(123450)
    expect(parseEuroToCents('1234,56')).toBe(123456)
    expect(parseEuroToCents('0,05')).toBe(5)
    expect(parseEuroToCents('12,5')).toBe(1250)
    expect(parseEuroToCents('12,')).toBeNull()
    expect(parseEuroToCents(',5')).toBeNull()
    expect(parseEuroToCents('1,2,3')).toBeNull()
  })

  it('reads dots as thousands separators, with or without cents', () => {
    expect(parseEuroToCents('1.234,56')).toBe(123456)
    expect(parseEuroToCents('5.000')).toBe(500000)
    expect(parseEuroToCents('2.000.000')).toBe(200000000)
    expect(parseEuroToCents('2.000.000,01')).toBe(200000001)
    expect(parseEuroToCents('€ 5.000,00')).toBe(500000)
    expect(parseEuroToCents('1 234,50')).toBe(123450)
    // Groups are three digits after the first.
    expect(parseEuroToCents('1.23,4')).toBeNull()
    expect(parseEuroToCents('12.345.6')).toBeNull()
    expect(parseEuroToCents('1234.567')).toBeNull()
    expect(parseEuroToCents('1.000.00')).toBeNull()
  })

  it('takes a single dot with one or two digits after it, and no comma, as a decimal point', () => {
    expect(parseEuroToCents('12.50')).toBe(1250)
    expect(parseEuroToCents('12.5')).toBe(1250)
    expect(parseEuroToCents('0.99')).toBe(99)
    // Three digits after a dot are thousands, four are nothing.
    expect(parseEuroToCents('12.500')).toBe(1250000)
    expect(parseEuroToCents('1.2345')).toBeNull()
    expect(parseEuroToCents('1.50,00')).toBeNull()
  })

  it('refuses what is not an amount', () => {
    for (const input of ['', '   ', '€', '-5', '+5', '5e3', '1,234.56', '12.', '.5', 'viel']) {
      expect(parseEuroToCents(input)).toBeNull()
    }
  })

  it('keeps cents exact where floating point would not', () => {
    expect(parseEuroToCents('0,29')).toBe(29)
    expect(parseEuroToCents('1.005,57')).toBe(100557)
    expect(parseEuroToCents('19.999.999,99')).toBe(1999999999)
  })
})
