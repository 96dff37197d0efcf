import { defineConfig } from '@playwright/test'
import { EMULATOR_HOST as FIREBASE_EMULATOR_HOST, EMULATOR_PROJECT_ID } from './scripts/run/firebase-seed.ts'
import { baseURLFor, mockedBuildServer, testUse } from './tests/playwright-shared.ts'

/**
 * E2E runs against a production build in mocked mode (`npm run build:mock`), served by `vite preview`.
 * Screenshots are not taken here: `npm run screenshots` (playwright.screenshots.config.ts) writes them.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4183)
const baseURL = baseURLFor(E2E_PORT)

/**
 * The Firebase-mode journeys (tests/e2e/firebase) need the Firebase Auth emulator (firebase-tools, ~0.5 GB,
 * fetched by npx into npm's cache on first use, see scripts/run/firebase-emulator.ts) and a second build with
 * VITE_AUTH=firebase. They run in CI, and locally with E2E_FIREBASE=1.
 */
const withFirebase = Boolean(process.env.CI) || process.env.E2E_FIREBASE === '1'
const E2E_FIREBASE_PORT = Number(process.env.E2E_FIREBASE_PORT ?? E2E_PORT + 10)
const firebaseURL = baseURLFor(E2E_FIREBASE_PORT)

type TraceMode = 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | 'retain-on-first-failure'

export default defineConfig({
  testDir: './tests/e2e',
  // One output folder per port, so parallel runs never delete each other's traces.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // A journey takes 2–15 s on a quiet machine; the margin is for a machine busy with other work.
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/e2e-${E2E_PORT}` }]],
  use: {
    ...testUse,
    baseURL,
    // Recording a trace costs every test a good part of its time on two cores: CI records one when it
    // retries a failed test; locally `E2E_TRACE=retain-on-failure` (or `--trace on`) when debugging.
    trace: (process.env.E2E_TRACE as TraceMode | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /firebase\/.*/,
    },
    ...(withFirebase
      ? [
          {
            name: 'firebase',
            testMatch: /firebase\/.*\.spec\.ts/,
            // One emulator for all: its tests reseed it, so they must not overlap.
            fullyParallel: false,
            workers: 1,
            use: { baseURL: firebaseURL },
          },
        ]
      : []),
  ],
  webServer: [
    mockedBuildServer(E2E_PORT),
    ...(withFirebase
      ? [
          {
            // Starts and seeds the emulator (scripts/run/firebase-emulator.ts); reuses one already running locally. Its
            // URL answers before the seed is in, but the firebase build after it takes far longer than seeding.
            command: 'node scripts/run/firebase-emulator.ts',
            url: `http://${FIREBASE_EMULATOR_HOST}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 900_000,
            // The script stops the emulator's own process group on SIGTERM; a SIGKILL would orphan it.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
          mockedBuildServer(E2E_FIREBASE_PORT, {
            VITE_AUTH: 'firebase',
            VITE_FIREBASE_AUTH_EMULATOR_HOST: FIREBASE_EMULATOR_HOST,
            VITE_FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
            VITE_FIREBASE_API_KEY: 'demo-api-key',
          }),
        ]
      : []),
  ],
})
