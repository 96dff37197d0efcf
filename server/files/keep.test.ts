/**
 * Bytes the backend makes itself (a receipt's PDF): `FileBlobs.keep` writes them claimed at once, and takes
 * them away again when the transaction rolls back; `readBytes` gives them back whole. On the server's disk
 * and in a bucket on the S3 API (s3rver), through the server backend's transactions (with their effects);
 * and in the mocked backend's memory, which keeps them as long as it lives.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMemoryFileBlobs } from '#mocks/db/memory-file-blobs.ts'
import { createServerBackend } from '#server/backend.ts'
import type { ServerBackend } from '#server/backend.ts'
import { openDatabase } from '#server/db/database.ts'
import type { OpenDatabase } from '#server/db/database.ts'
import { silentLogger } from '#server/testing/test-app.ts'
import { startS3TestServer } from '#server/testing/s3-test-server.ts'
import type { S3TestServer } from '#server/testing/s3-test-server.ts'
import { createDiskFiles } from './disk-store.ts'
import type { FileStore } from './file-store.ts'
import { createS3Files } from './s3-store.ts'

const NOW = Date.parse('2031-02-03T10:00:00.000Z')
const PDF_TYPE = 'application/pdf'
/** What the renderer makes: a PDF's bytes (its head, and enough of a body to span several chunks). */
const pdf = (size: number): Uint8Array => {
  const bytes = new Uint8Array(randomBytes(size))
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
  return bytes
}

let counter = 0
const pathOf = (name: string) => `clubs/club-sv-gruenbach/RECEIPT/${String(++counter).padStart(4, '0')}-${name}.pdf`

interface Setup {
  readonly files: FileStore
  /** The folder of the store's temporary files. */
  readonly incoming: string
  close(): Promise<void>
}

const disk = async (): Promise<Setup> => {
  const root = mkdtempSync(join(tmpdir(), 'vp-keep-disk-'))
  return {
    files: createDiskFiles(root),
    incoming: join(root, '.incoming'),
    close: async () => rmSync(root, { recursive: true, force: true }),
  }
}

