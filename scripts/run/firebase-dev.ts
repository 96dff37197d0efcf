/**
 * `npm run dev:firebase`: the app in Firebase mode against the local Firebase Auth emulator.
 * Starts the emulator (seeded with the demo accounts, see firebase-emulator.ts), then Vite with
 * VITE_AUTH=firebase pointed at it. The backend stays the mocked one in the browser, which accepts the
 * emulator's tokens. Ctrl+C stops both.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { EMULATOR_HOST, EMULATOR_PROJECT_ID } from './firebase-seed.ts'
import { startAuthEmulator } from './firebase-emulator.ts'

const DEV_PORT = Number(process.env.DEV_FIREBASE_PORT ?? 5183)
const root = path.resolve(import.meta.dirname, '../..')

const emulator = await startAuthEmulator()

// Vite's own entry under this Node (not through npx), so stopping it stops the server itself.
const vite = spawn(
  process.execPath,
  [path.join(root, 'node_modules/vite/bin/vite.js'), '--port', String(DEV_PORT), '--strictPort'],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      VITE_AUTH: 'firebase',
      VITE_FIREBASE_AUTH_EMULATOR_HOST: EMULATOR_HOST,
      VITE_FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
      VITE_FIREBASE_API_KEY: process.env.VITE_FIREBASE_API_KEY ?? 'demo-api-key',
    },
  },
)

const stop = (code: number) => {
  emulator.stop()
  if (vite.exitCode === null) vite.kill('SIGTERM')
  process.exit(code)
}
vite.on('exit', (code) => stop(code ?? 0))
emulator.child.on('exit', () => stop(1))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(0))
