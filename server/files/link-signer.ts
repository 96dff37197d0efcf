/** The server's own download links: HMAC-SHA256 with the link secret, compared in constant time. */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const linkSigner = (secret: Buffer) => {
  const sign = (text: string): string => createHmac('sha256', secret).update(text).digest('base64url')
  return {
    sign,
    verify: (text: string, signature: string): boolean => {
      const expected = Buffer.from(sign(text))
      const given = Buffer.from(signature)
      return expected.length === given.length && timingSafeEqual(expected, given)
    },
  }
}
