import { describe, expect, it } from 'vitest'
import { maskIban } from './mask-iban'

describe('maskIban', () => {
  it('shows country, check digits and the last four characters of an Austrian IBAN', () => {
    expect(maskIban('AT611904300234574321')).toBe('AT61 **** **** **** 4321')
  })

  it('accepts spaces and lower case', () => {
    expect(maskIban('at61 1904 3002 3457 4321')).toBe('AT61 **** **** **** 4321')
  })

  it('masks longer IBANs the same way', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 **** **** **** **30 00')
  })

  it('returns an empty string for an empty IBAN', () => {
    expect(maskIban('')).toBe('')
  })

  it('never reveals more than eight characters', () => {
    const masked = maskIban('AT611904300234574321').replace(/[\s*]/g, '')
    expect(masked).toBe('AT614321')
  })
})
