import { describe, expect, it, vi } from 'vitest'
import { OPERATION_IDS, OPERATION_TABLE } from '#openapi/generated/operations.ts'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { call, idTokenFor, kindOf } from '#tests/backend/client.ts'
import { base64UrlEncodeText } from '#adapters/offline-identity/crypto.ts'

const operations = OPERATION_IDS.map((operationId) => OPERATION_TABLE[operationId])
/**
 * The path parameters whose value matters to these checks: seed ids an answered request needs (a caller
 * with an unconfirmed address reads them), and the numbers a path requires. Every other parameter gets a
 * stand-in (`ein-receiptToken`): the matrix is decided before anything is looked up, so a new operation
 * needs no line here.
 */
const SEED_PARAMS: Readonly<Record<string, string>> = {
  clubId: seedClubs.volume,
  uid: seedAccounts.verein.uid,
  id: seedClubs.volume,
  documentId: 'cmp-gruenbach-kunstrasen',
  campaignId: 'cmp-gruenbach-kunstrasen',
  accountId: 'acct_gruenbach01',
  invitationId: 'inv-gueltig',
  year: String(new Date().getUTCFullYear() - 1),
  part: '1',
}

/** A concrete URL path for an operation: every parameter filled (see SEED_PARAMS). */
const concretePath = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_placeholder, name: string) => SEED_PARAMS[name] ?? `ein-${name}`)

