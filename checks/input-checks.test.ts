import { describe, expect, it } from 'vitest'
import {
  ageOn,
  checkBirthDate,
  hasForbiddenCharacters,
  isValidPostalCode,
  normalizePostalCode,
} from './input-checks.ts'

describe('postal codes by country', () => {
  it('knows the forms of the neighbours and leaves other countries to the generic check', () => {
    expect(isValidPostalCode('AT', '5400')).toBe(true)
    expect(isValidPostalCode('AT', '0540')).toBe(false)
    expect(isValidPostalCode('AT', '54000')).toBe(false)
    expect(isValidPostalCode('DE', '01067')).toBe(true)
    expect(isValidPostalCode('DE', '8033')).toBe(false)
    expect(isValidPostalCode('CH', '8001')).toBe(true)
    expect(isValidPostalCode('IT', '39100')).toBe(true)
    expect(isValidPostalCode('LI', '9490')).toBe(true)
    expect(isValidPostalCode('LI', '1010')).toBe(false)
    expect(isValidPostalCode('NL', '1012 ab')).toBe(true)
    expect(isValidPostalCode('PL', '00-950')).toBe(true)
    expect(isValidPostalCode('CZ', '110 00')).toBe(true)
    expect(isValidPostalCode('US', '90210')).toBe(true)
    expect(isValidPostalCode('', 'SW1A 1AA')).toBe(true)
    expect(isValidPostalCode('', '#')).toBe(false)
  })

  it('normalizes as people write them', () => {
    expect(normalizePostalCode('  1012   ab ')).toBe('1012 AB')
  })
})

describe('the age of a person', () => {
  it('counts full years, the birthday itself included', () => {
    expect(ageOn('2012-11-24', '2026-11-24')).toBe(14)
    expect(ageOn('2012-11-25', '2026-11-24')).toBe(13)
    expect(checkBirthDate('2012-11-25', '2026-11-24')).toBe('too-young')
    expect(checkBirthDate('2030-01-01', '2026-11-24')).toBe('too-young')
    expect(checkBirthDate('1906-11-24', '2026-11-24')).toBe('ok')
    expect(checkBirthDate('1905-11-24', '2026-11-24')).toBe('too-old')
  })
})

describe('forbidden characters', () => {
  it('finds control characters and bidirectional overrides, and lets multiline text keep its line breaks', () => {
    for (const text of ['a\u0000b', 'a\u0007b', 'a\u007Fb', 'a\u0085b', 'a\u202Eb', 'a\u2066b', 'a\u2069b', 'a\nb']) {
      expect(hasForbiddenCharacters(text), JSON.stringify(text)).toBe(true)
    }
    expect(hasForbiddenCharacters('Grünbach – „Sommerfest“ 2026 ✓ שלום')).toBe(false)
    expect(hasForbiddenCharacters('Zeile 1\r\nZeile 2\tTab', true)).toBe(false)
    expect(hasForbiddenCharacters('Zeile 1\u202E', true)).toBe(true)
    expect(hasForbiddenCharacters('Zeile\u000B', true)).toBe(true)
  })
})
