/** Who is calling: the bearer token checked by the identity provider, then matched to a portal user. */
import type { Caller } from './operation.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import type { UserRecord } from './records.ts'
import { normalizeEmail } from './common.ts'

/** The portal user an ID token stands for with their clubs, or the reason it stands for none. */
const callerForToken = async (
  ports: Ports,
  token: string,
  now: number,
): Promise<{ user: UserRecord; clubIds: string[] } | { reason: string }> => {
  const check = await ports.identity.verifyIdToken(token, now)
  if (!check.ok) return { reason: check.reason }
  const { uid, email } = check.identity
  if (uid !== null)
    return (await ports.users.getWithClubIds(uid)) ?? { reason: 'The user of this token no longer exists.' }
  // Tokens of the Firebase Auth emulator in mocked mode name only an address.
  const user = await ports.users.findByEmail(normalizeEmail(email))
  if (!user) return { reason: 'No user has the e-mail address of this token.' }
  return { user, clubIds: (await ports.memberships.listByUser(user.uid)).map((membership) => membership.clubId) }
}

/** The caller named by an `Authorization: Bearer …` header, or a 401. */
export const authenticate = async (ports: Ports, authorization: string | null, now: number): Promise<Caller> => {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null
  if (!match) throw problem('unauthorized', 'A bearer token is required.')
  const result = await callerForToken(ports, match[1]!, now)
  if ('reason' in result) throw problem('unauthorized', result.reason)
  return { user: result.user, clubIds: new Set(result.clubIds) }
}
