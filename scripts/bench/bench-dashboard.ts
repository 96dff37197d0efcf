/**
 * `npm run bench:dashboard`: how the signed-in dashboard (/home) loads against the real stack, and
 * how much the layout shifts (the demo banner included). Figures only, nothing is asserted.
 *
 * 1. Starts the real stack as `npm start` runs it (scripts/run/start.ts: builds the real app into
 *    dist-start-<emulator port>/ when needed, the Firebase Auth emulator, the server with the demo seed) on
 *    ports of its own with a fresh data directory, like playwright.server.config.ts does.
 * 2. Signs in as the club representative verein@demo.at in Chromium, then loads /home afresh (a new page,
 *    the session already signed in, the HTTP cache off), in two passes with emulation over CDP (412 × 823):
 *      - `network`: 150 ms latency added to every request, nothing else, so the order of the requests
 *        shows what waits for what (not how fast this machine's CPU or a slow link is);
 *      - `mobile`: the same latency, 1.6 Mbit/s down, 750 kbit/s up and 4× CPU slowdown (Lighthouse's
 *        mobile figures, applied instead of simulated), for the times, LCP, TBT and CLS.
 * 3. Reads the page's own Resource Timing (start and end of every request, same clock as the page) and
 *    computes:
 *      - sequential round trips before first content: the longest chain of requests to the API (and to
 *        Firebase Auth: its token check counts too) in which each starts after the previous one has ended,
 *        among the requests that started before the first content showed. First content: the club's name
 *        as the dashboard's heading (it shows together with the section links `Bereiche der Übersicht`).
 *        Requests that only ran meanwhile count there too (the globals after a second session check), so
 *        also: the round trips the first content waited for, the longest such chain ending with the request
 *        that finished last before it; and the same for the overview cards;
 *      - when the chart's code (the lazy `donation-chart` chunk, Recharts) was requested, relative to the
 *        overview cards: not in the first wave, so after them (it loads when the chart is near the
 *        viewport or the browser is idle);
 *      - first content, the overview cards, the chart drawn, LCP, TBT (long tasks after the first paint,
 *        minus 50 ms each) and CLS (largest session window of layout shifts, web-vitals' definition).
 * 4. CLS of `/` on the real stack, and of `/` and `/home` in the mocked build (`vite build --mode mock`
 *    into dist-bench-<port>/, served by `vite preview`), where the demo banner shows, at 412 and 1280 px.
 *
 * Prints a table and writes test-results/bench/dashboard.json as
 * `[{ "figure": "…", "value": 2, "unit": "round trips", "goal": "≤ 2", "ok": true }, …]` (medians of the
 * runs; rows without a goal have `goal` and `ok` null). `npm run bench` reads that file.
 *
 *   --port 4741            the real stack's port (BENCH_DASHBOARD_PORT)
 *   --emulator-port 4755   its Auth emulator (and the two ports after it for hub and logging)
 *   --mock-port 4745       vite preview of the mocked build (BENCH_DASHBOARD_MOCK_PORT)
 *   --runs 3               loads per page (the median is reported)
 *   --latency 150          ms added to every request (both passes)
 *   --down 1600, --up 750  kbit/s of the mobile pass (0: unlimited); --cpu 4: its CPU slowdown
 *   --no-real / --no-mock  skip the real stack / the mocked build
 *   --no-mock-build        serve the existing dist-bench-<port>/
 *   --verbose              print every request of each /home load
 *   --json FILE            where to write the rows (default test-results/bench/dashboard.json)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { SEED_PASSWORD, seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { findChromium } from '#tests/playwright-shared.ts'

const root = path.resolve(import.meta.dirname, '../..')

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.BENCH_DASHBOARD_PORT ?? '4741' },
    'emulator-port': { type: 'string', default: process.env.BENCH_DASHBOARD_EMULATOR_PORT ?? '4755' },
    'mock-port': { type: 'string', default: process.env.BENCH_DASHBOARD_MOCK_PORT ?? '4745' },
    runs: { type: 'string', default: '3' },
    latency: { type: 'string', default: '150' },
    down: { type: 'string', default: '1600' },
    up: { type: 'string', default: '750' },
    cpu: { type: 'string', default: '4' },
    'no-real': { type: 'boolean', default: false },
    'no-mock': { type: 'boolean', default: false },
    'no-mock-build': { type: 'boolean', default: false },
    verbose: { type: 'boolean', default: false },
    json: { type: 'string', default: 'test-results/bench/dashboard.json' },
  },
})

const realPort = Number(values.port)
const emulatorPort = Number(values['emulator-port'])
const mockPort = Number(values['mock-port'])
const runs = Math.max(1, Number(values.runs))
interface Throttle {
  latency: number
  downKbps: number
  upKbps: number
  cpu: number
}
const NETWORK: Throttle = { latency: Number(values.latency), downKbps: 0, upKbps: 0, cpu: 1 }
const MOBILE_THROTTLE: Throttle = {
  latency: Number(values.latency),
  downKbps: Number(values.down),
  upKbps: Number(values.up),
  cpu: Number(values.cpu),
}
const realBase = `http://127.0.0.1:${realPort}`
const mockBase = `http://127.0.0.1:${mockPort}`
const MOBILE = { width: 412, height: 823 }
const DESKTOP = { width: 1280, height: 800 }
const ACCOUNT = seedAccounts.verein.email

// ------------------------------------------------------------------------------------------------ processes

const children: ChildProcess[] = []
const say = (line = '') => process.stdout.write(`${line}\n`)

/** Stops what this script started: scripts/run/start.ts stops its server and emulator itself on SIGTERM. */
const stopChild = async (child: ChildProcess, group: boolean) => {
  if (!child.pid || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    process.kill(group ? -child.pid : child.pid, 'SIGTERM')
  } catch {
    return
  }
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 60_000))])
}
const stopAll = async () => {
  for (const child of children.splice(0).reverse()) await stopChild(child, child !== realStack.child)
}
const realStack: { child?: ChildProcess } = {}
process.on('SIGINT', () => void stopAll().then(() => process.exit(130)))

