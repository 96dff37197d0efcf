/**
 * The custom-claims projection against a stand-in for firebase-admin's Auth (the emulator runs it for
 * real in firebase-identity.firebase.test.ts): what it sets, what it keeps, and that failures stay logged.
 */
import { describe, expect, it, vi } from 'vitest'
import type { Auth } from 'firebase-admin/auth'
import { CUSTOM_CLAIMS_MAX_BYTES, claimsProjection, portalClaims } from './custom-claims.ts'
import { TransactionEffects } from './transaction-effects.ts'

const logger = () => ({ info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() })

const fakeAuth = (claims: Record<string, Record<string, unknown> | undefined>) => {
  const auth = {
    getUser: vi.fn(async (uid: string) => {
      if (!(uid in claims)) throw Object.assign(new Error('no user'), { code: 'auth/user-not-found' })
      return { uid, customClaims: claims[uid] }
    }),
    setCustomUserClaims: vi.fn(async (uid: string, next: Record<string, unknown> | null) => {
      claims[uid] = next ?? undefined
    }),
  }
  return { auth, asAuth: auth as unknown as Auth }
}

describe('portalClaims', () => {
  it('replaces portalRole and clubIds (sorted) and keeps every other claim', () => {
    expect(
      portalClaims(
        { beta: true, portalRole: 'ROLE_USER', clubIds: ['old'] },
        { role: 'ROLE_STAFF', clubIds: ['b', 'a'] },
      ),
    ).toEqual({ claims: { beta: true, portalRole: 'ROLE_STAFF', clubIds: ['a', 'b'] }, clubIdsDropped: false })
  })

  it('leaves clubIds out, not cut short, when they would exceed Firebase’s limit', () => {
    const clubIds = Array.from({ length: 40 }, (_, index) => `club-${String(index).padStart(30, '0')}`)
    const result = portalClaims({ clubIds: ['stale'] }, { role: 'ROLE_USER', clubIds })
    expect(result).toEqual({ claims: { portalRole: 'ROLE_USER' }, clubIdsDropped: true })
    expect(JSON.stringify({ portalRole: 'ROLE_USER', clubIds }).length).toBeGreaterThan(CUSTOM_CLAIMS_MAX_BYTES)
  })
})

describe('claimsProjection', () => {
  it('sets the claims of the touched users once, after the commit only, and skips unchanged and deleted users', async () => {
    const { auth, asAuth } = fakeAuth({ u1: undefined, u2: { portalRole: 'ROLE_ADMIN', clubIds: [] } })
    const stored = vi.fn(async (uid: string) =>
      uid === 'u1' ? { role: 'ROLE_USER', clubIds: ['c1'] } : uid === 'u2' ? { role: 'ROLE_ADMIN', clubIds: [] } : null,
    )
    const log = logger()
    const effects = new TransactionEffects()
    const touch = claimsProjection(asAuth, stored, log).tracker(effects)
    for (const uid of ['u1', 'u2', 'u1', 'gone']) touch(uid)
    expect(auth.setCustomUserClaims).not.toHaveBeenCalled()

    await effects.rolledBack(log)
    expect(stored).not.toHaveBeenCalled()
    await effects.committed(log)
    expect(stored.mock.calls.map(([uid]) => uid)).toEqual(['u1', 'u2', 'gone'])
    expect(auth.setCustomUserClaims.mock.calls).toEqual([['u1', { portalRole: 'ROLE_USER', clubIds: ['c1'] }]])
    expect(log.error).not.toHaveBeenCalled()
  })

  it('logs a failure and goes on with the next user instead of throwing', async () => {
    const { auth, asAuth } = fakeAuth({ u2: {} })
    auth.setCustomUserClaims.mockRejectedValueOnce(new Error('quota'))
    const log = logger()
    const projection = claimsProjection(asAuth, async () => ({ role: 'ROLE_USER', clubIds: [] }), log)
    await projection.project(['u2', 'no-account', 'u2'])
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ uid: 'u2' }), expect.any(String))
    expect(log.warn).toHaveBeenCalledWith({ uid: 'no-account' }, expect.stringContaining('no Firebase account'))
    expect(auth.setCustomUserClaims).toHaveBeenCalledTimes(2)
  })
})
