/**
 * `npm run perf:first-load`: how long a full page load of a signed-in route takes to show something, with the
 * mocked backend answering every API call only after an injected latency (the control plane's `delayMs`,
 * `PUT /__mock/faults`). Prints, per route and latency, milliseconds from the navigation's start until
 *
 *   root      `#root` first holds an element (before that the page is blank; index.html's outline counts)
 *   shell     the app's own shell, the header with the navigation, is there
 *   abmelden  "Abmelden" is in the page (the navigation knows the signed-in user)
 *   loading   a loading state is shown (the overlay or an in-place "Wird geladen …")
 *   content   the screen's own content is there (route-specific, see ROUTES)
 *
 * Figures only, nothing is asserted (docs/performance.md keeps the results). Against a mocked production
 * build it makes and serves itself (`vite build --mode mock`, `vite preview`):
 *
 *   --root DIR        the checkout to build (default: this one), e.g. an export of an older commit
 *                     (`git archive HEAD | tar -x -C /tmp/before`, node_modules linked); given twice, both
 *                     are measured in turns, so a busy machine weighs on both alike
 *   --port 4670       the first preview port (PERF_PORT); a second root uses the next one
 *   --latency 2500,4000
 *   --runs 1          measurements per route and latency (the median is printed)
 *   --no-build        serve the existing dist-perf-<port>/ of --root
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium, type Browser, type Page } from 'playwright-core'
import { SEED_PASSWORD, seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { findChromium, sharedUse } from '#tests/playwright-shared.ts'

const { values } = parseArgs({
  options: {
    root: { type: 'string', multiple: true, default: [path.resolve(import.meta.dirname, '../..')] },
    port: { type: 'string', default: process.env.PERF_PORT ?? '4670' },
    latency: { type: 'string', default: '2500,4000' },
    runs: { type: 'string', default: '1' },
    'no-build': { type: 'boolean', default: false },
  },
})

const targets = values.root.map((root, index) => {
  const port = Number(values.port) + index
  return { root: path.resolve(root), port, base: `http://127.0.0.1:${port}`, outDir: `dist-perf-${port}` }
})
type Target = (typeof targets)[number]
const latencies = values.latency.split(',').map(Number)
const runs = Number(values.runs)

interface RouteCase {
  name: string
  account: string
  path: string
  /** A CSS selector whose presence means the screen's content is shown. */
  content: string
}

const ROUTES: RouteCase[] = [
  {
    name: '/home',
    account: seedAccounts.verein.email,
    path: `/home?id=${seedClubs.secondActive}`,
    content: '#verlauf',
  },
  { name: '/admin', account: seedAccounts.admin.email, path: '/admin', content: 'main ul[aria-label="Vereine"] > li' },
  {
    name: '/club/<id>/false',
    account: seedAccounts.verein.email,
    path: `/club/${seedClubs.secondActive}/false`,
    content: 'main form input',
  },
  {
    name: '/campaign/<id>',
    account: seedAccounts.verein.email,
    path: `/campaign/${seedClubs.secondActive}`,
    content: 'main form input',
  },
]

type Stamps = Partial<Record<'root' | 'shell' | 'abmelden' | 'loading' | 'content', number>>
const COLUMNS = ['root', 'shell', 'abmelden', 'loading', 'content'] as const

/** Stamps (performance.now(), from the navigation's start) when each part first appears. */
const stampScript = (contentSelector: string) => {
  const stamps: Record<string, number> = {}
  ;(window as unknown as { __firstLoad: Record<string, number> }).__firstLoad = stamps
  const check = () => {
    const now = performance.now()
    const rootElement = document.getElementById('root')
    const mark = (key: string, present: boolean) => {
      if (present && stamps[key] === undefined) stamps[key] = now
    }
    mark('root', Boolean(rootElement?.firstElementChild))
    mark('shell', Boolean(rootElement?.querySelector('header nav')))
    mark(
      'abmelden',
      [...document.querySelectorAll('header button')].some((button) => button.textContent?.trim() === 'Abmelden'),
    )
    mark(
      'loading',
      Boolean(document.querySelector('[data-testid="loading-overlay"]')) ||
        [...document.querySelectorAll('main [role="status"]')].some((element) =>
          /wird geladen|Bitte warten/i.test(element.textContent ?? ''),
        ),
    )
    mark('content', Boolean(document.querySelector(contentSelector)))
  }
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true })
  check()
}

