import { defineConfig } from '@playwright/test'
import { baseURLFor, mockedBuildServer, sharedUse } from './tests/playwright-shared.ts'

/**
 * `npm run screenshots`: every screen and state of docs/screenshots at 1280 px and 375 px, from the same
 * mocked production build and browser settings as the e2e suite. Not part of `npm test`.
 * `SCREENSHOTS_PORT` (default 4193) keeps it apart from an e2e run on the same machine.
 */
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4193)

export default defineConfig({
  testDir: './tests/screenshots',
  outputDir: `test-results/screenshots-${PORT}`,
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...sharedUse,
    baseURL: baseURLFor(PORT),
    trace: 'retain-on-failure',
    screenshot: 'off',
  },
  projects: [{ name: 'screenshots' }],
  webServer: [mockedBuildServer(PORT)],
})
