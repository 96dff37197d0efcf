/**
 * The key the local identity signs ID tokens with, the same in every server process on the database (a
 * token one process issued is accepted by the next one a load balancer picks) and across restarts. Only
 * the local identity has one: it serves development and tests, never production (server/config.ts).
 */
import { newSigningKey, signingKeyFromText, signingKeyToText } from '#adapters/offline-identity/tokens.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import { sharedSecret } from '#server/db/server-secrets.ts'

const NAME = 'local-identity-signing-key'

export const localSigningKey = async (database: OpenDatabase): Promise<Uint8Array> => {
  const text = await sharedSecret(database, NAME, () => signingKeyToText(newSigningKey()))
  const key = signingKeyFromText(text)
  if (!key) throw new Error(`The stored ${NAME} is not a key; delete its row in server_secrets to make a new one.`)
  return key
}
