/**
 * Starts the Firebase Auth emulator (project `demo-vereinsportal`, UI off, ports in firebase.json) and
 * seeds it with the demo accounts. firebase-tools is large (~0.5 GB), so it is not a dependency: a pinned
 * version is fetched on demand with npx and cached by npm after the first run (a few minutes).
 * The Auth emulator is plain Node; it needs no Java.
 *
 * `npm run firebase:emulator` runs until stopped (Ctrl+C); it prints FIREBASE_EMULATOR_READY once
 * the accounts are in (scripts/run/firebase-dev.ts starts Vite after that).
 *
 * `npm run firebase:emulator -- --prefetch` only fetches firebase-tools into npm's cache and exits.
 * `.ci/run` starts it in the background while the static checks and unit tests run; a start meanwhile
 * waits for it rather than fetching the same package a second time into the same cache.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { EMULATOR_HOST, EMULATOR_PROJECT_ID, seedEmulator } from './firebase-seed.ts'

/** Pinned: `npm view firebase-tools version` when this was written. Bump deliberately. */
export const FIREBASE_TOOLS_VERSION = '15.34.2'
export const READY_LINE = 'FIREBASE_EMULATOR_READY'

const root = path.resolve(import.meta.dirname, '../..')
const prefetchLock = path.join(root, '.firebase-emulator', 'prefetch.pid')

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Fetches firebase-tools into npm's cache (what `npx` runs it from) and returns once it is there. */
const prefetch = () => {
  mkdirSync(path.dirname(prefetchLock), { recursive: true })
  writeFileSync(prefetchLock, String(process.pid))
  try {
    const result = spawnSync('npx', ['--yes', `firebase-tools@${FIREBASE_TOOLS_VERSION}`, '--version'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1' },
    })
    return result.status ?? 1
  } finally {
    rmSync(prefetchLock, { force: true })
  }
}

/** Waits while a prefetch started earlier (by .ci/run) is still fetching. */
const waitForPrefetch = async () => {
  while (existsSync(prefetchLock)) {
    const pid = Number(readFileSync(prefetchLock, 'utf8'))
    if (!pid || !isRunning(pid)) break
    await new Promise((resolve) => setTimeout(resolve, 1000))
  }
}

const waitForEmulator = async (child: ChildProcess, host: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The emulator stopped (exit code ${child.exitCode}).`)
    try {
      const response = await fetch(`http://${host}/`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`The Firebase Auth emulator did not answer at ${host} within ${timeoutMs / 1000} s.`)
}

/**
 * firebase.json, or (for a run beside another emulator) a copy with the Auth emulator on `port` and its
 * hub and logging ports right after it.
 */
const configFor = (port: number | undefined): { file: string; host: string } => {
  if (port === undefined) return { file: path.join(root, 'firebase.json'), host: EMULATOR_HOST }
  const config = JSON.parse(readFileSync(path.join(root, 'firebase.json'), 'utf8')) as {
    emulators: Record<string, Record<string, unknown>>
  }
  config.emulators.auth = { ...config.emulators.auth, port }
  config.emulators.hub = { ...config.emulators.hub, port: port + 1 }
  config.emulators.logging = { ...config.emulators.logging, port: port + 2 }
  const file = path.join(root, '.firebase-emulator', `firebase-${port}.json`)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, JSON.stringify(config, null, 2))
  return { file, host: `127.0.0.1:${port}` }
}

/**
 * Starts and seeds the emulator; resolves with a function that stops it and the running process.
 * `port`: another port than firebase.json's (9479), e.g. for tests beside a running `npm start`.
 * `dataDir` (npm start): keeps the accounts across restarts, imported from there when it holds an export
 * (and then not seeded again), exported there when the emulator stops cleanly (SIGTERM, SIGINT).
 */
export const startAuthEmulator = async ({
  quiet = false,
  port,
  dataDir,
}: { quiet?: boolean; port?: number; dataDir?: string } = {}): Promise<{
  stop: () => void
  child: ChildProcess
  host: string
}> => {
  await waitForPrefetch()
  const config = configFor(port)
  const imported = dataDir !== undefined && existsSync(path.join(dataDir, 'firebase-export-metadata.json'))
  const persistence =
    dataDir === undefined ? [] : [...(imported ? ['--import', dataDir] : []), '--export-on-exit', dataDir]
  const child = spawn(
    'npx',
    [
      '--yes',
      `firebase-tools@${FIREBASE_TOOLS_VERSION}`,
      'emulators:start',
      '--only',
      'auth',
      '--project',
      EMULATOR_PROJECT_ID,
      '--config',
      config.file,
      ...persistence,
    ],
    {
      cwd: root,
      // Its own process group, so stopping it also stops the Java-free Node process npx starts.
      detached: true,
      stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
      env: { ...process.env, NO_UPDATE_NOTIFIER: '1', FIREBASE_CLI_DISABLE_UPDATE_CHECK: '1' },
    },
  )
  const stop = () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }
  try {
    // The first run downloads firebase-tools: allow for that.
    await waitForEmulator(child, config.host, 600_000)
    if (imported) {
      console.log(`${READY_LINE}: the accounts of ${dataDir} at http://${config.host} (project ${EMULATOR_PROJECT_ID})`)
    } else {
      const count = await seedEmulator(config.host)
      console.log(`${READY_LINE}: ${count} demo accounts at http://${config.host} (project ${EMULATOR_PROJECT_ID})`)
    }
  } catch (error) {
    stop()
    throw error
  }
  return { stop, child, host: config.host }
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--prefetch')) {
  process.exit(prefetch())
} else if (import.meta.url === `file://${process.argv[1]}`) {
  const { stop, child } = await startAuthEmulator()
  child.on('exit', (code) => process.exit(code ?? 1))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stop()
      process.exit(0)
    })
  }
}
