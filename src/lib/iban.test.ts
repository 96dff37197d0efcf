import { describe, expect, it } from 'vitest'
import { formatIban, ibanFromBban, isValidIban, normalizeIban } from './iban'

describe('normalizeIban', () => {
  it('removes separators and upper-cases', () => {
    expect(normalizeIban(' at61 1904-3002.3457 3201 ')).toBe('AT611904300234573201')
  })
})

describe('formatIban', () => {
  it('groups by four', () => {
    expect(formatIban('AT611904300234573201')).toBe('AT61 1904 3002 3457 3201')
  })
})

describe('isValidIban', () => {
  it.each([
    'AT611904300234573201',
    'AT61 1904 3002 3457 3201',
    'at611904300234573201',
    'DE89370400440532013000',
    'CH9300762011623852957',
    'GB29NWBK60161331926819',
  ])('accepts %s', (iban) => {
    expect(isValidIban(iban)).toBe(true)
  })

  it.each([
    ['a wrong check digit', 'AT621904300234573201'],
    ['a swapped digit', 'AT611904300234573210'],
    ['a wrong length for Austria', 'AT61190430023457320'],
    ['no country code', '611904300234573201'],
    ['an empty value', ''],
    ['letters in the check digits', 'ATXX1904300234573201'],
  ])('refuses %s', (_reason, iban) => {
    expect(isValidIban(iban)).toBe(false)
  })
})

describe('ibanFromBban', () => {
  it('computes check digits that pass the mod-97 check', () => {
    expect(ibanFromBban('AT', '1904300234573201')).toBe('AT611904300234573201')
    for (const bban of ['2011100000012345', '1200000123456789', '3400000000000001']) {
      expect(isValidIban(ibanFromBban('AT', bban))).toBe(true)
    }
  })
})