const s3 = async (): Promise<Setup> => {
  const root = mkdtempSync(join(tmpdir(), 'vp-keep-s3-'))
  const server: S3TestServer = await startS3TestServer()
  const incoming = join(root, '.incoming')
  const files = createS3Files(
    {
      bucket: server.bucket,
      region: server.region,
      endpoint: server.endpoint,
      publicEndpoint: server.publicEndpoint,
      forcePathStyle: true,
      credentials: server.credentials,
      prefix: 'portal/',
      downloads: 'proxy',
    },
    { incomingDir: incoming, linkSecret: 'a link secret' },
  )
  return {
    files,
    incoming,
    close: async () => {
      ;(files as { close?: () => void }).close?.()
      await server.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}

describe.each([
  ['disk', disk],
  ['s3', s3],
] as const)('bytes the backend keeps (%s)', (_name, setUp) => {
  let setup: Setup
  let database: OpenDatabase
  let backend: ServerBackend
  beforeAll(async () => {
    setup = await setUp()
    database = await openDatabase({})
    backend = createServerBackend(database, { logger: silentLogger, files: setup.files })
  }, 60_000)
  afterAll(async () => {
    await database?.close()
    await setup?.close()
  })

  const stored = async (path: string): Promise<Buffer | null> => {
    const file = await setup.files.open(path)
    return file ? buffer(file.stream) : null
  }
  const row = (path: string) =>
    database.db.selectFrom('file_blobs').selectAll().where('path', '=', path).executeTakeFirst()

  it('keeps them claimed at once and reads them back whole, in the transaction and after it', async () => {
    const path = pathOf('quittung')
    const bytes = pdf(300_000)
    const inTransaction = await backend.transact(async ({ fileBlobs }) => {
      expect(await fileBlobs.keep(path, bytes, PDF_TYPE, NOW)).toBe(true)
      return fileBlobs.readBytes(path)
    })
    expect(inTransaction).toEqual(bytes)
    expect(await backend.transact(({ fileBlobs }) => fileBlobs.readBytes(path), true)).toEqual(bytes)
    expect(await backend.transact(({ fileBlobs }) => fileBlobs.get(path), true)).toEqual({
      path,
      size: bytes.length,
      contentType: PDF_TYPE,
      claimed: true,
    })
    expect(new Uint8Array((await stored(path))!)).toEqual(bytes)
    // The temporary file went with the commit.
    expect(readdirSync(setup.incoming)).toEqual([])
    // What a record claims as kept is its own already: a claim finds it in use.
    expect(
      await backend.transact(({ fileBlobs }) =>
        fileBlobs.claim(path, { size: bytes.length, contentType: PDF_TYPE }, NOW),
      ),
    ).toBe('in-use')
  })

  it('keeps nothing at a path taken already, and reads nothing where nothing is', async () => {
    const path = pathOf('doppelt')
    const first = pdf(2_000)
    await backend.transact(({ fileBlobs }) => fileBlobs.keep(path, first, PDF_TYPE, NOW))
    expect(await backend.transact(({ fileBlobs }) => fileBlobs.keep(path, pdf(3_000), PDF_TYPE, NOW))).toBe(false)
    expect(await backend.transact(({ fileBlobs }) => fileBlobs.readBytes(path), true)).toEqual(first)
    expect(await backend.transact(({ fileBlobs }) => fileBlobs.readBytes(pathOf('nie')), true)).toBeNull()
    expect(readdirSync(setup.incoming)).toEqual([])
  })

  it('removes what it kept when the transaction rolls back', async () => {
    const path = pathOf('zurueckgerollt')
    const failed = backend.transact(async ({ fileBlobs }) => {
      expect(await fileBlobs.keep(path, pdf(50_000), PDF_TYPE, NOW)).toBe(true)
      expect(await stored(path)).not.toBeNull()
      throw new Error('the receipt could not be recorded')
    })
    await expect(failed).rejects.toThrow('the receipt could not be recorded')
    expect(await row(path)).toBeUndefined()
    expect(await stored(path)).toBeNull()
    expect(readdirSync(setup.incoming)).toEqual([])
    // The path is free again.
    const again = pdf(1_000)
    expect(await backend.transact(({ fileBlobs }) => fileBlobs.keep(path, again, PDF_TYPE, NOW))).toBe(true)
    expect(new Uint8Array((await stored(path))!)).toEqual(again)
  })

  it('releases a kept file like any other: removed once the transaction has committed', async () => {
    const path = pathOf('freigegeben')
    await backend.transact(({ fileBlobs }) => fileBlobs.keep(path, pdf(1_000), PDF_TYPE, NOW))
    await backend.transact(({ fileBlobs }) => fileBlobs.release(path))
    expect(await row(path)).toBeUndefined()
    expect(await stored(path)).toBeNull()
  })
})

describe('bytes the mocked backend keeps (memory)', () => {
  it('keeps them claimed, gives a copy back whole, and refuses a path taken already', async () => {
    const blobs = createMemoryFileBlobs()
    const bytes = pdf(10_000)
    expect(await blobs.keep('a.pdf', bytes, PDF_TYPE, NOW)).toBe(true)
    expect(await blobs.get('a.pdf')).toEqual({
      path: 'a.pdf',
      size: bytes.length,
      contentType: PDF_TYPE,
      claimed: true,
    })
    const read = await blobs.readBytes('a.pdf')
    expect(read).toEqual(bytes)
    // Neither the caller's array nor the one handed out is the kept one.
    bytes.fill(0)
    read!.fill(1)
    expect((await blobs.readBytes('a.pdf'))?.[0]).toBe('%'.charCodeAt(0))
    expect(await blobs.keep('a.pdf', pdf(10), PDF_TYPE, NOW)).toBe(false)
    expect(await blobs.readBytes('b.pdf')).toBeNull()
    blobs.clear()
    expect(await blobs.readBytes('a.pdf')).toBeNull()
  })
})
