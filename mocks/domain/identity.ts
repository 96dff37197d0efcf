/**
 * The offline twin of Firebase Auth (docs/handoff/mock-identity-protocol.md): sign-in, token refresh,
 * lookup, e-mail verification and password reset over the same user table the backend's user
 * operations change. Answers are `{ error: CODE }` like Firebase's REST API, not problem documents.
 */
import { z } from 'zod'
import {
  updateUserPasswordBodyPasswordMax,
  updateUserPasswordBodyPasswordMin,
} from '../../src/api/generated/zod/users/users.zod.ts'
import type { Tx } from '../db/store.ts'
import type { UserRecord } from '../db/types.ts'
import { changePassword, normalizeEmail, sendActionMail } from './common.ts'
import { randomToken } from './crypto.ts'
import type { ApiResponse } from './operation.ts'
import { findUserByEmail, userForToken } from './session.ts'
import { isoInstant } from './time.ts'
import { OFFLINE_ISSUER, signIdToken } from './tokens.ts'

export interface IdentityUser {
  uid: string
  email: string
  emailVerified: boolean
  displayName: string
}

export interface Session {
  idToken: string
  refreshToken: string
  expiresIn: number
  user: IdentityUser
}

const identityError = (error: string, status = 400): ApiResponse => ({ status, body: { error } })
const ok = (body: unknown): ApiResponse => ({ status: 200, body })
const noContent: ApiResponse = { status: 204 }

export const toIdentityUser = (user: UserRecord): IdentityUser => ({
  uid: user.uid,
  email: user.email,
  emailVerified: user.emailVerified,
  displayName: `${user.firstName} ${user.lastName}`.trim(),
})

/** An ID token for the user now. After a password change tokens start no earlier than the change. */
export const mintIdToken = (user: UserRecord, now: number, lifetimeSeconds: number, authTime?: number): string => {
  const issuedAt = Math.max(Math.floor(now / 1000), Math.ceil(user.sessionsValidAfter / 1000))
  return signIdToken({
    iss: OFFLINE_ISSUER,
    sub: user.uid,
    email: user.email,
    email_verified: user.emailVerified,
    iat: issuedAt,
    exp: issuedAt + lifetimeSeconds,
    auth_time: authTime ?? issuedAt,
  })
}

const session = (tx: Tx, now: number, user: UserRecord, refreshToken: string, authTime: number): Session => {
  const lifetime = tx.singleton('faults').tokenLifetimeSeconds
  return { idToken: mintIdToken(user, now, lifetime, authTime), refreshToken, expiresIn: lifetime, user: toIdentityUser(user) }
}

const SignIn = z.object({ email: z.string(), password: z.string() })
const Refresh = z.object({ refreshToken: z.string() })
const IdToken = z.object({ idToken: z.string() })
const OobCode = z.object({ oobCode: z.string() })
const Email = z.object({ email: z.string() })
const ResetPassword = z.object({ oobCode: z.string(), newPassword: z.string() })

/** Bodies that are not even the right shape: the protocol's errors are about content, so a generic one. */
const parse = <S extends z.ZodType>(schema: S, body: unknown): z.output<S> | ApiResponse => {
  const result = schema.safeParse(body)
  return result.success ? result.data : identityError('INVALID_REQUEST')
}
const isResponse = (value: unknown): value is ApiResponse =>
  typeof value === 'object' && value !== null && 'status' in value && typeof (value as ApiResponse).status === 'number'

/** Checks a code of `kind`: unknown or used → INVALID_OOB_CODE, past its time → EXPIRED_OOB_CODE. */
type CodeCheck = { error: 'INVALID_OOB_CODE' | 'EXPIRED_OOB_CODE' } | { user: UserRecord }

