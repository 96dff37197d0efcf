import { defineConfig } from '@playwright/test'
import { baseURLFor, mockedBuildServer, sharedUse } from './tests/playwright-shared.ts'

/**
 * `npm run bench:donations`: measurements in Chromium that print figures (tests/bench/*.bench.ts), against
 * the same mocked production build as the e2e suite. Not part of `npm test`; one worker, so the figures are
 * not shared with a second browser. `BENCH_PORT` (default 4203) keeps it apart from other runs.
 */
const PORT = Number(process.env.BENCH_PORT ?? 4203)

export default defineConfig({
  testDir: './tests/bench',
  testMatch: /.*\.bench\.ts$/,
  outputDir: `test-results/bench-${PORT}`,
  forbidOnly: true,
  retries: 0,
  workers: 1,
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: [['list']],
  use: { ...sharedUse, baseURL: baseURLFor(PORT), trace: 'off', screenshot: 'off' },
  projects: [{ name: 'bench' }],
  webServer: [mockedBuildServer(PORT)],
})