const children: ChildProcess[] = []
const stopChildren = () => {
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM')
      } catch {
        // Already gone.
      }
    }
  }
}
process.on('exit', stopChildren)
process.on('SIGINT', () => process.exit(130))

const waitForServer = async (url: string, timeoutMs = 60_000) => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer in time`)
}

const setLatency = (page: Page, delayMs: number) =>
  page.evaluate(async (delay) => {
    const response = await fetch('/__mock/faults', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ delayMs: delay, failures: [] }),
    })
    if (!response.ok) throw new Error(`PUT /__mock/faults: ${response.status}`)
  }, delayMs)

const signIn = async (page: Page, base: string, email: string) => {
  await page.goto(`${base}/login`)
  await page.getByLabel('E-Mail').fill(email)
  await page.getByRole('textbox', { name: 'Passwort', exact: true }).fill(SEED_PASSWORD)
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 })
  await page.getByRole('button', { name: 'Abmelden' }).first().waitFor({ timeout: 30_000 })
}

const measure = async (browser: Browser, { base }: Target, route: RouteCase, latency: number): Promise<Stamps> => {
  const context = await browser.newContext({
    viewport: sharedUse.viewport,
    locale: sharedUse.locale,
    timezoneId: sharedUse.timezoneId,
  })
  try {
    const page = await context.newPage()
    await signIn(page, base, route.account)
    await setLatency(page, latency)
    await page.addInitScript(stampScript, route.content)
    await page.goto(`${base}${route.path}`, { waitUntil: 'commit' })
    await page.waitForSelector(route.content, { timeout: 90_000 })
    const stamps = await page.evaluate(() => (window as unknown as { __firstLoad: Stamps }).__firstLoad)
    await setLatency(page, 0)
    return stamps
  } finally {
    await context.close()
  }
}

const median = (numbers: number[]): number | undefined => {
  if (numbers.length === 0) return undefined
  const sorted = [...numbers].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

const main = async () => {
  for (const { root, port, outDir, base } of targets) {
    if (!values['no-build']) {
      console.log(`Building the mocked app in ${root}/${outDir} …`)
      execFileSync('npx', ['tsr', 'generate'], { cwd: root, stdio: 'ignore' })
      execFileSync('npx', ['vite', 'build', '--mode', 'mock', '--outDir', outDir, '--emptyOutDir'], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
    }
    const preview = spawn(
      'npx',
      ['vite', 'preview', '--outDir', outDir, '--host', '127.0.0.1', '--port', String(port), '--strictPort'],
      {
        cwd: root,
        stdio: 'ignore',
        detached: true,
      },
    )
    children.push(preview)
    await waitForServer(base)
  }

  const browser = await chromium.launch({ executablePath: findChromium(), args: sharedUse.launchOptions.args })
  try {
    console.log(`\nFirst load of signed-in routes, ms from navigation start (median of ${runs})\n`)
    console.log(
      ['latency', 'route'.padEnd(18), 'build'.padEnd(24), ...COLUMNS.map((column) => column.padStart(8))].join('  '),
    )
    for (const latency of latencies) {
      for (const route of ROUTES) {
        const samples = targets.map(() => [] as Stamps[])
        for (let run = 0; run < runs; run++) {
          for (const [index, target] of targets.entries())
            samples[index]!.push(await measure(browser, target, route, latency))
        }
        for (const [index, target] of targets.entries()) {
          const cells = COLUMNS.map((column) => {
            const value = median(
              samples[index]!.map((sample) => sample[column]).filter((entry): entry is number => entry !== undefined),
            )
            return (value === undefined ? '–' : String(Math.round(value))).padStart(8)
          })
          const build = path.basename(target.root).slice(0, 24).padEnd(24)
          console.log([`${latency} ms`.padStart(7), route.name.padEnd(18), build, ...cells].join('  '))
        }
      }
    }
  } finally {
    await browser.close()
    stopChildren()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  stopChildren()
  process.exit(1)
})
