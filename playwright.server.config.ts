import { defineConfig } from '@playwright/test'
import { baseURLFor, testUse } from './tests/playwright-shared.ts'

/**
 * `npm run test:e2e:server`: the project `server`, against the whole real stack as `npm start` runs it
 * (the server serving the real build and the API, the embedded database, the Firebase Auth emulator),
 * not the mocked build. Tests live in tests/e2e-server/.
 *
 * The stack runs on its own ports beside anything a developer has running (`npm start` on 8080 and 9479,
 * the e2e suite's emulator on 9479): the app on E2E_SERVER_PORT (18480), the emulator on
 * E2E_SERVER_EMULATOR_PORT (18490, its hub and logging on the two ports after it), with a fresh data
 * directory each run. The build goes to dist-start-<emulator port>/ and is reused while current.
 *
 * The rate limits are raised for the run: the journeys register many clubs and sign in often from one
 * address (127.0.0.1); the limits themselves are tested by server/served-app.test.ts.
 *
 * E2E_SERVER_BASE_URL: run against a stack already running there instead (nothing is started), e.g. the
 * local cluster of `npm run test:scale` (scripts/run/cluster.ts). It must serve the app built for an Auth
 * emulator it verifies tokens against, with the demo seed.
 */
export const E2E_SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 18480)
const EMULATOR_PORT = Number(process.env.E2E_SERVER_EMULATOR_PORT ?? 18490)
const DATA_DIR = `test-results/e2e-server-data-${E2E_SERVER_PORT}`
const externalURL = process.env.E2E_SERVER_BASE_URL?.replace(/\/+$/, '') || undefined
const baseURL = externalURL ?? baseURLFor(E2E_SERVER_PORT)
const runName = externalURL ? `external-${new URL(externalURL).port || 'default'}` : String(E2E_SERVER_PORT)

type TraceMode = 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | 'retain-on-first-failure'

export default defineConfig({
  testDir: './tests/e2e-server',
  outputDir: `test-results/e2e-server-${runName}`,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  // One stack (one database, one emulator) for all tests.
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/e2e-server-${runName}` }]],
  use: {
    ...testUse,
    baseURL,
    trace: (process.env.E2E_TRACE as TraceMode | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'server' }],
  webServer: externalURL
    ? undefined
    : {
        // A fresh data directory each run (the database and the emulator's accounts), then the stack.
        command: `node -e "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })" ${DATA_DIR} && node scripts/run/start.ts`,
        url: `${baseURL}/readyz`,
        env: {
          PORT: String(E2E_SERVER_PORT),
          HOST: '127.0.0.1',
          DATA_DIR,
          FIREBASE_AUTH_EMULATOR_PORT: String(EMULATOR_PORT),
          RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
          RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
          // The tax journey moves the server's clock into the next year (PUT /__mock/clock).
          PORTAL_TEST_HOOKS: '1',
          LOG_LEVEL: 'warn',
        },
        reuseExistingServer: !process.env.CI,
        // The first run may build the app and fetch firebase-tools (~0.5 GB) into npm's cache.
        timeout: 900_000,
        // scripts/run/start.ts stops the server, then the emulator's own process group, on SIGTERM.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 45_000 },
        stdout: 'pipe',
        stderr: 'pipe',
      },
})
