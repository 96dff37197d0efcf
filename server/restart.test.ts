/**
 * Data survives a restart: a registration, a campaign and a profile change made before the server
 * stops (SIGTERM, graceful) are there after it starts again on the same data. On PGlite in a data
 * directory, or, with DATABASE_URL set (npm run test:postgres), on a fresh database of that PostgreSQL
 * server.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { SEED_PASSWORD, seedAccounts, seedClubTypes, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { clubUpdateOf } from '#tests/backend/bodies.ts'
import { freePort } from './testing/free-port.ts'
import { createScratchDatabase } from './testing/scratch-database.ts'

const root = path.resolve(import.meta.dirname, '..')
const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

interface Running {
  child: ChildProcess
  base: string
  output: () => string
}

const startServer = async (env: NodeJS.ProcessEnv): Promise<Running> => {
  const port = await freePort()
  const child = spawn(process.execPath, ['server/main.ts', '--demo', '--test-hooks'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('listening on')) {
        clearInterval(timer)
        resolve()
      } else if (child.exitCode !== null) {
        clearInterval(timer)
        reject(new Error(`the server exited: ${output}`))
      }
    }, 100)
  })
  return { child, base: `http://127.0.0.1:${port}`, output: () => output }
}

/** SIGTERM, and the exit code once the server has stopped. */
const stopServer = (running: Running): Promise<number | null> =>
  new Promise((resolve) => {
    running.child.once('exit', (code) => resolve(code))
    running.child.kill('SIGTERM')
  })

const api = async (base: string, method: string, pathname: string, token?: string, body?: unknown) => {
  const response = await fetch(`${base}/api/backend/v1${pathname}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  // The test reads the answers' fields loosely; the contract suite checks their shapes.
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> }
}

const signIn = async (base: string, email: string): Promise<string> => {
  const response = await fetch(`${base}/__mock/identity/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  })
  return ((await response.json()) as { idToken: string }).idToken
}

const today = () => new Date().toISOString().slice(0, 10)
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)

const expectDataSurvivesRestart = async (env: NodeJS.ProcessEnv) => {
  const first = await startServer(env)
  const verein = await signIn(first.base, seedAccounts.verein.email)

  const registered = await api(first.base, 'POST', '/club/createWithUser', undefined, {
    club: {
      name: 'Schachklub Neustart',
      zvrNumber: '1234567890',
      clubTypeId: seedClubTypes.sport,
      address: { street: 'Hauptplatz', houseNumber: '1', postalCode: '4020', city: 'Linz' },
    },
    user: { email: 'neustart@demo.at', password: 'Neustart-2026', firstName: 'Nora', lastName: 'Neustart' },
    acceptedTerms: true,
  })
  expect(registered.status, JSON.stringify(registered.body)).toBe(201)
  const clubId = (registered.body.club as { id: string }).id

  const campaign = await api(first.base, 'POST', '/campaigns', verein, {
    clubId: seedClubs.volume,
    name: 'Neue Tornetze',
    description: 'Für beide Tore am Hauptplatz.',
    goalCents: 150_000,
    amountCents: 2_500,
    minimumDonationCents: 500,
    date: inDays(45),
    time: '18:00',
    from: today(),
    to: inDays(30),
    currency: 'EUR',
    enabled: true,
  })
  expect(campaign.status, JSON.stringify(campaign.body)).toBe(201)

  const overview = await api(first.base, 'GET', `/club/cluboverview/${seedClubs.volume}`, verein)
  // Only the fields of the body: the contract is closed (docs/decisions/0024-closed-contract.md).
  const profile = clubUpdateOf(overview.body.club as Record<string, unknown>)
  const changed = await api(first.base, 'PUT', '/club', verein, { ...profile, name: 'SV Grünbach 1923 (neu)' })
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)

  expect(await stopServer(first)).toBe(0)
  expect(first.output()).toContain('"msg":"stopped"')

  const second = await startServer(env)
  const admin = await signIn(second.base, seedAccounts.admin.email)
  const again = await signIn(second.base, seedAccounts.verein.email)
  const clubs = await api(second.base, 'GET', '/club?size=100', admin)
  expect((clubs.body.items as Array<{ id: string; name: string }>).find((club) => club.id === clubId)?.name).toBe(
    'Schachklub Neustart',
  )
  const campaigns = await api(second.base, 'GET', `/campaigns/club/${seedClubs.volume}`, again)
  expect((campaigns.body as unknown as Array<{ name: string }>).map((item) => item.name)).toContain('Neue Tornetze')
  const after = await api(second.base, 'GET', `/club/cluboverview/${seedClubs.volume}`, again)
  expect((after.body.club as { name: string }).name).toBe('SV Grünbach 1923 (neu)')
  // The second start found data and did not seed again.
  expect(second.output()).not.toContain('demo seed loaded')
  expect(await stopServer(second)).toBe(0)
}

/** The store this run uses: PostgreSQL where DATABASE_URL names a server (npm run test:postgres), else PGlite. */
const storeEnv = async (): Promise<{ label: string; env: NodeJS.ProcessEnv }> => {
  const url = process.env.DATABASE_URL
  if (!url) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-restart-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    return { label: 'PGlite in DATA_DIR', env: { DATA_DIR: dataDir, DATABASE_URL: '' } }
  }
  const scratch = await createScratchDatabase(url, 'vp_restart')
  cleanups.push(scratch.drop)
  return { label: 'PostgreSQL (DATABASE_URL)', env: { DATABASE_URL: scratch.url } }
}

describe('a restart', () => {
  it(`keeps what was written (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, async () => {
    const { env } = await storeEnv()
    await expectDataSurvivesRestart(env)
  }, 120_000)
})
