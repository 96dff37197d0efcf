/**
 * The offline twin of Firebase Auth (docs/handoff/mock-identity-protocol.md), over a small store of its
 * own (credentials, refresh tokens, action codes) beside the portal's user records:
 *
 * - `offlineIdentityProvider` is the domain's `IdentityProvider` port (verify tokens, create, change and
 *   delete accounts);
 * - `identityTwin` answers the provider's own protocol (`/__mock/identity/*`: sign in, refresh, look up,
 *   verify the address, reset the password), which the app's offline sign-in speaks.
 *
 * The mocked backend keeps its store in memory (mocks/db/memory-ports.ts); the server's local identity
 * mode, for development and tests, keeps it in PostgreSQL (server/db/repositories/identity.ts).
 */
import { z } from 'zod'
import { isCommonPassword } from '#checks/common-passwords.ts'
import { normalizeEmail } from '#domain/common.ts'
import { passwordResetMail, verificationMail } from '#domain/mails.ts'
import { MALFORMED_BODY } from '#domain/operation.ts'
import type { ApiResponse } from '#domain/operation.ts'
import type { IdentityProvider, Mailer, TokenCheck, UserRepository } from '#domain/ports.ts'
import type { UserRecord } from '#domain/records.ts'
import { HOUR_MS, isoInstant } from '#domain/time.ts'
import {
  updateUserPasswordBodyPasswordMax,
  updateUserPasswordBodyPasswordMin,
} from '#openapi/generated/zod/users/users.zod.ts'
import { randomToken } from './crypto.ts'
import { OFFLINE_ISSUER, checkIdToken, signIdToken } from './tokens.ts'

/** The offline identity's side of an account (Firebase keeps this in its own store). */
export interface CredentialRecord {
  readonly uid: string
  /** The password's scrypt hash (passwords.ts); the password itself is never kept. */
  readonly passwordHash: string
  /** ID tokens issued before this instant (epoch ms) are refused: set by a password change. */
  readonly sessionsValidAfter: number
}

export type ActionCodeKind = 'VERIFY_EMAIL' | 'PASSWORD_RESET'

export interface ActionCodeRecord {
  readonly code: string
  readonly kind: ActionCodeKind
  readonly uid: string
  readonly email: string
  readonly expiresAt: string
  readonly usedAt: string | null
}

export interface RefreshTokenRecord {
  readonly token: string
  readonly uid: string
  /** When the user signed in (seconds): refreshed ID tokens keep it as `auth_time`. */
  readonly authTime: number
  readonly createdAt: string
}

/** What the offline identity keeps; every method runs inside the caller's transaction. */
export interface IdentityStore {
  readonly users: Pick<UserRepository, 'get' | 'findByEmail' | 'update'>
  readonly credentials: {
    create(uid: string, password: string): Promise<void>
    verify(uid: string, password: string): Promise<boolean>
    setPassword(uid: string, password: string, sessionsValidAfter: number): Promise<void>
    /** Refuses the account's tokens issued before `sessionsValidAfter` (epoch ms); the password stays. */
    setSessionsValidAfter(uid: string, sessionsValidAfter: number): Promise<void>
    /** Epoch ms before which the account's tokens are refused; null when there is no such account. */
    sessionsValidAfter(uid: string): Promise<number | null>
    delete(uid: string): Promise<void>
  }
  readonly refreshTokens: {
    get(token: string): Promise<RefreshTokenRecord | null>
    insert(record: RefreshTokenRecord): Promise<void>
    deleteByUser(uid: string): Promise<void>
  }
  readonly actionCodes: {
    get(code: string): Promise<ActionCodeRecord | null>
    insert(record: ActionCodeRecord): Promise<void>
    update(record: ActionCodeRecord): Promise<void>
    deleteByUser(uid: string): Promise<void>
  }
  readonly mailer: Mailer
  /** Lifetime of new ID tokens (the mocked backend's fault settings can shorten it). */
  tokenLifetimeSeconds(): number
  /** When set, Firebase Auth emulator tokens of this project are accepted (matched by address). */
  emulatorProject(): string | null
  readonly signingKey: Uint8Array
}

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

const ACTION_CODE_HOURS: Readonly<Record<ActionCodeKind, number>> = { VERIFY_EMAIL: 72, PASSWORD_RESET: 1 }

export const toIdentityUser = (user: UserRecord): IdentityUser => ({
  uid: user.uid,
  email: user.email,
  emailVerified: user.emailVerified,
  displayName: `${user.firstName} ${user.lastName}`.trim(),
})

/** An ID token for the user now. After a password change tokens start no earlier than the change. */
export const mintIdToken = (
  user: Pick<UserRecord, 'uid' | 'email' | 'emailVerified'>,
  sessionsValidAfter: number,
  now: number,
  lifetimeSeconds: number,
  key: Uint8Array,
  authTime?: number,
): string => {
  const issuedAt = Math.max(Math.floor(now / 1000), Math.ceil(sessionsValidAfter / 1000))
  return signIdToken(
    {
      iss: OFFLINE_ISSUER,
      sub: user.uid,
      email: user.email,
      email_verified: user.emailVerified,
      iat: issuedAt,
      exp: issuedAt + lifetimeSeconds,
      auth_time: authTime ?? issuedAt,
    },
    key,
  )
}

