/** Who is calling: the bearer token checked by the identity provider, then matched to a portal user. */
import type { Caller } from './operation.ts'
import type { Ports, TokenIdentity } from './ports.ts'
import { problem } from './problem.ts'
import type { UserRecord } from './records.ts'
import { normalizeEmail } from './common.ts'

/** The portal user an ID token stands for with their clubs, or the reason it stands for none. */
const callerForToken = async (
  ports: Ports,
  token: string,
  now: number,
): Promise<{ user: UserRecord; clubIds: string[]; identity: TokenIdentity } | { reason: string }> => {
  const check = await ports.identity.verifyIdToken(token, now)
  if (!check.ok) return { reason: check.reason }
  const { identity } = check
  if (identity.uid !== null) {
    const found = await ports.users.getWithClubIds(identity.uid)
    return found ? { ...found, identity } : { reason: 'The user of this token no longer exists.' }
  }
  // Tokens of the Firebase Auth emulator in mocked mode name only an address.
  const user = await ports.users.findByEmail(normalizeEmail(identity.email))
  if (!user) return { reason: 'No user has the e-mail address of this token.' }
  const clubIds = (await ports.memberships.listByUser(user.uid)).map((membership) => membership.clubId)
  return { user, clubIds, identity }
}

/**
 * The provider confirms addresses (Firebase: the link in its mail goes to Firebase, not here): the first
 * request with a confirmed token marks the portal's record too, so administrators see it. A read-only
 * unit of work may drop the write; the next request repeats it.
 */
const mirrorConfirmation = async (ports: Ports, user: UserRecord, identity: TokenIdentity): Promise<UserRecord> => {
  if (!identity.emailVerified || user.emailVerified) return user
  const confirmed = { ...user, emailVerified: true }
  await ports.users.update(confirmed)
  return confirmed
}

/** The caller named by an `Authorization: Bearer …` header, or a 401. */
export const authenticate = async (ports: Ports, authorization: string | null, now: number): Promise<Caller> => {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null
  if (!match) throw problem('unauthorized', 'A bearer token is required.')
  const result = await callerForToken(ports, match[1]!, now)
  if ('reason' in result) throw problem('unauthorized', result.reason)
  return {
    user: await mirrorConfirmation(ports, result.user, result.identity),
    clubIds: new Set(result.clubIds),
    emailVerified: result.identity.emailVerified,
    authTime: result.identity.authTime,
  }
}
