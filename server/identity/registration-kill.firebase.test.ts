/**
 * A crash between the identity provider and the database leaves no address half-registered: the real
 * server process (server/main.ts, Firebase Auth against the emulator `npm run test:firebase` starts) takes
 * 20 registrations at once and is killed with SIGKILL while a provider account exists whose registration
 * has not answered yet. After a restart the reconciler settles what the crash left: every address is
 * registered completely (signs in, `GET /users/me` answers) or not at all (no provider account; it
 * registers again). On PGlite in DATA_DIR, or with DATABASE_URL set on a scratch database of that server.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { seedClubTypes } from '#adapters/demo-seed/seed-accounts.ts'
import { EMULATOR_PROJECT_ID } from '#server/config.ts'
import { freePort } from '#server/testing/free-port.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { startFirebaseAuth } from './firebase-identity.ts'

const root = path.resolve(import.meta.dirname, '../..')
const host = process.env.FIREBASE_AUTH_EMULATOR_HOST!
const identityToolkit = `http://${host}/identitytoolkit.googleapis.com/v1`
const firebase = startFirebaseAuth({ projectId: EMULATOR_PROJECT_ID, emulatorHost: host })
const REGISTRATIONS = 20
const PASSWORD = 'Neustart-nach-Absturz-1'
/** Longer than the request time limit below, as the server demands. */
const GRACE_MS = 6_000

const cleanups: Array<() => Promise<void> | void> = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

interface Running {
  readonly child: ChildProcess
  readonly base: string
  readonly output: () => string
}

const startServer = async (env: NodeJS.ProcessEnv): Promise<Running> => {
  const port = await freePort()
  const child = spawn(process.execPath, ['server/main.ts', '--demo'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      FIREBASE_AUTH_EMULATOR_HOST: host,
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '0',
      REQUEST_TIMEOUT_MS: '5000',
      IDENTITY_PENDING_GRACE_MS: String(GRACE_MS),
      IDENTITY_RECONCILE_INTERVAL_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  })
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

const storeEnv = async (): Promise<NodeJS.ProcessEnv> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-kill-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const url = process.env.DATABASE_URL
  if (!url) return { DATA_DIR: dataDir, DATABASE_URL: '' }
  const scratch = await createScratchDatabase(url, 'vp_kill')
  cleanups.push(scratch.drop)
  return { DATA_DIR: dataDir, DATABASE_URL: scratch.url }
}

const run = randomBytes(4).toString('hex')
const addresses = Array.from({ length: REGISTRATIONS }, (_, i) => `absturz-${run}-${i}@demo.at`)

const register = (base: string, index: number, attempt = 0) =>
  fetch(`${base}/api/backend/v1/club/createWithUser`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      club: {
        name: `Absturzverein ${run} ${index} ${attempt}`,
        // Ten digits, unique per run, address and attempt.
        zvrNumber: `${String(parseInt(run, 16) % 100_000).padStart(5, '0')}${String(attempt)}${String(index).padStart(4, '0')}`,
        clubTypeId: seedClubTypes.sport,
        address: { street: 'Hauptplatz', houseNumber: String(index + 1), postalCode: '4020', city: 'Linz' },
      },
      user: { email: addresses[index], password: PASSWORD, firstName: 'Alex', lastName: `Absturz ${index}` },
      acceptedTerms: true,
    }),
  }).then(async (response) => ({ status: response.status, body: await response.text() }))

/** The addresses that have a provider account now. */
const withAccount = async (): Promise<Set<string>> => {
  const { users } = await firebase.auth.getUsers(addresses.map((email) => ({ email })))
  return new Set(users.map((user) => user.email ?? ''))
}

/** Signs in at the emulator as the browser does and asks the server who that is: the status. */
const signInAndGetMe = async (base: string, email: string): Promise<number> => {
  const signedIn = await fetch(`${identityToolkit}/accounts:signInWithPassword?key=demo-api-key`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
  })
  if (signedIn.status !== 200) return signedIn.status
  const { idToken } = (await signedIn.json()) as { idToken: string }
  const me = await fetch(`${base}/api/backend/v1/users/me`, { headers: { authorization: `Bearer ${idToken}` } })
  return me.status
}

/** Each address: registered completely, not at all, or half (a provider account the portal does not know). */
const states = async (base: string): Promise<Map<string, 'registered' | 'absent' | 'half'>> => {
  const accounts = await withAccount()
  const result = new Map<string, 'registered' | 'absent' | 'half'>()
  for (const email of addresses) {
    if (!accounts.has(email)) result.set(email, 'absent')
    else result.set(email, (await signInAndGetMe(base, email)) === 200 ? 'registered' : 'half')
  }
  return result
}

describe('registrations under kill -9', () => {
  it('leave every address registered completely or not at all once the restarted server has reconciled', async () => {
    const env = await storeEnv()
    const first = await startServer(env)

    const answered = new Set<string>()
    const requests = addresses.map((email, index) =>
      register(first.base, index)
        .then((answer) => {
          if (answer.status === 201) answered.add(email)
        })
        .catch(() => undefined),
    )
    // Killed as soon as a provider account exists whose registration has not answered: mid-way.
    let caught = false
    for (let i = 0; i < 2000 && !caught; i++) {
      const accounts = await withAccount()
      caught = [...accounts].some((email) => !answered.has(email))
      if (!caught) await new Promise((resolve) => setTimeout(resolve, 10))
    }
    first.child.kill('SIGKILL')
    await new Promise((resolve) => first.child.once('exit', resolve))
    await Promise.all(requests)
    expect(caught, 'no registration was caught between the provider and the answer').toBe(true)

    const second = await startServer(env)
    // The reconciler settles what is older than the grace period: wait for it, then every address is whole.
    let settled = await states(second.base)
    for (let i = 0; i < 120 && [...settled.values()].includes('half'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      settled = await states(second.base)
    }
    const half = [...settled].filter(([, state]) => state === 'half').map(([email]) => email)
    expect(half, second.output()).toEqual([])

    // An address the crash left unregistered registers again; a registered one keeps working.
    const absent = addresses.filter((email) => settled.get(email) === 'absent')
    for (const email of absent) {
      const again = await register(second.base, addresses.indexOf(email), 1)
      expect(again.status, again.body).toBe(201)
      expect(await signInAndGetMe(second.base, email)).toBe(200)
    }
    second.child.kill('SIGTERM')
    await new Promise((resolve) => second.child.once('exit', resolve))
  }, 240_000)
})