const takeCode = (tx: Tx, now: number, code: string, kind: 'VERIFY_EMAIL' | 'PASSWORD_RESET'): CodeCheck => {
  const record = tx.table('oobCodes').get(code)
  if (!record || record.kind !== kind || record.usedAt !== null) return { error: 'INVALID_OOB_CODE' }
  if (Date.parse(record.expiresAt) <= now) return { error: 'EXPIRED_OOB_CODE' }
  const user = tx.table('users').get(record.uid)
  if (!user || user.email !== record.email) return { error: 'INVALID_OOB_CODE' }
  tx.put('oobCodes', code, { ...record, usedAt: isoInstant(now) })
  return { user }
}

export const identity = {
  signIn(tx: Tx, now: number, body: unknown): ApiResponse {
    const input = parse(SignIn, body)
    if (isResponse(input)) return input
    const user = findUserByEmail(tx, normalizeEmail(input.email))
    if (!user || user.password !== input.password) return identityError('INVALID_CREDENTIALS')
    const refreshToken = randomToken(32)
    const authTime = Math.floor(now / 1000)
    tx.put('refreshTokens', refreshToken, { token: refreshToken, uid: user.uid, authTime, createdAt: isoInstant(now) })
    return ok(session(tx, now, user, refreshToken, authTime))
  },

  token(tx: Tx, now: number, body: unknown): ApiResponse {
    const input = parse(Refresh, body)
    if (isResponse(input)) return input
    const record = tx.table('refreshTokens').get(input.refreshToken)
    const user = record ? tx.table('users').get(record.uid) : undefined
    if (!record || !user) return identityError('INVALID_REFRESH_TOKEN')
    return ok(session(tx, now, user, record.token, record.authTime))
  },

  lookup(tx: Tx, now: number, body: unknown): ApiResponse {
    const input = parse(IdToken, body)
    if (isResponse(input)) return input
    const result = userForToken(tx, input.idToken, now)
    return 'user' in result ? ok({ user: toIdentityUser(result.user) }) : identityError('INVALID_ID_TOKEN')
  },

  sendVerification(tx: Tx, now: number, body: unknown): ApiResponse {
    const input = parse(IdToken, body)
    if (isResponse(input)) return input
    const result = userForToken(tx, input.idToken, now)
    if (!('user' in result)) return identityError('INVALID_ID_TOKEN')
    sendActionMail(tx, now, 'VERIFY_EMAIL', result.user)
    return noContent
  },

  applyActionCode(tx: Tx, now: number, body: unknown): ApiResponse {
    const input = parse(OobCode, body)
    if (isResponse(input)) return input
    const taken = takeCode(tx, now, input.oobCode, 'VERIFY_EMAIL')
    if ('error' in taken) return identityError(taken.error)
    tx.put('users', taken.user.uid, { ...taken.user, emailVerified: true })
    return noContent
  },

  sendPasswordReset(tx: Tx, now: number, body: unknown): ApiResponse {
    const input = parse(Email, body)
    if (isResponse(input)) return input
    // Always 204: the answer must not reveal whether the address has an account.
    const user = findUserByEmail(tx, normalizeEmail(input.email))
    if (user) sendActionMail(tx, now, 'PASSWORD_RESET', user)
    return noContent
  },

  resetPassword(tx: Tx, now: number, body: unknown): ApiResponse {
    const input = parse(ResetPassword, body)
    if (isResponse(input)) return input
    // The contract's `Password` rule, as the backend's user operations have it.
    const length = input.newPassword.length
    if (length < updateUserPasswordBodyPasswordMin || length > updateUserPasswordBodyPasswordMax) return identityError('WEAK_PASSWORD')
    const taken = takeCode(tx, now, input.oobCode, 'PASSWORD_RESET')
    if ('error' in taken) return identityError(taken.error)
    // Like a password change: sessions end. Whoever got the mail proved the address, too.
    changePassword(tx, { ...taken.user, emailVerified: true }, input.newPassword, now)
    return noContent
  },
}

export type IdentityAction = keyof typeof identity
export const IDENTITY_ACTIONS = Object.keys(identity) as IdentityAction[]
