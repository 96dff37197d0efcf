/**
 * Password hashes of the offline identity (the mocked backend's credentials; the server's local identity
 * keeps its own with node:crypto, server/db/repositories/identity.ts). scrypt from `@noble/hashes`, with a
 * random salt per password, stored as `scrypt$N$r$p$<salt>$<hash>` (base64url), so a saved state never
 * holds a password, and the parameters can change without breaking older hashes.
 *
 * The parameters are modest on purpose: the mocked backend runs in the browser and hashes on every
 * sign-in, registration and password change, synchronously on the page's thread, and the unit tests run
 * it hundreds of times. N = 2^12, r = 8, p = 1 (4 MiB) takes about 15 ms on an idle core of the project's
 * 2-core machine (Node 24; 2^13 took 30–60 ms and 2^14 60–160 ms there), so a sign-in stays well below
 * 100 ms in the browser, on slower phones too. The server's scrypt (node:crypto, N = 2^14) guards real
 * accounts; this one keeps demo passwords out of browser storage.
 */
import { scrypt } from '@noble/hashes/scrypt.js'
import { base64UrlDecode, base64UrlEncode, constantTimeEqual, randomBytes } from './crypto.ts'

const SCHEME = 'scrypt'
const PARAMS = { N: 2 ** 12, r: 8, p: 1 } as const
const KEY_LENGTH = 32
const SALT_LENGTH = 16
/** Stored parameters above these are refused rather than computed (a tampered state must not hang the page). */
const LIMITS = { N: 2 ** 16, r: 16, p: 4 } as const

const derive = (password: string, salt: Uint8Array, params: { N: number; r: number; p: number }): Uint8Array =>
  scrypt(password, salt, { ...params, dkLen: KEY_LENGTH })

/** A new hash of `password` with a fresh random salt (`salt` only for the seed's precomputed hash). */
export const hashPassword = (password: string, salt: Uint8Array = randomBytes(SALT_LENGTH)): string =>
  [SCHEME, PARAMS.N, PARAMS.r, PARAMS.p, base64UrlEncode(salt), base64UrlEncode(derive(password, salt, PARAMS))].join(
    '$',
  )

/** Whether `password` matches `stored`; false for anything that is not a hash of this module. */
export const verifyPassword = (password: string, stored: string): boolean => {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== SCHEME) return false
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number]
  const salt = base64UrlDecode(parts[4]!)
  const expected = parts[5]!
  const valid =
    Number.isInteger(N) &&
    N > 1 &&
    (N & (N - 1)) === 0 &&
    N <= LIMITS.N &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= LIMITS.r &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= LIMITS.p
  if (!valid || !salt || salt.length === 0) return false
  return constantTimeEqual(base64UrlEncode(derive(password, salt, { N, r, p })), expected)
}
