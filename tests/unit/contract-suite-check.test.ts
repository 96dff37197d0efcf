import { describe, expect, it } from 'vitest'
import { loadContract } from '#tests/contract/openapi.ts'

/** The contract suite's own check of every answer (tests/contract/openapi.ts), on the closed contract. */
const contract = loadContract()

const user = {
  uid: 'uid-vera',
  email: 'verein@demo.at',
  firstName: 'Vera',
  lastName: 'Verein',
  role: 'ROLE_USER',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00Z',
}

describe('the contract suite’s response check', () => {
  it('passes an answer with exactly the contract’s fields', () => {
    expect(contract.checkResponse('getCurrentUser', 200, 'application/json', { ...user, clubIds: [] })).toBeNull()
    expect(contract.checkResponse('getUsers', 200, 'application/json', [{ ...user, clubs: [] }])).toBeNull()
  })

  it('fails an answer that carries a field the contract does not name, and names it', () => {
    // CurrentUser is composed (allOf) and closed with unevaluatedProperties; User with additionalProperties.
    const leaked = contract.checkResponse('getCurrentUser', 200, 'application/json', {
      ...user,
      clubIds: [],
      password: 'Demo1234!',
    })
    expect(leaked).toContain("'password'")
    expect(contract.checkResponse('getUsers', 200, 'application/json', [{ ...user, passwordHash: 'x' }])).toContain(
      "'passwordHash'",
    )
  })

  it('fails a nested unknown field and a problem with an extension member', () => {
    const problem = { type: 'https://vereinsportal.at/problems/unauthorized', title: 'Unauthorized', status: 401 }
    expect(contract.checkResponse('getCurrentUser', 401, 'application/problem+json', problem)).toBeNull()
    expect(
      contract.checkResponse('getCurrentUser', 401, 'application/problem+json', { ...problem, stack: 'at …' }),
    ).toContain("'stack'")
  })

  it('knows every operation with its documented statuses from the one reader of the contract', () => {
    expect(contract.operations).toHaveLength(contract.byId.size)
    expect(contract.byId.get('createClubWithUser')).toMatchObject({ method: 'POST', bodyType: 'application/json' })
    expect(contract.byId.get('createClubWithUser')?.statuses).toEqual(expect.arrayContaining([201, 409, 413, 415, 429]))
    expect(contract.byId.get('uploadFile')?.bodyType).toBe('application/octet-stream')
  })
})
