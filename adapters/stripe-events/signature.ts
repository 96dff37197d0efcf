/**
 * Stripe's webhook signature scheme, for the simulated provider: `Stripe-Signature: t=<unix seconds>,
 * v1=<hex HMAC-SHA256 of "<t>.<body>" under the endpoint's secret>`, accepted within a tolerance around
 * now. The Stripe adapter verifies with the SDK (`stripe.webhooks.constructEvent`); the simulated provider
 * also runs in the browser (the mocked mode), where the SDK's Node build does not, so it signs and verifies
 * with @noble/hashes' HMAC. signature.test.ts proves both ways against the SDK itself: what the SDK's
 * `generateTestHeaderString` signs verifies here, and what this signs, `constructEvent` accepts.
 */
import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'
import { InvalidEventError } from '#domain/payment-provider.ts'

/** Stripe's default tolerance: a delivery signed more than five minutes from now is refused. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

const signatureOf = (payload: string, secret: string, timestamp: number): string =>
  bytesToHex(hmac(sha256, utf8ToBytes(secret), utf8ToBytes(`${timestamp}.${payload}`)))

/** The `Stripe-Signature` header for `payload`, signed at `timestamp` (epoch seconds). */
export const signatureHeader = (payload: string, secret: string, timestamp: number): string =>
  `t=${timestamp},v1=${signatureOf(payload, secret, timestamp)}`

/** Compares two hex strings without stopping at the first difference. */
const sameHex = (a: string, b: string): boolean => {
  if (a.length !== b.length) return false
  let difference = 0
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return difference === 0
}

/**
 * Checks a delivery as `stripe.webhooks.constructEvent` does: some `v1` of the header is the signature of
 * `payload` at its `t`, and `t` lies within the tolerance of `now` (epoch ms). Throws InvalidEventError.
 */
export const verifySignature = (payload: string, header: string, secret: string, now: number): void => {
  const parts = header.split(',').map((part) => part.trim().split('='))
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1])
  const signatures = parts.filter(([key, value]) => key === 'v1' && value).map(([, value]) => value!)
  if (!Number.isInteger(timestamp) || signatures.length === 0)
    throw new InvalidEventError('signature', 'The Stripe-Signature header has no timestamp or no v1 signature.')
  const expected = signatureOf(payload, secret, timestamp)
  if (!signatures.some((signature) => sameHex(signature, expected)))
    throw new InvalidEventError('signature', 'No signature matches the payload.')
  if (Math.abs(now / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
    throw new InvalidEventError('timestamp', 'The signature is older (or newer) than the tolerance allows.')
}
