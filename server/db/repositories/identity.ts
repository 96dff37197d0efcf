/**
 * The tables `identity_credentials`, `identity_refresh_tokens` and `identity_action_codes`: the offline
 * identity's store (adapters/offline-identity/offline-identity.ts) in PostgreSQL, the server's local
 * identity mode for development and tests. Passwords are kept as scrypt hashes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import type { IdentityStore } from '#adapters/offline-identity/offline-identity.ts'
import type { Mailer } from '#domain/ports.ts'
import type { Trx } from '#server/db/database.ts'
import { userRepository } from './users.ts'

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>
const KEY_LENGTH = 32

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16)
  const hash = await scrypt(password, salt, KEY_LENGTH)
  return `scrypt$${salt.toString('base64')}$${hash.toString('base64')}`
}

export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length)
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

export interface SqlIdentityOptions {
  signingKey: Uint8Array
  tokenLifetimeSeconds: number
}

export const sqlIdentityStore = (trx: Trx, mailer: Mailer, options: SqlIdentityOptions): IdentityStore => ({
  // The portal's user records, as the domain's repository reads and writes them.
  users: userRepository(trx),
  credentials: {
    create: async (uid, password) => {
      await trx
        .insertInto('identity_credentials')
        .values({ uid, password_hash: await hashPassword(password), sessions_valid_after: 0 })
        .execute()
    },
    verify: async (uid, password) => {
      const row = await trx
        .selectFrom('identity_credentials')
        .select('password_hash')
        .where('uid', '=', uid)
        .executeTakeFirst()
      return row ? verifyPassword(password, row.password_hash) : false
    },
    setPassword: async (uid, password, sessionsValidAfter) => {
      const passwordHash = await hashPassword(password)
      await trx
        .insertInto('identity_credentials')
        .values({ uid, password_hash: passwordHash, sessions_valid_after: sessionsValidAfter })
        .onConflict((conflict) =>
          conflict.column('uid').doUpdateSet({ password_hash: passwordHash, sessions_valid_after: sessionsValidAfter }),
        )
        .execute()
    },
    setSessionsValidAfter: async (uid, sessionsValidAfter) => {
      await trx
        .updateTable('identity_credentials')
        .set({ sessions_valid_after: sessionsValidAfter })
        .where('uid', '=', uid)
        .execute()
    },
    sessionsValidAfter: async (uid) => {
      const row = await trx
        .selectFrom('identity_credentials')
        .select('sessions_valid_after')
        .where('uid', '=', uid)
        .executeTakeFirst()
      return row ? Number(row.sessions_valid_after) : null
    },
    delete: async (uid) => {
      await trx.deleteFrom('identity_credentials').where('uid', '=', uid).execute()
    },
  },
  refreshTokens: {
    get: async (token) => {
      const row = await trx
        .selectFrom('identity_refresh_tokens')
        .selectAll()
        .where('token', '=', token)
        .executeTakeFirst()
      return row ? { token: row.token, uid: row.uid, authTime: Number(row.auth_time), createdAt: row.created_at } : null
    },
    insert: async (record) => {
      await trx
        .insertInto('identity_refresh_tokens')
        .values({ token: record.token, uid: record.uid, auth_time: record.authTime, created_at: record.createdAt })
        .execute()
    },
    deleteByUser: async (uid) => {
      await trx.deleteFrom('identity_refresh_tokens').where('uid', '=', uid).execute()
    },
  },
  actionCodes: {
    get: async (code) => {
      const row = await trx.selectFrom('identity_action_codes').selectAll().where('code', '=', code).executeTakeFirst()
      return row
        ? {
            code: row.code,
            kind: row.kind as 'VERIFY_EMAIL' | 'PASSWORD_RESET',
            uid: row.uid,
            email: row.email,
            expiresAt: row.expires_at,
            usedAt: row.used_at,
          }
        : null
    },
    insert: async (record) => {
      await trx
        .insertInto('identity_action_codes')
        .values({
          code: record.code,
          kind: record.kind,
          uid: record.uid,
          email: record.email,
          expires_at: record.expiresAt,
          used_at: record.usedAt,
        })
        .execute()
    },
    update: async (record) => {
      await trx
        .updateTable('identity_action_codes')
        .set({ used_at: record.usedAt })
        .where('code', '=', record.code)
        .execute()
    },
    deleteByUser: async (uid) => {
      await trx.deleteFrom('identity_action_codes').where('uid', '=', uid).execute()
    },
  },
  mailer,
  tokenLifetimeSeconds: () => options.tokenLifetimeSeconds,
  emulatorProject: () => null,
  signingKey: options.signingKey,
})