const newActionCode = async (
  store: IdentityStore,
  now: number,
  kind: ActionCodeKind,
  uid: string,
  email: string,
): Promise<string> => {
  const code = randomToken(18)
  await store.actionCodes.insert({
    code,
    kind,
    uid,
    email,
    expiresAt: isoInstant(now + ACTION_CODE_HOURS[kind] * HOUR_MS),
    usedAt: null,
  })
  return code
}

/** Sets a new password and ends the account's sign-ins: tokens issued before `now` are refused and refresh tokens dropped. */
const changePassword = async (store: IdentityStore, uid: string, password: string, now: number): Promise<void> => {
  await store.credentials.setPassword(uid, password, now)
  await store.refreshTokens.deleteByUser(uid)
}

/** Ends an account's sign-ins as Firebase's `revokeRefreshTokens` does; the password stays. */
const endSessions = async (store: IdentityStore, uid: string, now: number): Promise<void> => {
  await store.credentials.setSessionsValidAfter(uid, now)
  await store.refreshTokens.deleteByUser(uid)
}

/** Checks a token and whether its account's sessions still stand. */
const verify = async (store: IdentityStore, token: string, now: number): Promise<TokenCheck> => {
  const check = checkIdToken(token, now, store.emulatorProject(), store.signingKey)
  if (!check.ok) return check
  if (check.kind === 'firebase-emulator') {
    const nowSeconds = Math.floor(now / 1000)
    return {
      ok: true,
      identity: {
        uid: null,
        email: check.email,
        emailVerified: check.emailVerified,
        issuedAt: nowSeconds,
        authTime: check.authTime,
      },
    }
  }
  const { claims } = check
  const validAfter = await store.credentials.sessionsValidAfter(claims.sub)
  if (validAfter === null) return { ok: false, reason: 'The user of this token no longer exists.' }
  if (claims.iat * 1000 < validAfter) return { ok: false, reason: 'The token was revoked (password changed).' }
  return {
    ok: true,
    identity: {
      uid: claims.sub,
      email: claims.email,
      emailVerified: claims.email_verified,
      issuedAt: claims.iat,
      authTime: claims.auth_time,
    },
  }
}

/** The domain's identity port, over the offline identity's store. */
export const offlineIdentityProvider = (store: IdentityStore): IdentityProvider => ({
  verifyIdToken: (token, now) => verify(store, token, now),
  createAccount: async (account) => store.credentials.create(account.uid, account.password),
  // The address and name live on the portal's user record, which the twin reads.
  updateAccount: async () => undefined,
  setPassword: (uid, password, now) => changePassword(store, uid, password, now),
  verifyPassword: (uid, _email, password) => store.credentials.verify(uid, password),
  revokeSessions: (uid, now) => endSessions(store, uid, now),
  passwordResetCode: async (email, now) => {
    const user = await store.users.findByEmail(normalizeEmail(email))
    return user ? newActionCode(store, now, 'PASSWORD_RESET', user.uid, user.email) : null
  },
  deleteAccount: async (uid) => {
    await store.refreshTokens.deleteByUser(uid)
    await store.actionCodes.deleteByUser(uid)
    await store.credentials.delete(uid)
  },
  emailVerificationCode: (uid, email, now) => newActionCode(store, now, 'VERIFY_EMAIL', uid, email),
})

// ------------------------------------------------------------------------------------------------ protocol

const identityError = (error: string, status = 400): ApiResponse => ({ status, body: { error } })
const ok = (body: unknown): ApiResponse => ({ status: 200, body })
const noContent: ApiResponse = { status: 204 }

const SignIn = z.object({ email: z.string(), password: z.string() })
const Refresh = z.object({ refreshToken: z.string() })
const IdToken = z.object({ idToken: z.string() })
const OobCode = z.object({ oobCode: z.string() })
const Email = z.object({ email: z.string() })
const ResetPassword = z.object({ oobCode: z.string(), newPassword: z.string() })

const session = async (
  store: IdentityStore,
  now: number,
  user: UserRecord,
  refreshToken: string,
  authTime: number,
): Promise<Session> => {
  const lifetime = store.tokenLifetimeSeconds()
  const validAfter = (await store.credentials.sessionsValidAfter(user.uid)) ?? 0
  return {
    idToken: mintIdToken(user, validAfter, now, lifetime, store.signingKey, authTime),
    refreshToken,
    expiresIn: lifetime,
    user: toIdentityUser(user),
  }
}

/** Checks a code of `kind`: unknown or used → INVALID_OOB_CODE, past its time → EXPIRED_OOB_CODE. */
const takeCode = async (
  store: IdentityStore,
  now: number,
  code: string,
  kind: ActionCodeKind,
): Promise<{ error: 'INVALID_OOB_CODE' | 'EXPIRED_OOB_CODE' } | { user: UserRecord }> => {
  const record = await store.actionCodes.get(code)
  if (!record || record.kind !== kind || record.usedAt !== null) return { error: 'INVALID_OOB_CODE' }
  if (Date.parse(record.expiresAt) <= now) return { error: 'EXPIRED_OOB_CODE' }
  const user = await store.users.get(record.uid)
  if (!user || user.email !== record.email) return { error: 'INVALID_OOB_CODE' }
  await store.actionCodes.update({ ...record, usedAt: isoInstant(now) })
  return { user }
}

