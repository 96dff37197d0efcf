import { describe, expect, it } from 'vitest'
import { DEFAULT_AFTER_LOGIN, safeRedirect } from './redirect.ts'

describe('safeRedirect', () => {
  it.each([
    ['/users', '/users'],
    ['/home?id=club-sv-gruenbach', '/home?id=club-sv-gruenbach'],
    ['/club/club-1/false?tab=bank#iban', '/club/club-1/false?tab=bank#iban'],
    ['/campaign/club-1/cmp-2', '/campaign/club-1/cmp-2'],
    ['/acceptInvitation?token=abc', '/acceptInvitation?token=abc'],
  ])('follows the same-site path %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected)
  })

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a string', 42],
    ['absolute URL', 'https://evil.example/home'],
    ['scheme-relative URL', '//evil.example/home'],
    ['backslash trick', '/\\evil.example'],
    ['backslash at the start', '\\\\evil.example'],
    ['tab inside the slashes', '/\t/evil.example'],
    ['newline', '/home\n'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['relative path', 'home'],
    ['the sign-in page itself', '/login?redirect=/users'],
    ['the start page', '/'],
    ['overlong', `/${'a'.repeat(2001)}`],
  ])('falls back to /home for %s', (_label, value) => {
    expect(safeRedirect(value)).toBe(DEFAULT_AFTER_LOGIN)
  })

  it('normalises dot segments instead of leaving the site', () => {
    expect(safeRedirect('/../../users')).toBe('/users')
  })

  it('takes a different fallback', () => {
    expect(safeRedirect('https://evil.example', '')).toBe('')
  })
})
