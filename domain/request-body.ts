/**
 * What the contract says about a JSON operation's body, for every edge alike (the Fastify app and the
 * MSW handlers): `Content-Type` application/json (or problem+json), or none with an empty body, else 415;
 * at most JSON_BODY_LIMIT_BYTES, else 413; text that is no JSON reaches the operation as MALFORMED_BODY,
 * which it answers 400 after authentication (a caller without a token learns 401 first). A DELETE's body
 * without a `Content-Type` is ignored.
 */
import { MALFORMED_BODY } from './operation.ts'
import { problem } from './problem.ts'
import type { ProblemError } from './problem.ts'

/** Bytes a JSON body may have (the server's BODY_LIMIT_BYTES defaults to this). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024

const JSON_MEDIA_TYPES: ReadonlySet<string> = new Set(['application/json', 'application/problem+json'])

/** The media type of a `Content-Type` value: `Application/JSON; charset=utf-8` → `application/json`. */
export const mediaTypeOf = (contentType: string): string => (contentType.split(';')[0] ?? '').trim().toLowerCase()

export const isJsonMediaType = (contentType: string): boolean => JSON_MEDIA_TYPES.has(mediaTypeOf(contentType))

/** How deep a body's arrays and objects may nest: the contract's bodies nest a few levels. */
export const JSON_DEPTH_LIMIT = 64

/** Whether the JSON text nests deeper than the limit (counted outside strings, before anything parses it). */
const nestsTooDeep = (text: string): boolean => {
  let depth = 0
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === '\\') index++
      else if (char === '"') inString = false
    } else if (char === '"') inString = true
    else if (char === '[' || char === '{') {
      if (++depth > JSON_DEPTH_LIMIT) return true
    } else if (char === ']' || char === '}') depth--
  }
  return false
}

const parseJsonText = (text: string): unknown => {
  if (text.trim() === '') return undefined
  // Deeper nesting is no body of the contract, and walking it would exhaust the stack.
  if (nestsTooDeep(text)) return MALFORMED_BODY
  try {
    return JSON.parse(text) as unknown
  } catch {
    return MALFORMED_BODY
  }
}

/** The parsed body and its text as received (a signed provider event is verified on exactly that text). */
export type BodyReading = { readonly body: unknown; readonly text: string | null } | { readonly refused: ProblemError }

/** The body of a JSON operation as the domain takes it, or the problem the edge answers instead. */
export const readJsonOperationBody = (
  method: string,
  contentType: string | null,
  bytes: Uint8Array,
  limit: number = JSON_BODY_LIMIT_BYTES,
): BodyReading => {
  if (contentType === null) {
    if (bytes.length === 0 || method === 'DELETE') return { body: undefined, text: null }
    return { refused: unsupportedMediaType() }
  }
  if (!isJsonMediaType(contentType)) return { refused: unsupportedMediaType() }
  if (bytes.length > limit) return { refused: payloadTooLarge(limit) }
  const text = new TextDecoder().decode(bytes)
  return { body: parseJsonText(text), text }
}

export const unsupportedMediaType = (): ProblemError =>
  problem('unsupported-media-type', 'The body must be application/json.')

export const payloadTooLarge = (limit: number): ProblemError =>
  problem('payload-too-large', `The body is larger than ${limit} bytes.`)