const waitForUrl = async (url: string, timeoutMs: number, child?: ChildProcess) => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${url}: the process serving it stopped (${child.exitCode})`)
    if (
      await fetch(url).then(
        (response) => response.ok,
        () => false,
      )
    )
      return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`${url} did not answer within ${Math.round(timeoutMs / 1000)} s`)
}

/** The real stack as playwright.server.config.ts starts it: scripts/run/start.ts on ports of its own, fresh data. */
const startRealStack = async () => {
  const dataDir = path.join(root, `test-results/bench-dashboard-data-${realPort}`)
  rmSync(dataDir, { recursive: true, force: true })
  say(`Starting the real stack on ${realBase} (emulator 127.0.0.1:${emulatorPort}; builds when sources changed) …`)
  const child = spawn(process.execPath, [path.join(root, 'scripts/run/start.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(realPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort),
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    },
  })
  children.push(child)
  realStack.child = child
  await waitForUrl(`${realBase}/readyz`, 900_000, child)
}

const startMockedBuild = async () => {
  const outDir = `dist-bench-${mockPort}`
  const vite = path.join(root, 'node_modules/vite/bin/vite.js')
  if (!values['no-mock-build']) {
    say(`Building the mocked app into ${outDir}/ …`)
    for (const args of [
      [path.join(root, 'node_modules/@tanstack/router-cli/bin/tsr.cjs'), 'generate'],
      [vite, 'build', '--mode', 'mock', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    ]) {
      const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
      if (result.status !== 0) throw new Error(`${args.slice(1).join(' ')} failed`)
    }
  }
  const child = spawn(
    process.execPath,
    [vite, 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(mockPort), '--strictPort'],
    { cwd: root, stdio: 'ignore', detached: true },
  )
  children.push(child)
  await waitForUrl(mockBase, 60_000, child)
}

// ------------------------------------------------------------------------------------------------ in the page

interface Collected {
  firstContent?: number
  heading?: string
  overviewShown?: number
  chartShown?: number
  fcp?: number
  lcp?: number
  lcpElement?: string
  shifts: Array<{ time: number; value: number; sources: string[] }>
  longTasks: Array<{ start: number; duration: number }>
  /** Long animation frames with the scripts that ran in them (for --verbose: what blocked). */
  frames: Array<{ start: number; duration: number; scripts: string[] }>
}

interface Resource {
  name: string
  type: string
  start: number
  end: number
}

/** Runs in the page before its own scripts: observes paints, shifts, long tasks and the dashboard's content. */
const collector = () => {
  const state: Collected = { shifts: [], longTasks: [], frames: [] }
  ;(window as unknown as { __bench: Collected }).__bench = state
  performance.setResourceTimingBufferSize(5000)
  const describe = (node: Node | null | undefined): string => {
    if (!(node instanceof Element)) return node?.nodeName ?? '?'
    const label = node.getAttribute('aria-label') ?? node.getAttribute('data-testid') ?? node.id
    return `${node.tagName.toLowerCase()}${label ? `[${label}]` : ''}.${[...node.classList].slice(0, 3).join('.')}`
  }
  const observe = (type: string, onEntry: (entry: PerformanceEntry) => void) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true })
    } catch {
      // Not supported by this browser.
    }
  }
  observe('layout-shift', (entry) => {
    const shift = entry as PerformanceEntry & {
      value: number
      hadRecentInput: boolean
      sources?: Array<{ node?: Node }>
    }
    if (shift.hadRecentInput) return
    state.shifts.push({
      time: shift.startTime,
      value: shift.value,
      sources: (shift.sources ?? []).map((source) => describe(source.node)),
    })
  })
  observe('largest-contentful-paint', (entry) => {
    state.lcp = entry.startTime
    state.lcpElement = describe((entry as PerformanceEntry & { element?: Element | null }).element)
  })
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') state.fcp = entry.startTime
  })
  observe('longtask', (entry) => state.longTasks.push({ start: entry.startTime, duration: entry.duration }))
  observe('long-animation-frame', (entry) => {
    const scripts =
      (entry as PerformanceEntry & { scripts?: Array<{ sourceURL: string; invoker: string; duration: number }> })
        .scripts ?? []
    state.frames.push({
      start: entry.startTime,
      duration: entry.duration,
      scripts: scripts
        .filter((script) => script.duration >= 20)
        .map((script) => `${script.sourceURL.split('/').pop() ?? ''} ${script.invoker} ${Math.round(script.duration)}`),
    })
  })
  const check = () => {
    const now = performance.now()
    if (state.firstContent === undefined && document.querySelector('main nav[aria-label="Bereiche der Übersicht"]')) {
      state.firstContent = now
      state.heading = document.querySelector('main h1')?.textContent?.trim() ?? ''
    }
    if (state.overviewShown === undefined && document.querySelector('main [aria-labelledby="verein-title"]')) {
      state.overviewShown = now
    }
    if (state.chartShown === undefined && document.querySelector('[data-testid="donation-chart"] svg')) {
      state.chartShown = now
    }
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true })
}

const readResources = (page: Page) =>
  page.evaluate((): Resource[] =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).map((entry) => ({
      name: entry.name,
      type: entry.initiatorType,
      start: entry.startTime,
      end: entry.responseEnd,
    })),
  )

// ------------------------------------------------------------------------------------------------ figures

/** web-vitals' CLS: the largest sum of shifts in a session window (gaps < 1 s, at most 5 s long). */
const cls = (shifts: Collected['shifts']): number => {
  let worst = 0
  let current = 0
  let windowStart = -Infinity
  let previous = -Infinity
  for (const shift of [...shifts].sort((a, b) => a.time - b.time)) {
    if (shift.time - previous > 1000 || shift.time - windowStart > 5000) {
      current = 0
      windowStart = shift.time
    }
    current += shift.value
    previous = shift.time
    worst = Math.max(worst, current)
  }
  return worst
}

/** Total blocking time after the first paint (Lighthouse counts until TTI; here until the page is quiet). */
const tbt = (state: Collected): number =>
  state.longTasks
    .filter((task) => task.start + task.duration > (state.fcp ?? 0))
    .reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0)

const isApi = (resource: Resource) => new URL(resource.name).pathname.includes('/api/')
const isAuth = (resource: Resource) => /identitytoolkit|securetoken/.test(resource.name)
const shortName = (resource: Resource) => {
  const url = new URL(resource.name)
  if (isAuth(resource)) return url.pathname.replace(/^.*\/v1\//, 'firebase ').replace(/^\/v1\//, 'firebase ')
  return url.pathname.replace(/^\/api\/backend\/v1\//, '') || url.pathname
}

/**
 * The round trips a moment waited for: the longest chain (as above) that ends with the request which
 * finished last before that moment. Requests that merely ran meanwhile (the globals, a second session
 * check) and did not end before the chain's last one started do not lengthen it.
 */
const chainBefore = (requests: Resource[], moment: number): Resource[] => {
  const done = requests.filter((request) => request.end <= moment)
  const gate = done.reduce<Resource | undefined>(
    (last, request) => (!last || request.end > last.end ? request : last),
    undefined,
  )
  if (!gate) return []
  return longestChain(done.filter((request) => request.end <= gate.start || request === gate))
}

/** The longest chain of requests in which each starts after the one before it has ended. */
const longestChain = (requests: Resource[]): Resource[] => {
  const sorted = [...requests].sort((a, b) => a.start - b.start)
  const best: Resource[][] = []
  for (const [index, request] of sorted.entries()) {
    let chain: Resource[] = []
    for (let before = 0; before < index; before++) {
      const candidate = best[before]!
      if (sorted[before]!.end <= request.start && candidate.length > chain.length) chain = candidate
    }
    best.push([...chain, request])
  }
  return best.reduce<Resource[]>((longest, chain) => (chain.length > longest.length ? chain : longest), [])
}

interface DashboardRun {
  roundTrips: number
  apiRoundTrips: number
  chain: string
  waitedRoundTrips: number
  waitedChain: string
  overviewRoundTrips: number
  overviewShown?: number
  requestsBeforeContent: number
  firstContent: number
  chartShown?: number
  chunkAfterOverview?: number
  lcp?: number
  lcpElement?: string
  tbt: number
  cls: number
  shiftSources: string[]
}

// ------------------------------------------------------------------------------------------------ browser

const launch = () =>
  chromium.launch({
    executablePath: findChromium() ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--lang=de-AT',
    ],
  })

const newContext = (browser: Browser, viewport: { width: number; height: number }) =>
  browser.newContext({ viewport, locale: 'de-AT', timezoneId: 'Europe/Vienna' })

const signIn = async (context: BrowserContext, base: string) => {
  const page = await context.newPage()
  await page.goto(`${base}/login`)
  await page.getByLabel('E-Mail').fill(ACCOUNT)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(SEED_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await page.waitForURL((url) => url.pathname.startsWith('/home'), { timeout: 60_000 })
  // The dashboard once, so the active club is stored as it is for somebody coming back.
  await page.locator('main nav[aria-label="Bereiche der Übersicht"]').waitFor({ timeout: 60_000 })
  await page.close()
}

/** A fresh page with the emulated network and CPU, the HTTP cache off, the collector in place. */
const throttledPage = async (context: BrowserContext, throttle: Throttle) => {
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttle.latency,
    downloadThroughput: throttle.downKbps > 0 ? (throttle.downKbps * 1000) / 8 : -1,
    uploadThroughput: throttle.upKbps > 0 ? (throttle.upKbps * 1000) / 8 : -1,
  })
  if (throttle.cpu > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpu })
  await page.addInitScript(collector)
  return page
}

const collected = (page: Page) => page.evaluate(() => (window as unknown as { __bench: Collected }).__bench)

/** Waits until no request started or ended for `quietMs`. */
const settle = async (page: Page, quietMs = 1500, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs
  let last = ''
  let since = Date.now()
  while (Date.now() < until) {
    const now = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource')
      return `${entries.length}`
    })
    if (now !== last) {
      last = now
      since = Date.now()
    } else if (Date.now() - since >= quietMs) return
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

const measureDashboard = async (
  context: BrowserContext,
  base: string,
  throttle: Throttle,
  verbose: boolean,
): Promise<DashboardRun> => {
  const page = await throttledPage(context, throttle)
  try {
    await page.goto(`${base}/home`, { waitUntil: 'commit' })
    await page.waitForFunction(
      () => (window as unknown as { __bench?: Collected }).__bench?.firstContent !== undefined,
      null,
      { timeout: 120_000, polling: 100 },
    )
    await page
      .waitForFunction(() => (window as unknown as { __bench?: Collected }).__bench?.chartShown !== undefined, null, {
        timeout: 60_000,
        polling: 100,
      })
      .catch(() => undefined)
    await settle(page)
    const state = await collected(page)
    const resources = await readResources(page)
    const firstContent = state.firstContent!
    const early = resources.filter((resource) => (isApi(resource) || isAuth(resource)) && resource.start < firstContent)
    const chain = longestChain(early)
    const chunk = resources.find((resource) => /\/assets\/donation-chart-[^/]*\.js/.test(resource.name))
    if (verbose) {
      say(`  /home: first content ${Math.round(firstContent)} ms ("${state.heading}"), requests:`)
      for (const resource of [...resources].sort((a, b) => a.start - b.start)) {
        const name = isApi(resource) || isAuth(resource) ? shortName(resource) : new URL(resource.name).pathname
        say(
          `    ${String(Math.round(resource.start)).padStart(6)} → ${String(Math.round(resource.end)).padStart(6)}  ${name}`,
        )
      }
      const tasks = state.longTasks.map((task) => `${Math.round(task.start)}+${Math.round(task.duration)}`)
      say(`  long tasks (start+duration ms): ${tasks.join(', ')}; FCP ${Math.round(state.fcp ?? NaN)} ms`)
      for (const frame of state.frames.filter((entry) => entry.duration >= 100)) {
        say(`    frame ${Math.round(frame.start)}+${Math.round(frame.duration)}: ${frame.scripts.join('; ')}`)
      }
    }
    const calls = resources.filter((resource) => isApi(resource) || isAuth(resource))
    const waited = chainBefore(calls, firstContent)
    return {
      roundTrips: chain.length,
      apiRoundTrips: longestChain(early.filter(isApi)).length,
      chain: chain.map(shortName).join(' → '),
      waitedRoundTrips: waited.length,
      waitedChain: waited.map(shortName).join(' → '),
      overviewRoundTrips: state.overviewShown === undefined ? NaN : chainBefore(calls, state.overviewShown).length,
      overviewShown: state.overviewShown,
      requestsBeforeContent: early.length,
      firstContent,
      chartShown: state.chartShown,
      chunkAfterOverview: chunk && state.overviewShown !== undefined ? chunk.start - state.overviewShown : undefined,
      lcp: state.lcp,
      lcpElement: state.lcpElement,
      tbt: tbt(state),
      cls: cls(state.shifts),
      shiftSources: state.shifts.map((shift) => `${shift.value.toFixed(3)} ${shift.sources.join(', ')}`),
    }
  } finally {
    await page.close()
  }
}

/** CLS of one load of `url` (waits for `ready` when given, then until the page is quiet). */
const measureCls = async (context: BrowserContext, url: string, ready?: string) => {
  // Layout, not timing: the CPU runs at full speed, requests take their latency.
  const page = await throttledPage(context, NETWORK)
  try {
    await page.goto(url, { waitUntil: 'load' })
    if (ready) await page.locator(ready).first().waitFor({ timeout: 60_000 })
    await settle(page)
    await page.waitForTimeout(500)
    const state = await collected(page)
    return { cls: cls(state.shifts), sources: state.shifts.map((s) => `${s.value.toFixed(3)} ${s.sources.join(', ')}`) }
  } finally {
    await page.close()
  }
}

// ------------------------------------------------------------------------------------------------ report

interface Row {
  figure: string
  value: number | string | null
  unit: string
  goal: string | null
  ok: boolean | null
}

const median = (numbers: Array<number | undefined>): number | undefined => {
  const present = numbers.filter((value): value is number => value !== undefined && Number.isFinite(value))
  if (present.length === 0) return undefined
  const sorted = present.sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}
const round = (value: number | undefined, digits = 0) =>
  value === undefined ? null : Math.round(value * 10 ** digits) / 10 ** digits

const rows: Row[] = []
const row = (figure: string, value: number | null, unit: string, goal?: { text: string; ok: (v: number) => boolean }) =>
  rows.push({
    figure,
    value,
    unit,
    goal: goal?.text ?? null,
    ok: goal && value !== null ? goal.ok(value) : null,
  })
const atMost = (limit: number, text = `≤ ${limit}`) => ({ text, ok: (value: number) => value <= limit })

const clsPages = async (browser: Browser, base: string, label: string, withHome: boolean) => {
  for (const viewport of [MOBILE, DESKTOP]) {
    const anonymous = await newContext(browser, viewport)
    const signedIn = withHome ? await newContext(browser, viewport) : undefined
    try {
      if (signedIn) await signIn(signedIn, base)
      const pages: Array<[string, BrowserContext, string, string]> = [[`/`, anonymous, `${base}/`, 'main h1']]
      if (signedIn) pages.push(['/home', signedIn, `${base}/home`, 'main nav[aria-label="Bereiche der Übersicht"]'])
      for (const [name, context, url, ready] of pages) {
        const samples = []
        for (let run = 0; run < runs; run++) samples.push(await measureCls(context, url, ready))
        const value = median(samples.map((sample) => sample.cls))
        row(`${name} (${label}), ${viewport.width} px: CLS`, round(value, 3), '', atMost(0.02))
        const shifting = samples.find((sample) => sample.cls === value)?.sources ?? []
        if (shifting.length > 0) say(`  ${name} (${label}) ${viewport.width} px shifts: ${shifting.join(' | ')}`)
      }
    } finally {
      await anonymous.close()
      await signedIn?.close()
    }
  }
}

/** `runs` loads of /home with one emulation, each printed. */
const dashboardRuns = async (context: BrowserContext, throttle: Throttle, name: string) => {
  say(
    `/home, ${name}: ${throttle.latency} ms latency, ${throttle.downKbps || '∞'}/${throttle.upKbps || '∞'} kbit/s, ` +
      `${throttle.cpu}× CPU, ${MOBILE.width} × ${MOBILE.height}`,
  )
  const samples: DashboardRun[] = []
  for (let run = 0; run < runs; run++) {
    const sample = await measureDashboard(context, realBase, throttle, values.verbose)
    samples.push(sample)
    say(
      `  run ${run + 1}: ${sample.roundTrips} round trips (${sample.chain}); waited for ${sample.waitedRoundTrips} ` +
        `(${sample.waitedChain}), the overview for ${sample.overviewRoundTrips}; content ${Math.round(sample.firstContent)} ms, ` +
        `overview ${Math.round(sample.overviewShown ?? NaN)} ms, chart chunk ` +
        `${sample.chunkAfterOverview === undefined ? '–' : `${Math.round(sample.chunkAfterOverview)} ms`} after the overview, ` +
        `LCP ${Math.round(sample.lcp ?? NaN)} ms (${sample.lcpElement}), TBT ${Math.round(sample.tbt)} ms, CLS ${sample.cls.toFixed(3)}`,
    )
    if (sample.shiftSources.length > 0) say(`    shifts: ${sample.shiftSources.join(' | ')}`)
  }
  return samples
}

const main = async () => {
  say(`Dashboard bench: ${runs} run(s) per pass`)
  if (!values['no-real']) await startRealStack()
  if (!values['no-mock']) await startMockedBuild()
  const browser = await launch()
  try {
    if (!values['no-real']) {
      const context = await newContext(browser, MOBILE)
      try {
        await signIn(context, realBase)
        const label = '/home (real stack)'
        const network = await dashboardRuns(context, NETWORK, 'network')
        const pick = (samples: DashboardRun[], key: keyof DashboardRun) =>
          median(samples.map((sample) => sample[key] as number | undefined))
        row(
          `${label}: sequential round trips before first content (API and Firebase Auth)`,
          round(pick(network, 'roundTrips')),
          'round trips',
          atMost(2),
        )
        row(`${label}: of these, API round trips`, round(pick(network, 'apiRoundTrips')), 'round trips')
        row(
          `${label}: round trips the first content waited for (ending with the last request before it)`,
          round(pick(network, 'waitedRoundTrips')),
          'round trips',
          atMost(2),
        )
        row(
          `${label}: round trips the overview cards waited for`,
          round(pick(network, 'overviewRoundTrips')),
          'round trips',
        )
        row(
          `${label}: requests started before first content`,
          round(pick(network, 'requestsBeforeContent')),
          'requests',
        )
        row(
          `${label}: chart chunk requested after the overview cards were shown`,
          round(pick(network, 'chunkAfterOverview')),
          'ms',
          {
            text: 'after the first screen (≥ 0)',
            ok: () =>
              network.every((sample) => sample.chunkAfterOverview !== undefined && sample.chunkAfterOverview >= 0),
          },
        )
        row(`${label}, latency only: first content (club name)`, round(pick(network, 'firstContent')), 'ms')
        row(`${label}, latency only: overview cards shown`, round(pick(network, 'overviewShown')), 'ms')
        row(`${label}, latency only: chart drawn`, round(pick(network, 'chartShown')), 'ms')
        const mobile = await dashboardRuns(context, MOBILE_THROTTLE, 'mobile')
        row(`${label}, mobile: first content (club name)`, round(pick(mobile, 'firstContent')), 'ms')
        row(`${label}, mobile: overview cards shown`, round(pick(mobile, 'overviewShown')), 'ms')
        row(`${label}, mobile: chart drawn`, round(pick(mobile, 'chartShown')), 'ms')
        row(`${label}, mobile: LCP`, round(pick(mobile, 'lcp')), 'ms', atMost(2500, '≤ 2500'))
        row(`${label}, mobile: TBT (long tasks after FCP)`, round(pick(mobile, 'tbt')), 'ms', atMost(200, '≤ 200'))
        row(`${label}, mobile, ${MOBILE.width} px: CLS`, round(pick(mobile, 'cls'), 3), '', atMost(0.02))
      } finally {
        await context.close()
      }
      await clsPages(browser, realBase, 'real stack', true)
    }
    if (!values['no-mock']) await clsPages(browser, mockBase, 'mocked build, demo banner', true)
  } finally {
    await browser.close()
    await stopAll()
  }

  say()
  const width = Math.max(...rows.map((entry) => entry.figure.length))
  say(`${'figure'.padEnd(width)}  ${'value'.padStart(8)}  ${'unit'.padEnd(11)}  ${'goal'.padEnd(24)}  ok`)
  for (const entry of rows) {
    const ok = entry.ok === null ? '' : entry.ok ? 'yes' : 'NO'
    say(
      `${entry.figure.padEnd(width)}  ${String(entry.value ?? '–').padStart(8)}  ${entry.unit.padEnd(11)}  ${(entry.goal ?? '').padEnd(24)}  ${ok}`,
    )
  }
  const file = path.resolve(root, values.json)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(rows, null, 2)}\n`)
  say(`\nWritten to ${path.relative(root, file)}`)
}

main().catch(async (error: unknown) => {
  console.error(error)
  await stopAll()
  process.exit(1)
})
