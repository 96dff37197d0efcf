import { defineConfig, devices } from '@playwright/test'
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

/**
 * E2E runs against a production build in mocked mode (`npm run build:mock`), served by `vite preview`.
 * Browser downloads do not work everywhere (CI here has no internet), so Chromium is found on the machine:
 * CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser if one was installed.
 */
const findChromium = (): string | undefined => {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser']
  const found = candidates.find((path) => path && existsSync(path))
  if (found) return found
  const bundled = chromium.executablePath()
  if (bundled && existsSync(bundled)) return undefined // Playwright's own browser: no path needed.
  throw new Error(
    'No Chromium found. Set CHROMIUM_PATH, or install one: `apt-get install -y chromium` (Debian/Ubuntu) ' +
      'or `npx playwright install chromium` where downloads work.',
  )
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4183)
const baseURL = `http://127.0.0.1:${E2E_PORT}`

/**
 * The Firebase-mode journeys (tests/e2e/firebase) need the Firebase Auth emulator (firebase-tools through
 * npx: ~0.5 GB and a few minutes on first use, cached after) and a second build with VITE_AUTH=firebase.
 * They run in CI, and locally with E2E_FIREBASE=1.
 */
const withFirebase = Boolean(process.env.CI) || process.env.E2E_FIREBASE === '1'
const E2E_FIREBASE_PORT = Number(process.env.E2E_FIREBASE_PORT ?? E2E_PORT + 10)
const firebaseURL = `http://127.0.0.1:${E2E_FIREBASE_PORT}`
const FIREBASE_EMULATOR_HOST = '127.0.0.1:9479' // firebase.json

export default defineConfig({
  testDir: './tests/e2e',
  // One output folder per port, so parallel runs never delete each other's traces.
  outputDir: `test-results/e2e-${E2E_PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/e2e-${E2E_PORT}` }]],
  use: {
    baseURL,
    locale: 'de-AT',
    timezoneId: 'Europe/Vienna',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // German browser UI (date inputs show TT.MM.JJJJ), as Austrian users see it.
        '--lang=de-AT',
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /firebase\/.*/,
    },
    ...(withFirebase
      ? [
          {
            name: 'firebase',
            testMatch: /firebase\/.*\.spec\.ts/,
            // One emulator for all: its tests reseed it, so they must not overlap.
            fullyParallel: false,
            use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, baseURL: firebaseURL },
          },
        ]
      : []),
  ],
  webServer: [
    {
      // Each port builds into its own folder, so several runs (or engineers) never overwrite each other's build.
      command: `npx tsr generate && npx vite build --mode mock --outDir dist-e2e-${E2E_PORT} --emptyOutDir && npx vite preview --outDir dist-e2e-${E2E_PORT} --host 127.0.0.1 --port ${E2E_PORT} --strictPort`,
      url: baseURL,
      reuseExistingServer: !process.env.CI,
      timeout: 240_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    ...(withFirebase
      ? [
          {
            // Starts and seeds the emulator (scripts/firebase-emulator.ts); reuses one already running locally.
            command: 'node scripts/firebase-emulator.ts',
            url: `http://${FIREBASE_EMULATOR_HOST}/`,
            reuseExistingServer: !process.env.CI,
            timeout: 900_000,
            // The script stops the emulator's own process group on SIGTERM; a SIGKILL would orphan it.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
          {
            command: `npx tsr generate && npx vite build --mode mock --outDir dist-e2e-${E2E_FIREBASE_PORT} --emptyOutDir && npx vite preview --outDir dist-e2e-${E2E_FIREBASE_PORT} --host 127.0.0.1 --port ${E2E_FIREBASE_PORT} --strictPort`,
            url: firebaseURL,
            env: {
              VITE_AUTH: 'firebase',
              VITE_FIREBASE_AUTH_EMULATOR_HOST: FIREBASE_EMULATOR_HOST,
              VITE_FIREBASE_PROJECT_ID: 'demo-vereinsportal',
              VITE_FIREBASE_API_KEY: 'demo-api-key',
            },
            reuseExistingServer: !process.env.CI,
            timeout: 240_000,
            stdout: 'ignore' as const,
            stderr: 'pipe' as const,
          },
        ]
      : []),
  ],
})
