/**
 * A local S3-compatible server for the tests of the S3 file store: s3rver (npm) in this process, on a free
 * port, its objects in a temporary folder, with one bucket.
 *
 * s3rver takes the S3 API and checks a presigned URL's expiry, but not its signature: it accepts any
 * SigV4 signature ("Signature version 4 calculation is unimplemented", lib/middleware/authentication.js),
 * and it answers requests without one, as a public bucket would. So browsers' requests go through a gate
 * in front of it that answers as a private AWS bucket does: only a GET or HEAD with a valid query-string
 * SigV4 signature (computed here from AWS's published algorithm, independently of the SDK that signs)
 * that has not expired reaches s3rver; anything else is 403. The server under test talks to s3rver
 * directly (S3_ENDPOINT) and signs its links for the gate (S3_PUBLIC_ENDPOINT).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'
import { mkdtempSync, rmSync, utimesSync } from 'node:fs'
import { createServer, request } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>
  close(): Promise<void>
}
type S3rverConstructor = new (options: {
  address: string
  port: number
  silent: boolean
  directory: string
  configureBuckets: Array<{ name: string }>
}) => S3rverInstance
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor

/** s3rver's built-in account. */
const ACCESS_KEY_ID = 'S3RVER'
const SECRET_ACCESS_KEY = 'S3RVER'

export interface S3TestServer {
  /** Where the server under test reaches the S3 API. */
  readonly endpoint: string
  /** Where browsers reach the bucket: the gate that checks signatures. */
  readonly publicEndpoint: string
  readonly bucket: string
  readonly region: string
  readonly credentials: { readonly accessKeyId: string; readonly secretAccessKey: string }
  /** Makes the object at `key` look `ageMs` old (its last change), as an object left long ago would be. */
  age(key: string, ageMs: number): void
  close(): Promise<void>
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest()
/** RFC 3986 percent-encoding, as SigV4 wants it (everything but unreserved characters). */
const uriEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/** YYYYMMDD'T'HHMMSS'Z' → epoch ms, or NaN. */
const amzDateMs = (value: string): number => {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value)
  if (!match) return Number.NaN
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number]
  return Date.UTC(y, mo - 1, d, h, mi, s)
}

/**
 * Why the request's query-string SigV4 signature does not hold, or null when it does (AWS's "Authenticating
 * Requests: Using Query Parameters"; S3 takes the path as sent, each segment encoded once).
 */
export const presignedRefusal = (
  method: string,
  rawUrl: string,
  host: string,
  secretFor: (accessKeyId: string) => string | undefined,
  now: number,
): string | null => {
  const [rawPath = '/', rawQuery = ''] = rawUrl.split('?', 2)
  const query = [...new URLSearchParams(rawQuery)]
  const param = (name: string) => query.find(([key]) => key === name)?.[1]
  const signature = param('X-Amz-Signature')
  const credential = param('X-Amz-Credential')
  const date = param('X-Amz-Date')
  const expires = Number(param('X-Amz-Expires'))
  const signedHeaders = param('X-Amz-SignedHeaders')
  if (param('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' || !signature || !credential || !date || !signedHeaders)
    return 'AccessDenied'
  const [accessKeyId, day, region, service, terminator] = credential.split('/')
  const secret = accessKeyId ? secretFor(accessKeyId) : undefined
  if (!secret || !day || !region || service !== 's3' || terminator !== 'aws4_request') return 'InvalidAccessKeyId'
  const signedAt = amzDateMs(date)
  if (!date.startsWith(day) || !Number.isFinite(signedAt) || !(expires >= 1 && expires <= 604_800))
    return 'AuthorizationQueryParametersError'
  if (now > signedAt + expires * 1000) return 'AccessDenied: Request has expired'

  const canonicalUri = rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/')
  const canonicalQuery = query
    .filter(([key]) => key !== 'X-Amz-Signature')
    .map(([key, value]) => [uriEncode(key), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&')
  const headerNames = signedHeaders.split(';')
  if (!headerNames.includes('host')) return 'AccessDenied'
  const canonicalHeaders = headerNames.map((name) => `${name}:${name === 'host' ? host : ''}\n`).join('')
  const payload = param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD'
  const canonicalRequest = [method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payload].join('\n')
  const scope = `${day}/${region}/s3/aws4_request`
  const stringToSign = ['AWS4-HMAC-SHA256', date, scope, sha256(canonicalRequest)].join('\n')
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), 's3'), 'aws4_request')
  const expected = Buffer.from(hmac(key, stringToSign).toString('hex'))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given) ? null : 'SignatureDoesNotMatch'
}

const refuse = (response: ServerResponse, code: string) => {
  response.writeHead(403, { 'content-type': 'application/xml' })
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`)
}

export const startS3TestServer = async (): Promise<S3TestServer> => {
  const directory = mkdtempSync(join(tmpdir(), 'vp-s3rver-'))
  const bucket = 'vereinsportal-test'
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await s3rver.run()

  const gate = createServer((incoming: IncomingMessage, response: ServerResponse) => {
    const method = incoming.method ?? 'GET'
    const refused =
      method === 'GET' || method === 'HEAD'
        ? presignedRefusal(
            method,
            incoming.url ?? '/',
            incoming.headers.host ?? '',
            (id) => (id === ACCESS_KEY_ID ? SECRET_ACCESS_KEY : undefined),
            Date.now(),
          )
        : 'AccessDenied'
    if (refused) return refuse(response, refused)
    const upstream = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `127.0.0.1:${port}` },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.once('error', () => {
      if (!response.headersSent) response.writeHead(502)
      response.end()
    })
    incoming.pipe(upstream)
  })
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve))
  const gateAddress = gate.address()
  const gatePort = typeof gateAddress === 'object' && gateAddress ? gateAddress.port : 0

  return {
    endpoint: `http://127.0.0.1:${port}`,
    publicEndpoint: `http://127.0.0.1:${gatePort}`,
    bucket,
    region: 'us-east-1',
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    age: (key, ageMs) => {
      // s3rver reports an object's LastModified from its file's mtime (lib/stores/filesystem.js).
      const parts = key.split('/')
      const name = parts.pop()!
      const when = new Date(Date.now() - ageMs)
      utimesSync(join(directory, bucket, ...parts, `${name}._S3rver_object`), when, when)
    },
    close: async () => {
      gate.closeAllConnections()
      await new Promise<void>((resolve) => gate.close(() => resolve()))
      await s3rver.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
