/**
 * Starts the Firebase Auth emulator (project `demo-vereinsportal`, UI off, ports in firebase.json) and
 * seeds it with the demo accounts. firebase-tools is large (~0.5 GB), so it is not a dependency: a pinned
 * version is fetched on demand with npx and cached by npm after the first run (a few minutes).
 * The Auth emulator is plain Node; it needs no Java.
 *
 * `node scripts/firebase-emulator.ts` runs until stopped (Ctrl+C); it prints FIREBASE_EMULATOR_READY once
 * the accounts are in, which is what Playwright's webServer waits for.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { EMULATOR_HOST, EMULATOR_PROJECT_ID, seedEmulator } from './firebase-seed.ts'

/** Pinned: `npm view firebase-tools version` when this was written. Bump deliberately. */
export const FIREBASE_TOOLS_VERSION = '15.34.2'
export const READY_LINE = 'FIREBASE_EMULATOR_READY'

const root = path.resolve(import.meta.dirname, '..')

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

if (import.meta.url === `file://${process.argv[1]}`) {
  const { stop, child } = await startAuthEmulator()
  child.on('exit', (code) => process.exit(code ?? 1))
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      stop()
      process.exit(0)
    })
  }
}
