/**
 * The custom claims Firebase Storage's rules read (storage.rules): `portalRole` and `clubIds` on each
 * user's ID token. They are a projection of the database, not a second source of truth: the SQL adapters
 * note which users a transaction touched (a user written, a membership added or removed), and once the
 * transaction has committed this reads those users' role and clubs back and sets the claims with
 * firebase-admin. Only with Firebase Auth; the local identity has no Storage rules to feed.
 *
 * A failure here never fails the request, which has committed already: it is logged, and the claims are
 * set again with the user's next change. The browser sees new claims only with a new ID token
 * (src/lib/storage/firebase-storage.ts refreshes it once when Storage refuses).
 */
import type { Auth } from 'firebase-admin/auth'
import type { Logger } from '#server/logger.ts'
import { currentRequestId } from '#server/request-context.ts'
import { codeOf } from './firebase-identity.ts'
import type { TransactionEffects } from './transaction-effects.ts'

/** What the projection needs of a stored user; null when the user no longer exists (deleted). */
export type StoredClaimsSource = (
  uid: string,
) => Promise<{ readonly role: string; readonly clubIds: readonly string[] } | null>

/** Firebase refuses custom claims whose JSON is longer than this. */
export const CUSTOM_CLAIMS_MAX_BYTES = 1000

type Claims = Record<string, unknown>

const byteLength = (claims: Claims): number => Buffer.byteLength(JSON.stringify(claims), 'utf8')

/** Equal up to the order of the top-level keys (Firebase need not keep the order they were set in). */
const sameClaims = (a: Claims, b: Claims): boolean => {
  const canonical = (claims: Claims) => JSON.stringify(Object.entries(claims).sort(([x], [y]) => (x < y ? -1 : 1)))
  return canonical(a) === canonical(b)
}

/**
 * The claims to set: the existing ones (other claims an operator may have set stay) with `portalRole` and
 * `clubIds` replaced. When the club list would push the claims over Firebase's limit, `clubIds` is left
 * out altogether (`clubIdsDropped`): a cut list would grant some clubs and not others by accident, and an
 * old list must not stay either (it could name clubs the user has left). Without `clubIds` the rules
 * refuse the user's club files, which is the safe side; the warning tells the operator.
 */
export const portalClaims = (
  existing: Claims | undefined,
  stored: { readonly role: string; readonly clubIds: readonly string[] },
): { claims: Claims; clubIdsDropped: boolean } => {
  const { portalRole: _role, clubIds: _clubIds, ...others } = existing ?? {}
  const full = { ...others, portalRole: stored.role, clubIds: [...stored.clubIds].sort() }
  if (byteLength(full) <= CUSTOM_CLAIMS_MAX_BYTES) return { claims: full, clubIdsDropped: false }
  return { claims: { ...others, portalRole: stored.role }, clubIdsDropped: true }
}

export interface ClaimsProjection {
  /**
   * For one transaction attempt: a function the SQL adapters call with each user whose role or
   * memberships they wrote. The first call registers one after-commit step for all of them.
   */
  tracker(effects: TransactionEffects): (uid: string) => void
  /** Sets the claims of these users from the database now (after a commit). Never throws. */
  project(uids: readonly string[]): Promise<void>
}

export const claimsProjection = (auth: Auth, stored: StoredClaimsSource, logger: Logger): ClaimsProjection => {
  const projectOne = async (uid: string): Promise<void> => {
    const user = await stored(uid)
    // Deleted in the transaction: its account is deleted after the commit as well.
    if (!user) return
    let account
    try {
      account = await auth.getUser(uid)
    } catch (error) {
      if (codeOf(error) === 'auth/user-not-found') {
        logger.warn({ uid, reqId: currentRequestId() }, 'custom claims not set: the user has no Firebase account')
        return
      }
      throw error
    }
    const { claims, clubIdsDropped } = portalClaims(account.customClaims, user)
    if (clubIdsDropped) {
      logger.warn(
        { uid, clubs: user.clubIds.length, maxBytes: CUSTOM_CLAIMS_MAX_BYTES, reqId: currentRequestId() },
        'custom claims without clubIds: the club list exceeds Firebase’s limit, Storage refuses this user’s club files',
      )
    }
    // Most touched users (a confirmed address, a renamed user) keep their claims: no write, no new token.
    if (sameClaims(claims, account.customClaims ?? {})) return
    await auth.setCustomUserClaims(uid, claims)
  }

  const project = async (uids: readonly string[]): Promise<void> => {
    for (const uid of uids) {
      try {
        await projectOne(uid)
      } catch (error) {
        logger.error(
          { err: error, uid, reqId: currentRequestId() },
          'custom claims not set; they are set again with the user’s next change of role or club',
        )
      }
    }
  }

  return {
    tracker: (effects) => {
      const touched = new Set<string>()
      return (uid) => {
        // The step reads the set when it runs, so users touched later in the transaction are included.
        if (touched.size === 0) effects.onCommit('set custom claims', () => project([...touched]))
        touched.add(uid)
      }
    },
    project,
  }
}