type Action = (store: IdentityStore, now: number, body: unknown) => Promise<ApiResponse>

/** An action whose body must have the shape of `schema` (the protocol's errors are about content). */
const action =
  <S extends z.ZodType>(
    schema: S,
    run: (store: IdentityStore, now: number, input: z.output<S>) => Promise<ApiResponse>,
  ): Action =>
  async (store, now, body) => {
    if (body === MALFORMED_BODY)
      return { status: 400, body: { error: 'INVALID_REQUEST', message: 'The body is not valid JSON.' } }
    const input = schema.safeParse(body)
    return input.success ? run(store, now, input.data) : identityError('INVALID_REQUEST')
  }

export const identityTwin = {
  signIn: action(SignIn, async (store, now, input) => {
    const user = await store.users.findByEmail(normalizeEmail(input.email))
    if (!user || !(await store.credentials.verify(user.uid, input.password)))
      return identityError('INVALID_CREDENTIALS')
    const refreshToken = randomToken(32)
    const authTime = Math.floor(now / 1000)
    await store.refreshTokens.insert({ token: refreshToken, uid: user.uid, authTime, createdAt: isoInstant(now) })
    return ok(await session(store, now, user, refreshToken, authTime))
  }),

  token: action(Refresh, async (store, now, input) => {
    const record = await store.refreshTokens.get(input.refreshToken)
    const user = record ? await store.users.get(record.uid) : null
    if (!record || !user) return identityError('INVALID_REFRESH_TOKEN')
    // Ending the sessions drops the account's refresh tokens; one issued before that never mints again,
    // even if it outlived the drop (a sign-in committed alongside it).
    const validAfter = await store.credentials.sessionsValidAfter(record.uid)
    if (validAfter === null || Date.parse(record.createdAt) < validAfter) return identityError('INVALID_REFRESH_TOKEN')
    return ok(await session(store, now, user, record.token, record.authTime))
  }),

  lookup: action(IdToken, async (store, now, input) => {
    const user = await userOfToken(store, input.idToken, now)
    return user ? ok({ user: toIdentityUser(user) }) : identityError('INVALID_ID_TOKEN')
  }),

  sendVerification: action(IdToken, async (store, now, input) => {
    const user = await userOfToken(store, input.idToken, now)
    if (!user) return identityError('INVALID_ID_TOKEN')
    const code = await newActionCode(store, now, 'VERIFY_EMAIL', user.uid, user.email)
    await store.mailer.send(verificationMail(user.email, user.firstName, code))
    return noContent
  }),

  applyActionCode: action(OobCode, async (store, now, input) => {
    const taken = await takeCode(store, now, input.oobCode, 'VERIFY_EMAIL')
    if ('error' in taken) return identityError(taken.error)
    await store.users.update({ ...taken.user, emailVerified: true })
    return noContent
  }),

  sendPasswordReset: action(Email, async (store, now, input) => {
    // Always 204: the answer must not reveal whether the address has an account.
    const user = await store.users.findByEmail(normalizeEmail(input.email))
    if (user) {
      const code = await newActionCode(store, now, 'PASSWORD_RESET', user.uid, user.email)
      await store.mailer.send(passwordResetMail(user.email, user.firstName, code))
    }
    return noContent
  }),

  resetPassword: action(ResetPassword, async (store, now, input) => {
    // The contract's `Password` rule and the common passwords, as the backend's user operations have them.
    const length = input.newPassword.length
    if (length < updateUserPasswordBodyPasswordMin || length > updateUserPasswordBodyPasswordMax)
      return identityError('WEAK_PASSWORD')
    if (isCommonPassword(input.newPassword)) return identityError('COMMON_PASSWORD')
    const taken = await takeCode(store, now, input.oobCode, 'PASSWORD_RESET')
    if ('error' in taken) return identityError(taken.error)
    // Like a password change: sessions end. Whoever got the mail proved the address, too.
    if (!taken.user.emailVerified) await store.users.update({ ...taken.user, emailVerified: true })
    await changePassword(store, taken.user.uid, input.newPassword, now)
    return noContent
  }),
} satisfies Record<string, Action>

/** The action of the protocol named `name` (`/__mock/identity/<name>`), or undefined. */
export const identityAction = (name: string): Action | undefined =>
  Object.hasOwn(identityTwin, name) ? identityTwin[name as keyof typeof identityTwin] : undefined

/** The portal user behind an ID token of this provider, or null. */
const userOfToken = async (store: IdentityStore, token: string, now: number): Promise<UserRecord | null> => {
  const check = await verify(store, token, now)
  if (!check.ok) return null
  return check.identity.uid === null
    ? store.users.findByEmail(normalizeEmail(check.identity.email))
    : store.users.get(check.identity.uid)
}
