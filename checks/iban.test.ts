import { describe, expect, it } from 'vitest'
import {
  AUSTRIAN_BANKS,
  bicMatchesIban,
  formatIban,
  ibanFromBban,
  isValidIban,
  knownBankOfIban,
  maskIban,
  normalizeIban,
} from './iban.ts'

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

describe('maskIban', () => {
  it('keeps the groups of an Austrian IBAN (20 characters): country and check digits, the last group', () => {
    expect(maskIban('AT611904300234574321')).toBe('AT61 **** **** **** 4321')
    expect(maskIban('at61 1904 3002 3457 4321')).toBe('AT61 **** **** **** 4321')
  })

  it('shows the last two groups of a German IBAN (22 characters), whose last group has two', () => {
    // Written `DE89 3704 0044 0532 0130 00`: the visible characters stay in their real groups, none is half hidden.
    expect(maskIban('DE89370400440532013000')).toBe('DE89 **** **** **** 0130 00')
    expect(maskIban('DE89370400440532013000')).not.toBe('DE89 **** **** **** **30 00')
  })

  it('has the length and the grouping of the IBAN as written', () => {
    for (const iban of ['AT611904300234573201', 'DE89370400440532013000', 'CH9300762011623852957']) {
      const masked = maskIban(iban)
      expect(masked.replace(/ /g, '')).toHaveLength(iban.length)
      expect(masked.split(' ').map((group) => group.length)).toEqual(
        formatIban(iban)
          .split(' ')
          .map((group) => group.length),
      )
    }
  })

  it('never shows more of an Austrian IBAN than the first and the last group', () => {
    expect(maskIban('AT611904300234574321').replace(/[\s*]/g, '')).toBe('AT614321')
  })

  it('returns an empty string for an empty IBAN', () => {
    expect(maskIban('')).toBe('')
  })
})

describe('bicMatchesIban', () => {
  const erste = ibanFromBban('AT', '2011100000012345')

  it('accepts the BIC of the bank an Austrian IBAN names, with or without branch code', () => {
    expect(bicMatchesIban(erste, 'GIBAATWWXXX')).toBe('ok')
    expect(bicMatchesIban(erste, 'giba at ww')).toBe('ok')
  })

  it('refuses the BIC of another Austrian bank for a bank code it knows', () => {
    expect(bicMatchesIban(erste, 'BKAUATWWXXX')).toBe('bank')
  })

  it('refuses a BIC of another country than the IBAN', () => {
    expect(bicMatchesIban(erste, 'COBADEFFXXX')).toBe('country')
    expect(bicMatchesIban('DE89370400440532013000', 'GIBAATWWXXX')).toBe('country')
  })

  it('compares only the country for bank codes it does not know and for other countries', () => {
    expect(bicMatchesIban('AT611904300234573201', 'GIBAATWWXXX')).toBe('ok')
    expect(bicMatchesIban('DE89370400440532013000', 'COBADEFFXXX')).toBe('ok')
  })

  it('leaves empty or invalid values to their own checks', () => {
    expect(bicMatchesIban('', 'GIBAATWWXXX')).toBe('ok')
    expect(bicMatchesIban(erste, '')).toBe('ok')
    expect(bicMatchesIban(erste, 'KEINBIC')).toBe('ok')
  })
})

describe('knownBankOfIban', () => {
  it('finds the bank of an Austrian IBAN by its bank code (digits 5 to 9)', () => {
    expect(knownBankOfIban(ibanFromBban('AT', '1200000123456789'))?.name).toBe('UniCredit Bank Austria AG')
  })

  it('knows nothing of unknown bank codes, other countries and invalid IBANs', () => {
    expect(knownBankOfIban('AT611904300234573201')).toBeNull()
    expect(knownBankOfIban('DE89370400440532013000')).toBeNull()
    expect(knownBankOfIban('AT621904300234573201')).toBeNull()
  })

  it('has one entry per bank code, each with an Austrian 8-character BIC', () => {
    expect(new Set(AUSTRIAN_BANKS.map((bank) => bank.code)).size).toBe(AUSTRIAN_BANKS.length)
    for (const bank of AUSTRIAN_BANKS) {
      expect(bank.code).toMatch(/^\d{5}$/)
      expect(bank.bic).toMatch(/^[A-Z]{4}AT[A-Z0-9]{2}$/)
    }
  })
})
