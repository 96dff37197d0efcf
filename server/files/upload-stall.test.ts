/**
 * An upload whose body stops arriving is cut off after UPLOAD_IDLE_TIMEOUT_MS without a byte: a 408
 * problem `request-timeout`, the connection closed, and nothing of it kept (no temporary file, no staged
 * file, no row). The whole request's limit (UPLOAD_TIMEOUT_MS, minutes) is far away here, so only the idle
 * limit can answer. Over a real socket: the client sends the headers and part of the body, then nothing.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, existsSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { freePort } from '#server/testing/free-port.ts'
import { buildTestApp } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { createDiskFiles } from './disk-store.ts'
import type { DiskFiles } from './disk-store.ts'

const JPEG = readFileSync(join(process.cwd(), 'tests/fixtures', 'ausweis-vorderseite.jpg'))
const IDLE_MS = 300

let root: string
let files: DiskFiles
let testApp: TestApp
let port = 0

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'vp-upload-stall-'))
  files = createDiskFiles(root)
  testApp = await buildTestApp({
    files,
    config: { uploadTimeoutMs: 600_000, uploadIdleTimeoutMs: IDLE_MS },
  })
  port = await freePort()
  await testApp.app.listen({ port, host: '127.0.0.1' })
}, 120_000)
afterAll(async () => {
  await testApp?.close()
  rmSync(root, { recursive: true, force: true })
})

/** Sends the headers and `sent` bytes of a body announced `declared` bytes long; resolves with all the server sent until it closed. */
const stalledUpload = async (path: string, sent: Buffer, declared: number): Promise<string> => {
  const token = await testApp.tokenFor(seedAccounts.verein.email)
  const socket = connect(port, '127.0.0.1')
  let answer = ''
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
  socket.write(
    `PUT /api/backend/v1/storage/blob?path=${encodeURIComponent(path)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
      `Authorization: Bearer ${token}\r\nContent-Type: image/jpeg\r\nContent-Length: ${declared}\r\n\r\n`,
  )
  socket.write(sent)
  // Then nothing: the server must end it.
  await new Promise<void>((resolve) => socket.once('close', () => resolve()))
  return answer
}

describe('an upload whose body stops arriving', () => {
  it('is answered 408 problem request-timeout, the connection closes, and nothing is kept', async () => {
    const path = `clubs/${seedClubs.volume}/GALLERY/00000000-0000-4000-8000-000000000001-bild.jpg`
    const answer = await stalledUpload(path, JPEG.subarray(0, 1000), JPEG.length)
    const [head = '', body = ''] = answer.split('\r\n\r\n')
    expect(head).toMatch(/^HTTP\/1\.1 408 /)
    expect(head.toLowerCase()).toContain('content-type: application/problem+json')
    expect(head.toLowerCase()).toContain('connection: close')
    expect(JSON.parse(body)).toMatchObject({
      type: 'https://vereinsportal.at/problems/request-timeout',
      status: 408,
    })
    expect(readdirSync(join(files.root, '.incoming'))).toEqual([])
    expect(existsSync(files.locate(path))).toBe(false)
    const row = await testApp.database.db
      .selectFrom('file_blobs')
      .select('path')
      .where('path', '=', path)
      .executeTakeFirst()
    expect(row).toBeUndefined()
  }, 60_000)

  it('a body that keeps arriving, slowly, is taken', async () => {
    const path = `clubs/${seedClubs.volume}/GALLERY/00000000-0000-4000-8000-000000000002-bild.jpg`
    const token = await testApp.tokenFor(seedAccounts.verein.email)
    const socket = connect(port, '127.0.0.1')
    let answer = ''
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')))
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.write(
      `PUT /api/backend/v1/storage/blob?path=${encodeURIComponent(path)} HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
        `Authorization: Bearer ${token}\r\nContent-Type: image/jpeg\r\nContent-Length: ${JPEG.length}\r\n` +
        `Connection: close\r\n\r\n`,
    )
    // Each piece well within the idle limit of the one before, the whole longer than the limit.
    const pieces = 4
    const size = Math.ceil(JPEG.length / pieces)
    for (let i = 0; i < pieces; i++) {
      socket.write(JPEG.subarray(i * size, (i + 1) * size))
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS / 3))
    }
    // The whole answer (its announced length), whether or not the server has closed the socket yet.
    await new Promise<void>((resolve) => {
      const complete = () => {
        const [head, body] = answer.split('\r\n\r\n')
        const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN)
        if (body !== undefined && Buffer.byteLength(body) >= length) resolve()
      }
      socket.on('data', complete)
      socket.once('close', () => resolve())
      complete()
    })
    socket.destroy()
    expect(answer).toMatch(/^HTTP\/1\.1 201 /)
  }, 60_000)
})
