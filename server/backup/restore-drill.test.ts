/**
 * The restore drill: a database with an uploaded image is backed up (`npm run db:backup`, as an operator
 * runs it), then changed (a club renamed, a club and its user registered, the image deleted) and restored:
 * what the API shows is the state of the backup again, the image byte for byte, and the later changes are
 * gone. On PGlite in a DATA_DIR, or, with DATABASE_URL set (npm run test:postgres), on a fresh database of
 * that PostgreSQL server. Also: what restore refuses, before it changes anything.
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seedAccounts, seedClubTypes, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { buildSeed, seedInstant } from '#adapters/demo-seed/seed.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { readConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/database.ts'
import { loadDemoData } from '#server/db/seed.ts'
import { createDiskFiles } from '#server/files/disk-store.ts'
import { API } from '#server/testing/file-server.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { buildTestApp } from '#server/testing/test-app.ts'
import type { TestApp } from '#server/testing/test-app.ts'
import { dataLocationOf, MANIFEST_FILE } from './backup-format.ts'
import type { BackupManifest, DataLocation } from './backup-format.ts'
import { checkRestorable, restoreBackup } from './restore.ts'

const root = path.resolve(import.meta.dirname, '../..')
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

const PNG = new Uint8Array(readFileSync(path.join(root, 'tests/fixtures/vereinslogo.png')))
const admin = seedAccounts.admin.email
const member = seedAccounts.verein.email
const club = seedClubs.volume

/** The store this run uses, as the scripts read it from the environment. */
const storeUnderTest = async (): Promise<{ env: NodeJS.ProcessEnv; location: DataLocation; work: string }> => {
  const work = mkdtempSync(path.join(tmpdir(), 'vp-restore-drill-'))
  cleanups.push(() => rmSync(work, { recursive: true, force: true }))
  const env: NodeJS.ProcessEnv = { DATA_DIR: path.join(work, 'data'), DATABASE_URL: '', FILES_STORE: '' }
  if (process.env.DATABASE_URL) {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL, 'vp_drill')
    cleanups.push(scratch.drop)
    env.DATABASE_URL = scratch.url
  }
  return { env, location: dataLocationOf(readConfig([], env)), work }
}

/** The server's app on the store, as server/main.ts opens it. */
const openApp = async (location: DataLocation): Promise<TestApp> =>
  buildTestApp({
    database: await openDatabase(
      location.databaseUrl ? { url: location.databaseUrl } : { dataDir: location.pgliteDir },
    ),
    files: createDiskFiles(location.filesDir),
  })

