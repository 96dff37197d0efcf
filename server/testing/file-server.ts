/**
 * The server with its file storage, for the tests of server/files: embedded PostgreSQL in memory with
 * the demo seed, files in a temporary folder, called in-process with `inject` (or listening on a free
 * port, for tests that need a real socket), signed in with the local identity's tokens.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { ServerBackend } from '#server/backend.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import { createDiskFiles } from '#server/files/disk-store.ts'
import type { DiskFiles } from '#server/files/disk-store.ts'
import { buildTestApp } from './test-app.ts'

export const API = '/api/backend/v1'

export interface FileTestServer {
  readonly app: FastifyInstance
  readonly backend: ServerBackend
  readonly database: OpenDatabase
  readonly files: DiskFiles
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

export const createFileTestServer = async (): Promise<FileTestServer> => {
  const root = mkdtempSync(join(tmpdir(), 'vp-files-test-'))
  const files = createDiskFiles(root)
  const { app, backend, database, tokenFor, close } = await buildTestApp({ files })

  const authorization = async (as: string | null | undefined): Promise<Record<string, string>> =>
    as ? { authorization: `Bearer ${await tokenFor(as)}` } : {}

  return {
    app,
    backend,
    database,
    files,
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
      rmSync(root, { recursive: true, force: true })
    },
  }
}
