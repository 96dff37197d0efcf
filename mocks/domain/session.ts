/** Who is calling: the bearer token checked against the store (a deleted user's token is refused too). */
import type { Tx } from '../db/store.ts'
import type { UserRecord } from '../db/types.ts'
import type { Caller } from './operation.ts'
import { problem } from './problem.ts'
import { checkIdToken } from './tokens.ts'

export const findUserByEmail = (tx: Tx, email: string): UserRecord | undefined => {
  const wanted = email.trim().toLowerCase()
  for (const user of tx.table('users').values()) if (user.email.toLowerCase() === wanted) return user
  return undefined
}

export const clubIdsOf = (tx: Tx, uid: string): Set<string> => {
  const ids = new Set<string>()
  for (const membership of tx.table('memberships').values()) if (membership.uid === uid) ids.add(membership.clubId)
  return ids
}

/** The user an ID token stands for, or the reason it stands for none. */
export const userForToken = (tx: Tx, token: string, now: number): { user: UserRecord } | { reason: string } => {
  const check = checkIdToken(token, now, tx.singleton('settings').firebaseEmulatorProject)
  if (!check.ok) return { reason: check.reason }
  if (check.kind === 'firebase-emulator') {
    const user = findUserByEmail(tx, check.email)
    return user ? { user } : { reason: 'No user has the e-mail address of this token.' }
  }
  const user = tx.table('users').get(check.claims.sub)
  if (!user) return { reason: 'The user of this token no longer exists.' }
  if (check.claims.iat * 1000 < user.sessionsValidAfter) return { reason: 'The token was revoked (password changed).' }
  return { user }
}

/** The caller named by an `Authorization: Bearer …` header, or a 401. */
export const authenticate = (tx: Tx, authorization: string | null, now: number): Caller => {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null
  if (!match) throw problem('unauthorized', 'A bearer token is required.')
  const result = userForToken(tx, match[1]!, now)
  if ('reason' in result) throw problem('unauthorized', result.reason)
  return { user: result.user, clubIds: clubIdsOf(tx, result.user.uid) }
}
