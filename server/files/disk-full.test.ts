/**
 * A full disk (or a used-up quota) while an upload is written is the client's 507 problem
 * `insufficient-storage`, never a 500, and leaves nothing behind: no temporary file, no staged file, no row.
 * The disk store's file system calls are the injected ones here, failing as a full disk fails (ENOSPC,
 * EDQUOT), so the test needs no small file system of its own.
 */
import { createWriteStream, mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs'
import { link, mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { buildTestApp } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { createDiskFiles } from './disk-store.ts'
import type { DiskFiles, DiskIo } from './disk-store.ts'

const JPEG = readFileSync(join(process.cwd(), 'tests/fixtures', 'ausweis-vorderseite.jpg'))

/** What the file system says when the disk is full, or the quota used up. */
const diskFull = (code: 'ENOSPC' | 'EDQUOT', syscall: string) =>
  Object.assign(new Error(`${code}: no space left on device, ${syscall}`), { code, errno: -28, syscall })

/** Which call fails next: the writing of the received bytes, or linking them into place. */
let failing: { at: 'write' | 'link'; code: 'ENOSPC' | 'EDQUOT' } | null = null

const io: DiskIo = {
  createWriteStream: (path, options) => {
    const stream = createWriteStream(path, options)
    const write = stream._write.bind(stream)
    const writev = stream._writev?.bind(stream)
    // The file is created; its first bytes find no room.
    stream._write = (chunk, encoding, done) =>
      failing?.at === 'write' ? done(diskFull(failing.code, 'write')) : write(chunk, encoding, done)
    stream._writev = (chunks, done) =>
      failing?.at === 'write' ? done(diskFull(failing.code, 'write')) : writev?.(chunks, done)
    return stream
  },
  link: (existing, target) =>
    failing?.at === 'link' ? Promise.reject(diskFull(failing.code, 'link')) : link(existing, target),
  mkdir,
}

let root: string
let files: DiskFiles
let testApp: TestApp
let counter = 0
const pathIn = (label: string, name: string) =>
  `clubs/${seedClubs.volume}/${label}/00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}-${name}`

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vp-disk-full-'))
  files = createDiskFiles(root, { io })
  testApp = await buildTestApp({ files })
}, 120_000)
afterAll(async () => {
  await testApp?.close()
  rmSync(root, { recursive: true, force: true })
})

const upload = async (path: string) =>
  testApp.app.inject({
    method: 'PUT',
    url: `/api/backend/v1/storage/blob?path=${encodeURIComponent(path)}`,
    headers: {
      authorization: `Bearer ${await testApp.tokenFor(seedAccounts.verein.email)}`,
      'content-type': 'image/jpeg',
    },
    payload: JPEG,
  })

const stagedRow = (path: string) =>
  testApp.database.db.selectFrom('file_blobs').select('path').where('path', '=', path).executeTakeFirst()

describe('an upload onto a full disk', () => {
  for (const [at, code] of [
    ['write', 'ENOSPC'],
    ['write', 'EDQUOT'],
    ['link', 'ENOSPC'],
  ] as const) {
    it(`is a 507 problem insufficient-storage (${code} while ${at === 'write' ? 'writing the bytes' : 'placing the file'}) and leaves nothing behind`, async () => {
      const path = pathIn('GALLERY', 'bild.jpg')
      failing = { at, code }
      const answer = await upload(path)
      failing = null
      expect(answer.statusCode, answer.body).toBe(507)
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/)
      expect(JSON.parse(answer.body)).toMatchObject({
        type: 'https://vereinsportal.at/problems/insufficient-storage',
        title: 'Insufficient Storage',
        status: 507,
      })
      expect(readdirSync(join(files.root, '.incoming'))).toEqual([])
      expect(existsSync(files.locate(path))).toBe(false)
      expect(await stagedRow(path)).toBeUndefined()
    })
  }

  it('takes the same upload once there is room again', async () => {
    const path = pathIn('GALLERY', 'bild.jpg')
    const answer = await upload(path)
    expect(answer.statusCode, answer.body).toBe(201)
    expect(await stagedRow(path)).toEqual({ path })
  })
})
