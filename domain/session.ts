/** Who is calling: the bearer token checked by the identity provider, then matched to a portal user. */
import type { Caller } from './operation.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import type { UserRecord } from './records.ts'
import { normalizeEmail } from './common.ts'

/** The portal user an ID token stands for, or the reason it stands for none. */
export const userForToken = async (ports: Ports, token: string, now: number): Promise<{ user: UserRecord } | { reason: string }> => {
  const check = await ports.identity.verifyIdToken(token, now)
  if (!check.ok) return { reason: check.reason }
  const { uid, email } = check.identity
  // Tokens of the Firebase Auth emulator in mocked mode name only an address.
  const user = uid === null ? await ports.users.findByEmail(normalizeEmail(email)) : await ports.users.get(uid)
  if (!user) return { reason: uid === null ? 'No user has the e-mail address of this token.' : 'The user of this token no longer exists.' }
  return { user }
}

/** The caller named by an `Authorization: Bearer …` header, or a 401. */
export const authenticate = async (ports: Ports, authorization: string | null, now: number): Promise<Caller> => {
  const match = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization) : null
  if (!match) throw problem('unauthorized', 'A bearer token is required.')
  const result = await userForToken(ports, match[1]!, now)
  if ('reason' in result) throw problem('unauthorized', result.reason)
  const memberships = await ports.memberships.listByUser(result.user.uid)
  return { user: result.user, clubIds: new Set(memberships.map((membership) => membership.clubId)) }
}
