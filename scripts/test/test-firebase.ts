/**
 * `npm run test:firebase`: the server with Firebase Auth, against a Firebase Auth emulator of its own
 * (started here on FIREBASE_TEST_PORT, default 19479, and its hub and logging ports after it, so it runs
 * beside `npm start`'s emulator on 9479): the vitest project `firebase` (the files named `*.firebase.test.ts` under server/).
 * Exits non-zero when a test failed.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { startAuthEmulator } from '#scripts/run/firebase-emulator.ts'

const root = path.resolve(import.meta.dirname, '../..')
const port = Number(process.env.FIREBASE_TEST_PORT ?? 19479)

const emulator = await startAuthEmulator({ quiet: true, port })
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'firebase'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: emulator.host },
})
emulator.stop()
process.exit(run.status ?? 1)
