import { describe, expect, it } from 'vitest'
import { exemptionLastDay, exemptionTooOld } from './exemption.ts'

describe('a German exemption notice', () => {
  it('carries receipts five years (Freistellungsbescheid) or three (§ 60a AO), the anniversary included', () => {
    expect(exemptionLastDay('FREISTELLUNGSBESCHEID', '2021-03-15')).toBe('2026-03-15')
    expect(exemptionLastDay('FEST_60A', '2021-03-15')).toBe('2024-03-15')
    expect(exemptionTooOld('FREISTELLUNGSBESCHEID', '2021-03-15', '2026-03-15')).toBe(false)
    expect(exemptionTooOld('FREISTELLUNGSBESCHEID', '2021-03-15', '2026-03-16')).toBe(true)
    expect(exemptionTooOld('FEST_60A', '2023-03-15', '2026-03-16')).toBe(true)
  })

  it('moves 29 February to 28 February in a year without it, and says nothing without a day', () => {
    expect(exemptionLastDay('FREISTELLUNGSBESCHEID', '2024-02-29')).toBe('2029-02-28')
    expect(exemptionLastDay('FEST_60A', '')).toBeNull()
    expect(exemptionTooOld('FEST_60A', '', '2026-01-01')).toBe(false)
  })
})
