import { describe, expect, it } from 'vitest'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { createResponseCheck } from './response-check.ts'

/** The mock server's `--strict` check. */
const strictCheck = () => {
  const reports: string[] = []
  return { check: createResponseCheck((message) => reports.push(message)), reports }
}

const currentUser = {
  uid: seedAccounts.verein.uid,
  email: seedAccounts.verein.email,
  firstName: 'Vera',
  lastName: 'Verein',
  role: 'ROLE_USER',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
  clubIds: ['club-1'],
}

describe('the strict response check (mock:server --strict)', () => {
  it('lets an answer through that names only the contract’s fields', () => {
    const { check, reports } = strictCheck()
    const response = { status: 200, body: currentUser }
    expect(check('getCurrentUser', response)).toBe(response)
    expect(reports).toEqual([])
  })

  it('turns an answer with a field the contract does not name (a password) into a 500', () => {
    const { check, reports } = strictCheck()
    const leaked = check('getCurrentUser', { status: 200, body: { ...currentUser, password: 'Demo1234!' } })
    expect(leaked.status).toBe(500)
    expect(reports).toHaveLength(1)
    expect(reports[0]).toContain('getCurrentUser → 200')
    expect(reports[0]).toContain('password')
  })

  it('finds an unknown field inside a list (the items are a composed schema: allOf)', () => {
    const { check, reports } = strictCheck()
    const { clubIds: _clubIds, ...user } = currentUser
    const users = [user, { ...user, passwordHash: 'x' }]
    expect(check('getUsers', { status: 200, body: users }).status).toBe(500)
    expect(reports[0]).toContain('passwordHash')
  })

  it('turns a status the operation does not declare into a 500, but lets injected 5xx through', () => {
    const { check, reports } = strictCheck()
    const conflict = { type: 'https://vereinsportal.at/problems/conflict', title: 'Conflict', status: 409 }
    expect(check('getCountries', { status: 409, body: conflict }).status).toBe(500)
    expect(reports[0]).toContain('status 409 is not declared')
    const unavailable = {
      type: 'https://vereinsportal.at/problems/unavailable',
      title: 'Service Unavailable',
      status: 503,
    }
    expect(check('getCountries', { status: 503, body: unavailable }).status).toBe(503)
  })

  it('holds problems to the closed Problem shape too', () => {
    const { check, reports } = strictCheck()
    const problem = { type: 'https://vereinsportal.at/problems/unauthorized', title: 'Unauthorized', status: 401 }
    expect(check('getCurrentUser', { status: 401, body: problem }).status).toBe(401)
    expect(check('getCurrentUser', { status: 401, body: { ...problem, stack: 'Error: at …' } }).status).toBe(500)
    expect(reports).toHaveLength(1)
  })
})
