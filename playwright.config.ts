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

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
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
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
      testIgnore: /firebase\/.*/,
    },
  ],
  webServer: {
    command: `npm run build:mock && npx vite preview --outDir dist-mock --host 127.0.0.1 --port ${E2E_PORT} --strictPort`,
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 240_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
})
