import { describe, expect, it } from 'vitest'
import { contractOperations } from '#openapi/contract.ts'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { createResponseCheck } from './response-check.ts'

/** The mock server's `--strict` check, with the statuses the contract declares. */
const strictCheck = () => {
  const reports: string[] = []
  const declared = new Map(
    contractOperations().map((operation) => [operation.operationId, new Set(operation.statuses)]),
  )
  return { check: createResponseCheck(declared, (message) => reports.push(message)), reports }
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

  it('holds problems to the closed Problem shape too', () => {
    const { check, reports } = strictCheck()
    const problem = { type: 'https://vereinsportal.at/problems/unauthorized', title: 'Unauthorized', status: 401 }
    expect(check('getCurrentUser', { status: 401, body: problem }).status).toBe(401)
    expect(check('getCurrentUser', { status: 401, body: { ...problem, stack: 'Error: at …' } }).status).toBe(500)
    expect(reports).toHaveLength(1)
  })
})
