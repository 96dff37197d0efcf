/** Ids and tokens from the platform's cryptographic random source (browser and Node alike). */
import type { IdGenerator } from './ports.ts'

const base64Url = (bytes: Uint8Array): string => {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export const randomToken = (bytes = 24): string => {
  const buffer = new Uint8Array(bytes)
  globalThis.crypto.getRandomValues(buffer)
  return base64Url(buffer)
}

export const randomIds: IdGenerator = {
  id: () => globalThis.crypto.randomUUID(),
  token: randomToken,
}
