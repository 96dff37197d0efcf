/**
 * The server with its file storage, for the tests of server/files: embedded PostgreSQL in memory with
 * the demo seed, files in a temporary folder or in a bucket of a local S3-compatible server
 * (server/testing/s3-test-server.ts), called in-process with `inject` (or listening on a free port, for
 * tests that need a real socket), signed in with the local identity's tokens. What the tests look at in
 * the store (a file's bytes, a stray file, the temporary files) goes through helpers that work for
 * either store.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { ServerBackend } from '#server/backend.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import { createDiskFiles } from '#server/files/disk-store.ts'
import type { FileStore } from '#server/files/file-store.ts'
import { createS3Files } from '#server/files/s3-store.ts'
import type { S3StoreConfig } from '#server/files/s3-store.ts'
import { startS3TestServer } from './s3-test-server.ts'
import type { S3TestServer } from './s3-test-server.ts'
import { buildTestApp } from './test-app.ts'

/** The server's disk, or a bucket whose links are presigned URLs or lead to the server (S3_DOWNLOADS). */
export type TestStore = 'disk' | 's3-presigned' | 's3-proxy'

/** What a download answered, whether the server (inject) or the bucket (fetch) sent it. */
export interface Download {
  readonly statusCode: number
  readonly headers: Record<string, string | undefined>
  readonly bytes: Buffer
}

export const API = '/api/backend/v1'

export interface FileTestServer {
  readonly app: FastifyInstance
  readonly backend: ServerBackend
  readonly database: OpenDatabase
  readonly store: TestStore
  readonly files: FileStore
  /** The S3 store's settings (with S3_PUBLIC_ENDPOINT at the signature gate); undefined for the disk. */
  readonly s3: S3StoreConfig | undefined
  /** The bytes stored at `path`, or null. */
  stored(path: string): Promise<Buffer | null>
  /** A file at `path` that no row knows (what a crash leaves), last changed `ageMs` ago. */
  plantStray(path: string, bytes: Uint8Array, ageMs: number): Promise<void>
  /** The names of the temporary files of uploads (being) received. */
  temps(): string[]
  /** A temporary file an upload left `ageMs` ago; returns its path. */
  plantTemp(name: string, bytes: Uint8Array, ageMs: number): string
  /** GETs a download link: the server's (in-process) or the bucket's (over HTTP). */
  download(url: string): Promise<Download>
  tokenFor(email: string): Promise<string>
  /** A JSON call (or none), signed in as `as` when given. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options?: { as?: string; body?: unknown },
  ): Promise<LightMyRequestResponse>
  /** `uploadFile` with the bytes as they are; `contentType` null: no Content-Type header. */
  upload(
    as: string | null,
    path: string,
    bytes: Uint8Array,
    contentType?: string | null,
  ): Promise<LightMyRequestResponse>
  close(): Promise<void>
}

const LINK_SECRET = 'a link secret several processes share'

const age = (path: string, ageMs: number) => {
  const when = new Date(Date.now() - ageMs)
  utimesSync(path, when, when)
}

export const createFileTestServer = async (store: TestStore = 'disk'): Promise<FileTestServer> => {
  const root = mkdtempSync(join(tmpdir(), 'vp-files-test-'))
  let s3server: S3TestServer | undefined
  let s3: S3StoreConfig | undefined
  let files: FileStore
  let plantStray: FileTestServer['plantStray']
  let incoming: string
  if (store === 'disk') {
    const disk = createDiskFiles(root)
    files = disk
    incoming = join(root, '.incoming')
    plantStray = async (path, bytes, ageMs) => {
      mkdirSync(dirname(disk.locate(path)), { recursive: true })
      writeFileSync(disk.locate(path), bytes)
      age(disk.locate(path), ageMs)
    }
  } else {
    const server = await startS3TestServer()
    s3server = server
    s3 = {
      bucket: server.bucket,
      region: server.region,
      endpoint: server.endpoint,
      publicEndpoint: server.publicEndpoint,
      forcePathStyle: true,
      credentials: server.credentials,
      prefix: 'portal/',
      downloads: store === 's3-presigned' ? 'presigned' : 'proxy',
    }
    incoming = join(root, '.incoming')
    const bucketStore = createS3Files(s3, { incomingDir: incoming, linkSecret: LINK_SECRET })
    files = bucketStore
    const client = new S3Client({
      region: server.region,
      endpoint: server.endpoint,
      forcePathStyle: true,
      credentials: server.credentials,
    })
    plantStray = async (path, bytes, ageMs) => {
      const key = bucketStore.keyOf(path)
      await client.send(new PutObjectCommand({ Bucket: server.bucket, Key: key, Body: bytes }))
      server.age(key, ageMs)
    }
  }
  const { app, backend, database, tokenFor, close } = await buildTestApp({ files })

  const authorization = async (as: string | null | undefined): Promise<Record<string, string>> =>
    as ? { authorization: `Bearer ${await tokenFor(as)}` } : {}

  return {
    app,
    backend,
    database,
    store,
    files,
    s3,
    stored: async (path) => {
      const file = await files.open(path)
      if (!file) return null
      return buffer(file.stream)
    },
    plantStray,
    temps: () => readdirSync(incoming),
    plantTemp: (name, bytes, ageMs) => {
      const path = join(incoming, name)
      writeFileSync(path, bytes)
      age(path, ageMs)
      return path
    },
    download: async (url) => {
      const parsed = new URL(url)
      if (s3 && parsed.origin === s3.publicEndpoint) {
        const answer = await fetch(parsed)
        return {
          statusCode: answer.status,
          headers: Object.fromEntries(answer.headers),
          bytes: Buffer.from(await answer.arrayBuffer()),
        }
      }
      const answer = await app.inject({ method: 'GET', url: `${parsed.pathname}${parsed.search}` })
      return {
        statusCode: answer.statusCode,
        headers: Object.fromEntries(Object.entries(answer.headers).map(([name, value]) => [name, value?.toString()])),
        bytes: answer.rawPayload,
      }
    },
    tokenFor,
    call: async (method, url, options = {}) =>
      app.inject({
        method,
        url: url.startsWith('/api') ? url : `${API}${url}`,
        headers: {
          ...(await authorization(options.as)),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
      }),
    upload: async (as, path, bytes, contentType = 'application/octet-stream') =>
      app.inject({
        method: 'PUT',
        url: `${API}/storage/blob?path=${encodeURIComponent(path)}`,
        headers: { ...(await authorization(as)), ...(contentType === null ? {} : { 'content-type': contentType }) },
        payload: Buffer.from(bytes),
      }),
    close: async () => {
      await close()
      ;(files as { close?: () => void }).close?.()
      await s3server?.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}