describe('the permission matrix (each operation’s x-access in the contract)', () => {
  const protectedOperations = operations.filter((operation) => !operation.access.includes('ANYONE'))

  it.each(protectedOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s answers 401 without a token',
    async (_id, operation) => {
      const result = await call(operation.method, concretePath(operation.path))
      expect(result.status).toBe(401)
      expect(kindOf(result)).toBe('unauthorized')
      expect(result.headers.get('content-type')).toContain('application/problem+json')
      expect(result.body).toMatchObject({
        title: 'Unauthorized',
        status: 401,
        instance: `/api/backend/v1${concretePath(operation.path)}`,
      })
    },
  )

  // As x-access says: the operations open to an unconfirmed address answer it, the others refuse it.
  const openToUnconfirmed = protectedOperations.filter((operation) => operation.access.includes('UNCONFIRMED'))
  const closedToUnconfirmed = protectedOperations.filter((operation) => !operation.access.includes('UNCONFIRMED'))

  it.each(openToUnconfirmed.map((operation) => [operation.operationId, operation] as const))(
    '%s answers a caller with an unconfirmed address (x-access UNCONFIRMED)',
    async (_id, operation) => {
      const result = await call(operation.method, concretePath(operation.path), { as: seedAccounts.unbestaetigt.email })
      // Answered, not refused: a read with its 200, the sign-out with its 204.
      expect(result.status).toBe(operation.method === 'GET' ? 200 : 204)
    },
  )

  it.each(closedToUnconfirmed.map((operation) => [operation.operationId, operation] as const))(
    '%s refuses a caller with an unconfirmed address with 403 email-not-verified',
    async (_id, operation) => {
      const result = await call(operation.method, concretePath(operation.path), { as: seedAccounts.unbestaetigt.email })
      expect(result.status).toBe(403)
      expect(kindOf(result)).toBe('email-not-verified')
    },
  )

  it('refuses a malformed, a tampered, an unsigned and an expired token with 401', async () => {
    const token = await idTokenFor(seedAccounts.admin.email)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>
    const tampered = `${header}.${base64UrlEncodeText(JSON.stringify({ ...claims, sub: seedAccounts.staff.uid }))}.${signature}`
    const unsigned = `${base64UrlEncodeText(JSON.stringify({ alg: 'none' }))}.${payload}.`
    for (const authorization of [
      'Bearer',
      'Bearer not-a-jwt',
      `Basic ${token}`,
      `Bearer ${tampered}`,
      `Bearer ${unsigned}`,
    ]) {
      const result = await call('GET', '/users', { authorization })
      expect(result.status, authorization.slice(0, 20)).toBe(401)
    }
    expect((await call('GET', '/users', { authorization: `Bearer ${token}` })).status).toBe(200)

    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 3601 * 1000)
      const expired = await call('GET', '/users', { authorization: `Bearer ${token}` })
      expect(expired.status).toBe(401)
      expect(expired.error?.detail).toMatch(/expired/)
    } finally {
      vi.useRealTimers()
    }
  })

  it('refuses the token of a deleted user', async () => {
    const token = await idTokenFor(seedAccounts.neu.email)
    expect((await call('DELETE', `/users/${seedAccounts.neu.uid}`, { as: seedAccounts.admin.email })).status).toBe(204)
    expect((await call('GET', '/users/me', { authorization: `Bearer ${token}` })).status).toBe(401)
  })

  const adminOnly = operations.filter((operation) => operation.access.length === 1 && operation.access[0] === 'ADMIN')

  it.each(adminOnly.map((operation) => [operation.operationId, operation] as const))(
    '%s answers 403 to staff and to a club representative, before looking at the body',
    async (_id, operation) => {
      for (const email of [seedAccounts.staff.email, seedAccounts.verein.email]) {
        const body = operation.method === 'GET' ? undefined : { nonsense: true }
        const result = await call(operation.method, concretePath(operation.path), { as: email, body })
        expect(result.status).toBe(403)
        expect(kindOf(result)).toBe('forbidden')
      }
    },
  )

  // getFileLink needs an upload to link to: domain/files.test.ts checks the same for it. The reads staff
  // may not do (the club's tax data) are the contract suite's (a member of another club, staff: 403).
  const memberOperations = operations.filter(
    (operation) =>
      operation.access.includes('CLUB_MEMBER') &&
      operation.access.includes('STAFF') &&
      operation.method === 'GET' &&
      operation.operationId !== 'getFileLink',
  )

  it.each(memberOperations.map((operation) => [operation.operationId, operation] as const))(
    '%s lets members of the club and staff read, and refuses members of other clubs',
    async (_id, operation) => {
      const path = concretePath(operation.path)
      const query =
        operation.operationId === 'getDonationStatsOfClub' ? { from: '2025-01-01', to: '2025-01-31' } : undefined
      expect((await call('GET', path, { as: seedAccounts.verein.email, query })).status).toBe(200)
      expect((await call('GET', path, { as: seedAccounts.staff.email, query })).status).toBe(200)
      expect((await call('GET', path, { as: seedAccounts.admin.email, query })).status).toBe(200)
      const stranger = await call('GET', path, { as: seedAccounts.neu.email, query })
      expect(stranger.status).toBe(403)
    },
  )

  it('lets staff read but not write club data', async () => {
    const overview = await call('GET', `/club/cluboverview/${seedClubs.volume}`, { as: seedAccounts.staff.email })
    expect(overview.status).toBe(200)
    const club = clubUpdateOf(overview.body.club)
    const result = await call('PUT', '/club', { as: seedAccounts.staff.email, body: club })
    expect(result.status).toBe(403)
  })

  it('SELF: a user reads their own clubs, not someone else’s; admins and staff read anyone’s', async () => {
    expect(
      (await call('GET', `/club/all/user/${seedAccounts.verein.uid}`, { as: seedAccounts.verein.email })).status,
    ).toBe(200)
    expect(
      (await call('GET', `/club/all/user/${seedAccounts.verein.uid}`, { as: seedAccounts.neu.email })).status,
    ).toBe(403)
    expect(
      (await call('GET', `/club/all/user/${seedAccounts.verein.uid}`, { as: seedAccounts.staff.email })).status,
    ).toBe(200)
    expect(
      (await call('GET', `/club/all/user/${seedAccounts.verein.uid}`, { as: seedAccounts.admin.email })).status,
    ).toBe(200)
  })

  it('operations anyone may call ignore a missing or broken token', async () => {
    for (const path of ['/clubtypes/all', '/applogo', '/country']) {
      expect((await call('GET', path)).status).toBe(200)
      expect((await call('GET', path, { authorization: 'Bearer broken' })).status).toBe(200)
    }
  })
})
