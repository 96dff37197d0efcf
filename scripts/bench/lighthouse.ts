/**
 * Lighthouse (the project's pinned `lighthouse` devDependency, through its Node API) on the system
 * Chromium: a list of URLs, mobile (Lighthouse's default config: Moto G Power, simulated slow 4G, 4× CPU)
 * and/or desktop (`desktop-config.js`), N runs each, the median per figure. Used by `npm run bench`
 * (scripts/bench/bench.ts); runs on its own against any running app:
 *
 *   npm run lighthouse -- --url http://127.0.0.1:8080/ --url http://127.0.0.1:8080/login
 *     --form-factor mobile,desktop   which configs (default both)
 *     --runs 3                       runs per URL and form factor; the median of each figure is printed
 *     --sign-in verein@demo.at       sign in first (the app's /login form, password Demo1234!) and keep
 *                                    the session: storage is not reset between runs, the HTTP cache is
 *     --json file.json               every run and the medians as JSON
 *     --reports dir                  the HTML report of each URL's median run
 *
 * Runs go round the URLs and form factors in turns (run 1 of every page, then run 2, …), so a machine
 * that gets busier weighs on every page alike. Figures: performance and accessibility score (0–100),
 * LCP, TBT, CLS, FCP, Speed Index, and the scripts the page requested (to see what loads before it is
 * needed).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { generateReport, type Config, type Flags, type Result } from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'

export type FormFactor = 'mobile' | 'desktop'

/** The figures of one run (or the medians of several). Times in ms. */
export interface LighthouseFigures {
  performance: number
  accessibility: number | null
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
  speedIndexMs: number
  /** Script URLs the page requested. */
  scripts: string[]
}

export interface LighthouseMeasurement {
  url: string
  formFactor: FormFactor
  signedIn: boolean
  /** Per-figure medians of the successful runs; null when every run failed. */
  median: LighthouseFigures | null
  runs: LighthouseFigures[]
  errors: string[]
  warnings: string[]
  /** Lighthouse's estimate of the machine's speed (BenchmarkIndex) per run. */
  benchmarkIndex: number[]
}

export const LIGHTHOUSE_VERSION = (
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../node_modules/lighthouse/package.json'), 'utf8')) as {
    version: string
  }
).version

export const CHROME_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export interface LaunchedBrowser {
  port: number
  /** Puppeteer connected to the same Chromium (for signing in, clearing the cache). */
  browser: Browser
  close: () => Promise<void>
}

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })

/**
 * Starts Chromium with chrome-launcher (a fresh profile) and connects Puppeteer to it. `port`: its
 * debugging port (default: a random one); it must be free, as chrome-launcher would otherwise use
 * whatever Chrome is listening there.
 */
export const launchChromium = async ({ port }: { port?: number } = {}): Promise<LaunchedBrowser> => {
  if (port && !(await isFree(port))) throw new Error(`port ${port} for Chromium's debugging is taken`)
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    ...(port ? { port } : {}),
  })
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
    return {
      port: chrome.port,
      browser,
      close: async () => {
        await browser.disconnect().catch(() => undefined)
        chrome.kill()
      },
    }
  } catch (error) {
    chrome.kill()
    throw error
  }
}

/**
 * Signs in through the app's login form in `browser` and waits for the signed-in shell ("Abmelden").
 * The session stays in the profile's storage (Firebase keeps it in localStorage) for later runs.
 */
