/**
 * Starts the Firebase Auth emulator (project `demo-vereinsportal`, UI off, ports in firebase.json) and
 * seeds it with the demo accounts. firebase-tools is large (~0.5 GB), so it is not a dependency: a pinned
 * version is fetched on demand with npx and cached by npm after the first run (a few minutes).
 * The Auth emulator is plain Node; it needs no Java.
 *
 * `node scripts/firebase-emulator.ts` runs until stopped (Ctrl+C); it prints FIREBASE_EMULATOR_READY once
 * the accounts are in (scripts/firebase-dev.ts starts Vite after that).
 *
 * `node scripts/firebase-emulator.ts --prefetch` only fetches firebase-tools into npm's cache and exits.
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

const root = path.resolve(import.meta.dirname, '..')
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

const waitForEmulator = async (child: ChildProcess, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The emulator stopped (exit code ${child.exitCode}).`)
    try {
      const response = await fetch(`http://${EMULATOR_HOST}/`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`The Firebase Auth emulator did not answer at ${EMULATOR_HOST} within ${timeoutMs / 1000} s.`)
}

/** Starts and seeds the emulator; resolves with a function that stops it and the running process. */
export const startAuthEmulator = async ({ quiet = false } = {}): Promise<{ stop: () => void; child: ChildProcess }> => {
  await waitForPrefetch()
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
      path.join(root, 'firebase.json'),
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
    await waitForEmulator(child, 600_000)
    const count = await seedEmulator()
    console.log(`${READY_LINE}: ${count} demo accounts at http://${EMULATOR_HOST} (project ${EMULATOR_PROJECT_ID})`)
  } catch (error) {
    stop()
    throw error
  }
  return { stop, child }
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
