/** Small rules and lookups several resources share. */
import type { Tx } from '../db/store.ts'
import type { CampaignRecord, ClubRecord, MailKind, OobKind, UserRecord } from '../db/types.ts'
import { randomId, randomToken } from './crypto.ts'
import { notFound } from './problem.ts'
import { HOUR_MS, isoInstant } from './time.ts'

/** German collation for everything sorted by name. */
export const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true })

export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/** Names are compared without case and surrounding or repeated spaces. */
export const normalizeName = (name: string): string => name.trim().replace(/\s+/g, ' ')
export const sameName = (a: string, b: string): boolean => normalizeName(a).toLocaleLowerCase('de') === normalizeName(b).toLocaleLowerCase('de')

export const getClub = (tx: Tx, clubId: string): ClubRecord => {
  const club = tx.table('clubs').get(clubId)
  if (!club) throw notFound('Club', clubId)
  return club
}

export const getCampaign = (tx: Tx, documentId: string): CampaignRecord => {
  const campaign = tx.table('campaigns').get(documentId)
  if (!campaign) throw notFound('Campaign', documentId)
  return campaign
}

export const getUser = (tx: Tx, uid: string): UserRecord => {
  const user = tx.table('users').get(uid)
  if (!user) throw notFound('User', uid)
  return user
}

export const sendMail = (
  tx: Tx,
  now: number,
  mail: { to: string; kind: MailKind; subject: string; text: string; link: string },
): void => {
  const sequence = tx.singleton('mailSequence') + 1
  tx.setSingleton('mailSequence', sequence)
  const id = randomId()
  tx.put('mails', id, { id, ...mail, sentAt: isoInstant(now), sequence })
}

const OOB_VALIDITY_HOURS: Readonly<Record<OobKind, number>> = { VERIFY_EMAIL: 72, PASSWORD_RESET: 1 }

/** An e-mail action code (verification or password reset) and the mail that carries it. */
export const sendActionMail = (tx: Tx, now: number, kind: OobKind, user: UserRecord): string => {
  const code = randomToken(18)
  tx.put('oobCodes', code, {
    code,
    kind,
    uid: user.uid,
    email: user.email,
    expiresAt: isoInstant(now + OOB_VALIDITY_HOURS[kind] * HOUR_MS),
    usedAt: null,
  })
  const greeting = `Hallo ${user.firstName},`
  if (kind === 'VERIFY_EMAIL') {
    const link = `/login?mode=verifyEmail&oobCode=${encodeURIComponent(code)}`
    sendMail(tx, now, {
      to: user.email,
      kind,
      subject: 'Bitte bestätigen Sie Ihre E-Mail-Adresse',
      text: `${greeting}\n\nbitte bestätigen Sie Ihre E-Mail-Adresse für das Vereinsportal, indem Sie diesen Link öffnen:\n${link}\n\nDer Link ist 3 Tage gültig.\n\nIhr Vereinsportal-Team`,
      link,
    })
  } else {
    const link = `/login?mode=resetPassword&oobCode=${encodeURIComponent(code)}`
    sendMail(tx, now, {
      to: user.email,
      kind,
      subject: 'Passwort zurücksetzen',
      text: `${greeting}\n\nSie haben ein neues Passwort für das Vereinsportal angefordert. Öffnen Sie diesen Link, um es festzulegen:\n${link}\n\nDer Link ist eine Stunde gültig. Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht.\n\nIhr Vereinsportal-Team`,
      link,
    })
  }
  return code
}

/** Ends a user's sign-ins: drops their refresh tokens. Open action codes (e-mail links) stay. */
export const endSessions = (tx: Tx, uid: string): void => {
  for (const token of [...tx.table('refreshTokens').values()]) if (token.uid === uid) tx.delete('refreshTokens', token.token)
}

/**
 * Sets a new password on `user` (stored as given, with any other changes the caller made to it). Existing
 * sessions end: refresh tokens are dropped and ID tokens issued before `now` refused.
 */
export const changePassword = (tx: Tx, user: UserRecord, password: string, now: number): UserRecord => {
  const saved = tx.put('users', user.uid, { ...user, password, sessionsValidAfter: now })
  endSessions(tx, user.uid)
  return saved
}