export const signIn = async (browser: Browser, loginUrl: string, email: string, password: string): Promise<void> => {
  const page = await browser.newPage()
  try {
    for (let attempt = 1; ; attempt++) {
      await page.goto(loginUrl, { waitUntil: 'networkidle0', timeout: 60_000 })
      const form = 'form:has(input[autocomplete="current-password"])'
      await page.waitForSelector(`${form} input[type="email"]`, { timeout: 30_000 })
      await page.type(`${form} input[type="email"]`, email)
      await page.type(`${form} input[autocomplete="current-password"]`, password)
      await page.click(`${form} button[type="submit"]`)
      try {
        await page.waitForFunction(
          () =>
            !location.pathname.startsWith('/login') &&
            [...document.querySelectorAll('button')].some((button) => button.textContent?.trim() === 'Abmelden'),
          { timeout: 30_000 },
        )
        return
      } catch (error) {
        if (attempt >= 2) {
          const alert = await page.$eval('[role="alert"]', (node) => node.textContent).catch(() => null)
          throw new Error(`sign-in as ${email} at ${loginUrl} did not finish${alert ? `: ${alert}` : ''}`, {
            cause: error,
          })
        }
      }
    }
  } finally {
    await page.close()
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The medians of each figure; the scripts of the run whose performance score is closest to the median. */
export const medianOf = (runs: LighthouseFigures[]): LighthouseFigures | null => {
  if (runs.length === 0) return null
  const performance = median(runs.map((run) => run.performance))
  const closest = [...runs].sort(
    (a, b) => Math.abs(a.performance - performance) - Math.abs(b.performance - performance),
  )[0]!
  const accessibility = runs.map((run) => run.accessibility).filter((value): value is number => value !== null)
  return {
    performance,
    accessibility: accessibility.length ? median(accessibility) : null,
    lcpMs: median(runs.map((run) => run.lcpMs)),
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    fcpMs: median(runs.map((run) => run.fcpMs)),
    speedIndexMs: median(runs.map((run) => run.speedIndexMs)),
    scripts: closest.scripts,
  }
}

const figuresOf = (lhr: Result): LighthouseFigures => {
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue
    if (typeof value !== 'number') throw new Error(`Lighthouse gave no value for ${id}`)
    return value
  }
  const score = (id: string) => {
    const value = lhr.categories[id]?.score
    return typeof value === 'number' ? Math.round(value * 100) : null
  }
  const details = lhr.audits['network-requests']?.details as
    { items?: Array<{ url?: string; resourceType?: string }> } | undefined
  return {
    performance: score('performance') ?? 0,
    accessibility: score('accessibility'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcpMs: numeric('first-contentful-paint'),
    speedIndexMs: numeric('speed-index'),
    scripts: (details?.items ?? [])
      .filter((item) => item.resourceType === 'Script' && item.url)
      .map((item) => item.url!),
  }
}

export interface MeasureOptions {
  urls: string[]
  formFactors: FormFactor[]
  runs: number
  /** A Chromium started by launchChromium. */
  chromium: LaunchedBrowser
  /**
   * Keep the profile's storage (a signed-in session): Lighthouse neither resets storage nor clears the
   * cache then, so the HTTP cache is cleared here before each run, and the runs use one page of ours.
   */
  keepSession?: boolean
  accessibility?: boolean
  /** Writes the median run's HTML report of each URL and form factor there. */
  reportsDir?: string
  log?: (line: string) => void
}

const fileNameFor = (url: string, formFactor: FormFactor) =>
  `${formFactor}-${
    new URL(url).pathname
      .replace(/^\/$/, 'start')
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'start'
  }.html`

/** Runs Lighthouse `runs` times on every URL and form factor, in turns; a failing run is recorded, not thrown. */
export const measure = async ({
  urls,
  formFactors,
  runs,
  chromium,
  keepSession = false,
  accessibility = true,
  reportsDir,
  log = (line) => console.log(line),
}: MeasureOptions): Promise<LighthouseMeasurement[]> => {
  const measurements = urls.flatMap((url) =>
    formFactors.map((formFactor): LighthouseMeasurement => ({
      url,
      formFactor,
      signedIn: keepSession,
      median: null,
      runs: [],
      errors: [],
      warnings: [],
      benchmarkIndex: [],
    })),
  )
  const results = new Map<LighthouseMeasurement, Result[]>()
  const page: Page | undefined = keepSession ? await chromium.browser.newPage() : undefined
  try {
    for (let run = 1; run <= runs; run++) {
      for (const measurement of measurements) {
        const started = Date.now()
        const flags: Flags = {
          port: chromium.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: accessibility ? ['performance', 'accessibility'] : ['performance'],
          disableStorageReset: keepSession,
        }
        const config: Config | undefined = measurement.formFactor === 'desktop' ? desktopConfig : undefined
        // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP on a busy machine): one retry.
        for (let attempt = 1; attempt <= 2; attempt++) {
          try {
            if (page) {
              const session = await page.createCDPSession()
              await session.send('Network.clearBrowserCache')
              await session.detach()
            }
            const result = await lighthouse(measurement.url, flags, config, page)
            if (!result) throw new Error('Lighthouse returned nothing')
            const { lhr } = result
            if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
            if (page && new URL(lhr.finalDisplayedUrl).pathname.startsWith('/login')) {
              throw new Error(`the page went to ${lhr.finalDisplayedUrl}: the session was lost`)
            }
            const figures = figuresOf(lhr)
            measurement.runs.push(figures)
            measurement.benchmarkIndex.push(lhr.environment.benchmarkIndex)
            for (const warning of lhr.runWarnings) {
              if (!measurement.warnings.includes(warning)) measurement.warnings.push(warning)
            }
            results.set(measurement, [...(results.get(measurement) ?? []), lhr])
            log(
              `  ${measurement.formFactor.padEnd(7)} run ${run}/${runs} ${measurement.url}: ${figures.performance}` +
                ` (LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)})` +
                ` in ${((Date.now() - started) / 1000).toFixed(0)} s`,
            )
            break
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error)
            const last = attempt === 2 || message.includes('session was lost')
            if (last) measurement.errors.push(`run ${run}: ${message}`)
            log(
              `  ${measurement.formFactor.padEnd(7)} run ${run}/${runs} ${measurement.url}: failed${last ? '' : ', again'}: ${message}`,
            )
            if (last) break
          }
        }
      }
    }
  } finally {
    await page?.close().catch(() => undefined)
  }

  for (const measurement of measurements) {
    measurement.median = medianOf(measurement.runs)
    const lhrs = results.get(measurement)
    if (reportsDir && measurement.median && lhrs?.length) {
      const target = measurement.median.performance
      const closest = [...lhrs].sort(
        (a, b) =>
          Math.abs((a.categories.performance?.score ?? 0) * 100 - target) -
          Math.abs((b.categories.performance?.score ?? 0) * 100 - target),
      )[0]!
      mkdirSync(reportsDir, { recursive: true })
      writeFileSync(
        path.join(reportsDir, fileNameFor(measurement.url, measurement.formFactor)),
        generateReport(closest, 'html'),
      )
    }
  }
  return measurements
}

/** One line per measurement: the medians. */
export const formatMeasurement = (m: LighthouseMeasurement): string => {
  const where = `${m.formFactor.padEnd(7)} ${m.signedIn ? '(signed in) ' : ''}${m.url}`
  if (!m.median) return `${where}: not measured (${m.errors.join('; ')})`
  const f = m.median
  return (
    `${where}: performance ${f.performance}` +
    `${f.accessibility === null ? '' : `, accessibility ${f.accessibility}`}` +
    `, LCP ${(f.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(f.tbtMs)} ms, CLS ${f.cls.toFixed(3)}` +
    `, FCP ${(f.fcpMs / 1000).toFixed(2)} s, SI ${(f.speedIndexMs / 1000).toFixed(2)} s` +
    ` (median of ${m.runs.length}${m.errors.length ? `, ${m.errors.length} failed` : ''})`
  )
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      url: { type: 'string', multiple: true, default: [] },
      'form-factor': { type: 'string', default: 'mobile,desktop' },
      runs: { type: 'string', default: '3' },
      'sign-in': { type: 'string' },
      password: { type: 'string', default: 'Demo1234!' },
      json: { type: 'string' },
      reports: { type: 'string' },
      'no-accessibility': { type: 'boolean', default: false },
    },
  })
  if (values.url.length === 0) {
    console.error(
      'npm run lighthouse -- --url <url> [--url …] [--form-factor mobile,desktop] [--runs 3] [--sign-in email] [--json file] [--reports dir]',
    )
    process.exit(2)
  }
  const formFactors = values['form-factor'].split(',').map((value) => {
    if (value !== 'mobile' && value !== 'desktop') throw new Error(`--form-factor: mobile or desktop, not ${value}`)
    return value
  })
  const chromium = await launchChromium()
  let measurements: LighthouseMeasurement[]
  try {
    console.log(`Lighthouse ${LIGHTHOUSE_VERSION} on ${CHROME_PATH}, ${values.runs} runs each`)
    if (values['sign-in']) {
      await signIn(chromium.browser, new URL('/login', values.url[0]).href, values['sign-in'], values.password)
    }
    measurements = await measure({
      urls: values.url,
      formFactors,
      runs: Number(values.runs),
      chromium,
      keepSession: Boolean(values['sign-in']),
      accessibility: !values['no-accessibility'],
      ...(values.reports ? { reportsDir: values.reports } : {}),
    })
  } finally {
    await chromium.close()
  }
  console.log()
  for (const measurement of measurements) console.log(formatMeasurement(measurement))
  if (values.json) {
    mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true })
    writeFileSync(values.json, JSON.stringify({ lighthouse: LIGHTHOUSE_VERSION, measurements }, null, 2))
  }
  process.exit(measurements.every((measurement) => measurement.median) ? 0 : 1)
}
