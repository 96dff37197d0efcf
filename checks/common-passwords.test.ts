import { describe, expect, it } from 'vitest'
import { isCommonPassword } from './common-passwords.ts'

describe('isCommonPassword', () => {
  it('finds the most common passwords whatever their case', () => {
    for (const password of ['password', '12345678', 'PassWord', 'QWERTYUIOP', 'Passwort', 'iloveyou']) {
      expect(isCommonPassword(password), password).toBe(true)
    }
  })

  it('finds entries far down the ranked list too', () => {
    // Ranks beyond 10 000 and beyond 40 000 of the 49 233.
    expect(isCommonPassword('Salzburg')).toBe(true)
    expect(isCommonPassword('restrict')).toBe(true)
  })

  it('lets a password pass that is not on the list', () => {
    for (const password of ['Demo1234!', 'Sicher-1234', 'Schachmatt-1', 'password-for-the-club-2026']) {
      expect(isCommonPassword(password), password).toBe(false)
    }
  })
})