const call = async (
  app: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  as?: string,
  body?: unknown,
) => {
  const response = await app.app.inject({
    method,
    url: url.startsWith('/api') ? url : `${API}${url}`,
    headers: {
      ...(as ? { authorization: `Bearer ${await app.tokenFor(as)}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
  return { status: response.statusCode, json: () => response.json<Record<string, unknown>>(), raw: response.rawPayload }
}

/** What a client sees of the things the drill changes. */
const observe = async (app: TestApp) => {
  const overview = await call(app, 'GET', `/club/cluboverview/${club}`, member)
  const clubs = await call(app, 'GET', '/club?size=100', admin)
  const images = await call(app, 'GET', `/club/${club}/getImages?label=GALLERY`, member)
  const users = await call(app, 'GET', '/users', admin)
  return {
    clubName: (overview.json().club as { name: string }).name,
    clubNames: (clubs.json().items as Array<{ name: string }>).map((item) => item.name).sort(),
    images: images.json() as unknown as Array<{ id: string; path: string }>,
    emails: (users.json() as unknown as Array<{ email: string }>).map((user) => user.email).sort(),
  }
}

/** The bytes a signed link of `path` serves. */
const download = async (app: TestApp, path: string): Promise<Buffer> => {
  const link = await call(app, 'GET', `/storage/link?path=${encodeURIComponent(path)}`, member)
  expect(link.status).toBe(200)
  const url = new URL((link.json() as { url: string }).url)
  const file = await call(app, 'GET', `${url.pathname.replace(/^.*(?=\/api\/backend\/v1)/, '')}${url.search}`)
  expect(file.status).toBe(200)
  return file.raw
}

const run = (args: string[], env: NodeJS.ProcessEnv, command = process.execPath) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('close', (code) => resolve({ code, output }))
  })

describe('the restore drill', () => {
  it(`brings back the backed-up state and nothing later (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { env, location, work } = await storeUnderTest()
    const backupDir = path.join(work, 'backup')

    // The state to keep: the demo seed without its generated donations (a smaller dump), and an image.
    const first = await openApp(location)
    const seed = buildSeed(seedInstant(Date.now()))
    await loadDemoData(first.database, { ...seed, tables: { ...seed.tables, donations: new Map() } })
    const imagePath = `clubs/${club}/GALLERY/00000000-0000-4000-8000-000000000001-fest.png`
    const uploaded = await first.app.inject({
      method: 'PUT',
      url: `${API}/storage/blob?path=${encodeURIComponent(imagePath)}`,
      headers: { authorization: `Bearer ${await first.tokenFor(member)}`, 'content-type': 'image/png' },
      payload: Buffer.from(PNG),
    })
    expect(uploaded.statusCode, uploaded.body).toBe(201)
    const recorded = await call(first, 'PUT', `/club/${club}/addImage`, member, {
      label: 'GALLERY',
      name: 'fest.png',
      path: imagePath,
      contentType: 'image/png',
      size: PNG.length,
    })
    expect(recorded.status).toBe(200)
    const before = await observe(first)
    expect(before.images.map((image) => image.path)).toContain(imagePath)
    await first.close()

    const backup = await run(['run', '--silent', 'db:backup', '--', backupDir], env, 'npm')
    expect(backup.code, backup.output).toBe(0)
    expect(backup.output).toContain(`Backup written to ${backupDir}`)
    const manifest = JSON.parse(readFileSync(path.join(backupDir, MANIFEST_FILE), 'utf8')) as BackupManifest
    expect(manifest).toMatchObject({ kind: location.kind, files: { included: true } })

    // Later changes, each visible before the restore.
    const second = await openApp(location)
    const overview = await call(second, 'GET', `/club/cluboverview/${club}`, member)
    const profile = clubUpdateOf(overview.json().club as Record<string, unknown>)
    expect((await call(second, 'PUT', '/club', member, { ...profile, name: 'Nach der Sicherung' })).status).toBe(200)
    const registered = await call(second, 'POST', '/club/createWithUser', undefined, {
      club: {
        name: 'Spätverein',
        zvrNumber: '1234567890',
        clubTypeId: seedClubTypes.sport,
        address: { street: 'Hauptplatz', houseNumber: '1', postalCode: '4020', city: 'Linz' },
      },
      user: { email: 'spaet@demo.at', password: 'Spaet-Verein-2026', firstName: 'Sepp', lastName: 'Spät' },
      acceptedTerms: true,
    })
    expect(registered.status).toBe(201)
    const imageId = before.images.find((image) => image.path === imagePath)?.id
    expect((await call(second, 'DELETE', `/club/${club}/deleteFile`, member, { fileId: imageId })).status).toBe(204)
    const changed = await observe(second)
    expect(changed.clubName).toBe('Nach der Sicherung')
    expect(changed.clubNames).toContain('Spätverein')
    expect(changed.emails).toContain('spaet@demo.at')
    expect(changed.images.map((image) => image.path)).not.toContain(imagePath)
    // PGlite is one process: a restore under a running server is refused (a PostgreSQL server has no such limit).
    const underRunningServer =
      location.kind === 'pglite'
        ? await restoreBackup(backupDir, location).then(
            () => 'restored',
            (error: unknown) => String(error),
          )
        : 'not PGlite'
    expect(underRunningServer).toMatch(location.kind === 'pglite' ? /in use: stop the server/ : /not PGlite/)
    await second.close()

    const unconfirmed = await run(['scripts/run/db-restore.ts', backupDir], env)
    expect(unconfirmed.code).toBe(1)
    expect(unconfirmed.output).toContain('Restoring it replaces:')
    expect(unconfirmed.output).toContain('nothing was changed')

    await restoreBackup(backupDir, location)

    const third = await openApp(location)
    const after = await observe(third)
    expect(after).toEqual(before)
    expect(after.clubNames).not.toContain('Spätverein')
    expect(after.emails).not.toContain('spaet@demo.at')
    expect(Buffer.compare(await download(third, imagePath), Buffer.from(PNG))).toBe(0)
    await third.close()

    // Refused before anything changes: another kind, a newer schema, a part that differs from its checksum.
    expect(() =>
      checkRestorable({ ...manifest, kind: location.kind === 'pglite' ? 'postgres' : 'pglite' }, location),
    ).toThrow(/restore it where it came from/)
    expect(() => checkRestorable({ ...manifest, migration: '9999-from-the-future' }, location)).toThrow(
      /newer \(migration 9999-from-the-future\) than this code knows/,
    )
    const damaged = path.join(work, 'damaged')
    cpSync(backupDir, damaged, { recursive: true })
    writeFileSync(path.join(damaged, 'files', imagePath), 'not the image')
    await expect(restoreBackup(damaged, location)).rejects.toThrow(`files/${imagePath} has changed`)
  }, 300_000)
})
