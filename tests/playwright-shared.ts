/**
 * What the e2e suite (playwright.config.ts) and the screenshot run (playwright.screenshots.config.ts) share:
 * the browser, its launch settings, the page defaults and the web server serving the mocked build.
 */
import { devices, type PlaywrightTestConfig } from '@playwright/test'
import { existsSync } from 'node:fs'
import { chromium } from 'playwright-core'

/**
 * Browser downloads do not work everywhere (CI here has no internet), so Chromium is found on the machine:
 * CHROMIUM_PATH, else Debian's /usr/bin/chromium, else Playwright's own browser if one was installed.
 */
export const findChromium = (): string | undefined => {
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

/**
 * The browser the test suites drive: Debian's `chromium-headless-shell` when installed (`.ci/run` installs
 * it), else the one findChromium finds. It is the same engine and version without the desktop browser
 * around it, which is what Playwright itself runs headless tests on, and it starts several times faster
 * (docs/performance.md, "npm test"). Screenshots and
 * the benches keep the full browser, since they show and measure what a person's browser does.
 */
export const findTestChromium = (): string | undefined => {
  if (process.env.CHROMIUM_PATH) return findChromium()
  const shell = '/usr/bin/chromium-headless-shell'
  return existsSync(shell) ? shell : findChromium()
}

export const baseURLFor = (port: number) => `http://127.0.0.1:${port}`

/** The page defaults of every project: de-AT, Vienna, Desktop Chrome at 1280×800. */
export const sharedUse = {
  ...devices['Desktop Chrome'],
  viewport: { width: 1280, height: 800 },
  locale: 'de-AT',
  timezoneId: 'Europe/Vienna',
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
} satisfies PlaywrightTestConfig['use']

/** sharedUse for the test suites (playwright.config.ts, playwright.server.config.ts): on the headless shell. */
export const testUse = {
  ...sharedUse,
  launchOptions: { ...sharedUse.launchOptions, executablePath: findTestChromium() },
} satisfies PlaywrightTestConfig['use']

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, { command: string }>

/**
 * Builds the app in mocked mode and serves it with `vite preview` on `port`. Each port builds into its own
 * folder, so several runs (or engineers) never overwrite each other's build.
 */
export const mockedBuildServer = (port: number, env?: Record<string, string>): WebServer => ({
  command: `npx tsr generate && npx vite build --mode mock --outDir dist-e2e-${port} --emptyOutDir && npx vite preview --outDir dist-e2e-${port} --host 127.0.0.1 --port ${port} --strictPort`,
  url: baseURLFor(port),
  ...(env ? { env } : {}),
  reuseExistingServer: !process.env.CI,
  timeout: 240_000,
  stdout: 'ignore',
  stderr: 'pipe',
})
