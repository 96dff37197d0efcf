/**
 * `npm run bench`: every figure docs/performance.md sets a goal for, on this machine, in one table (figure | value | goal | ok |
 * previous). Figures only: nothing here is a test, and a part that fails is reported as "not measured"
 * while the others still run. Parts, in the order they run:
 *
 *   size        `npm run size`'s figures (scripts/bench/size.ts --json): initial JS and CSS, the largest route
 *               chunk, the chart, what must not load early
 *   previous    the same size figures for the previous commit's build (`git archive` into /tmp with
 *               node_modules linked, built there; cached per commit in test-results/bench/previous/).
 *               "Previous" is HEAD while the work tree has uncommitted changes, else HEAD~1
 *               (--previous-rev REV to choose)
 *   lighthouse  the real stack as `npm start` runs it (scripts/run/start.ts on --port 4880, its Auth emulator
 *               on --port + 10, a fresh data directory), Lighthouse (scripts/bench/lighthouse.ts) mobile and
 *               desktop on the public pages, then on /home signed in as verein@demo.at; median of --runs
 *   dashboard   scripts/bench/bench-dashboard.ts (round trips before first content, chart timing, CLS)
 *   donations   `npm run bench:donations` (the 10 000-donation list: DOM rows, Event Timing at 1× and 4×)
 *   server      `npm run bench:server` (p99 of the server under load; --server-duration s per endpoint; the
 *               card-payment webhook: 10 000 signed deliveries, events/s, and whether the totals are exact)
 *
 *   --only size,lighthouse     run only these parts (--skip server: all but these)
 *   --runs 3                   Lighthouse runs per page and form factor (and bench-dashboard's loads)
 *   --previous-rev REV         the commit to compare with (default: HEAD with uncommitted changes, else HEAD~1)
 *   --previous-lighthouse      Lighthouse on the previous commit's stack too (its own scripts/run/start.ts and
 *                              server, built in the export; as long again as the lighthouse part)
 *   --port 4880                the stack's port (BENCH_APP_PORT); emulator +10, Chromium's debugging +5 and
 *                              +6, bench:donations' preview −10, bench-dashboard's stack −40 (emulator −30)
 *   --server-duration 20       seconds per endpoint in bench:server
 *   --write-docs               also replace "## Latest figures" in docs/performance.md with the table
 *   --peer URL                 Lighthouse mobile on a running build of the peer (satnaing/shadcn-admin, the same
 *                              stack) too, its pages in turns with ours, in the column "Peer" with the ratios;
 *                              without it, that column shows the peer's figures recorded in
 *                              scripts/bench/peer-figures.json (marked "recorded"), since the peer's code cannot
 *                              be fetched on every machine
 *   --peer-pages /=/sign-in,…  which peer page stands beside which of ours (default: the recorded file's)
 *
 * Writes test-results/bench/summary.md (the table, the machine, what was not measured and the time
 * each part took), summary.json, and each part's own JSON beside it; the median Lighthouse reports go to
 * test-results/bench/lighthouse/.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { SEED_PASSWORD, seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import {
  CHROME_PATH,
  LIGHTHOUSE_VERSION,
  formatMeasurement,
  launchChromium,
  measure,
  signIn,
  type LighthouseMeasurement,
} from './lighthouse.ts'

const PARTS = ['size', 'previous', 'lighthouse', 'dashboard', 'donations', 'server'] as const
type Part = (typeof PARTS)[number]

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    skip: { type: 'string' },
    runs: { type: 'string', default: '3' },
    port: { type: 'string', default: process.env.BENCH_APP_PORT ?? '4880' },
    'previous-rev': { type: 'string' },
    'previous-lighthouse': { type: 'boolean', default: false },
    'server-duration': { type: 'string', default: '20' },
    'write-docs': { type: 'boolean', default: false },
    peer: { type: 'string' },
    'peer-pages': { type: 'string' },
  },
})

const partsOf = (list: string | undefined): Part[] =>
  (list ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      if (!(PARTS as readonly string[]).includes(part)) throw new Error(`Unknown part ${part}: ${PARTS.join(', ')}`)
      return part as Part
    })
const selected = new Set<Part>(values.only ? partsOf(values.only) : PARTS)
for (const part of partsOf(values.skip)) selected.delete(part)

const root = path.resolve(import.meta.dirname, '../..')
const outDir = path.join(root, 'test-results', 'bench')
mkdirSync(outDir, { recursive: true })
const runs = Number(values.runs)
const appPort = Number(values.port)
const emulatorPort = appPort + 10
/** Ports of the other parts: all in 48xx, beside the stack's. */
const PORTS = {
  chromePublic: appPort + 5,
  chromeSignedIn: appPort + 6,
  donations: appPort - 10,
  dashboard: appPort - 40,
}
const base = `http://127.0.0.1:${appPort}`

/** Children get this project's Node (24) first on PATH, as npm scripts do. */
const childEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  ...process.env,
  PATH: [path.join(root, 'node_modules/.bin'), path.dirname(process.execPath), process.env.PATH].join(path.delimiter),
  ...extra,
})

// ------------------------------------------------------------------------------------------------ rows

interface Row {
  id: string
  figure: string
  value: string
  goal: string
  /** Against the goal; null: no goal (a figure shown for context). */
  ok: boolean | null
}

const rows: Row[] = []
const notMeasured: string[] = []
const timings: Array<{ part: Part; seconds: number; outcome: string }> = []
/** The previous commit's figures by row id (size; Lighthouse with --previous-lighthouse). */
const previousValues = new Map<string, string>()
const previousParts: string[] = []

/** The peer's figures beside ours, by our row id: measured with --peer, else recorded. */
interface PeerFigures {
  page: string
  performance: number
  lcpMs?: number
  tbtMs?: number
  recorded: boolean
}
const peerValues = new Map<string, PeerFigures>()
const peerFile = path.join(import.meta.dirname, 'peer-figures.json')
const recordedPeer = JSON.parse(readFileSync(peerFile, 'utf8')) as {
  peer: string
  source: string
  pages: Record<string, Omit<PeerFigures, 'recorded'>>
}
/** Our page → the peer's, from --peer-pages or the recorded file. */
const peerPages: Record<string, string> = values['peer-pages']
  ? Object.fromEntries(values['peer-pages'].split(',').map((pair) => pair.split('=', 2) as [string, string]))
  : Object.fromEntries(Object.entries(recordedPeer.pages).map(([ours, theirs]) => [ours, theirs.page]))

const say = (line = '') => process.stdout.write(`${line}\n`)
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Runs a part; a failure is recorded as "not measured: …" and the bench goes on. */
const runPart = async (part: Part, body: () => Promise<void>) => {
  if (!selected.has(part)) return
  say(`\n== ${part}`)
  const started = Date.now()
  let outcome = 'measured'
  try {
    await body()
  } catch (error) {
    outcome = `not measured: ${messageOf(error)}`
    notMeasured.push(`${part}: ${messageOf(error)}`)
    rows.push({ id: `${part}.failed`, figure: part, value: `not measured: ${messageOf(error)}`, goal: '', ok: null })
    say(`   ${part}: ${outcome}`)
  }
  const seconds = Math.round((Date.now() - started) / 1000)
  timings.push({ part, seconds, outcome })
  say(`   (${part}: ${seconds} s)`)
}

/** Runs a command, its output shown and kept in test-results/bench/<name>.log; resolves with the exit code. */
const runLogged = (name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) =>
  new Promise<number>((resolve, reject) => {
    const log = createWriteStream(path.join(outDir, `${name}.log`))
    const child = spawn(command, args, { cwd: root, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] })
    running.add(child)
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        log.write(chunk)
        process.stdout.write(chunk)
      })
    }
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      running.delete(child)
      log.end()
      resolve(code ?? (signal ? 128 : 1))
    })
  })

/** Figures another script wrote as `[{ figure, value, unit, goal, ok }]` (or `{ rows: [...] }`). */
const readFigures = (file: string, prefix: string, since: number): Row[] => {
  if (!existsSync(file)) throw new Error(`${path.relative(root, file)} was not written`)
  if (statSync(file).mtimeMs < since) throw new Error(`${path.relative(root, file)} is older than this run`)
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown
  const list = Array.isArray(data) ? data : (data as { rows?: unknown }).rows
  if (!Array.isArray(list)) throw new Error(`${path.relative(root, file)} holds no list of figures`)
  const text = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined
  return (list as Array<Record<string, unknown>>).map((item, index) => {
    const figure = text(item.figure) ?? text(item.name) ?? text(item.label) ?? `figure ${index + 1}`
    const unit = typeof item.unit === 'string' && item.unit ? ` ${item.unit}` : ''
    const ok = typeof item.ok === 'boolean' ? item.ok : typeof item.met === 'boolean' ? item.met : null
    return {
      id: `${prefix}.${text(item.id) ?? figure}`,
      figure,
      value: text(item.value) === undefined ? JSON.stringify(item.value) : `${text(item.value)}${unit}`,
      goal: text(item.goal) ?? '–',
      ok,
    }
  })
}

// ------------------------------------------------------------------------------------------------ cleanup

const running = new Set<ChildProcess>()
const cleanups: Array<() => Promise<void>> = []
let interrupted = false
const cleanUp = async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
  for (const child of running) if (child.exitCode === null) child.kill('SIGTERM')
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    say(`\nbench: ${signal}, stopping …`)
    void cleanUp().then(() => process.exit(130))
  })
}

// ------------------------------------------------------------------------------------------------ git, machine

const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim()
const dirty = (() => {
  try {
    return git('status', '--porcelain', '--untracked-files=no') !== ''
  } catch {
    return false
  }
})()
const head = (() => {
  try {
    return git('rev-parse', '--short', 'HEAD')
  } catch {
    return 'unknown'
  }
})()

const machine = () => {
  const chromium = spawnSync(CHROME_PATH, ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'Chromium: unknown'
  const load = loadavg().map((value) => value.toFixed(1))
  return {
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model ?? 'unknown CPU',
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    chromium,
    node: process.version,
    lighthouse: LIGHTHOUSE_VERSION,
    load: load.join(' / '),
  }
}
const machineAtStart = machine()

// ------------------------------------------------------------------------------------------------ size

const sizeRows = (file: string): Row[] => {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { rows: Row[] }
  return data.rows
}

await runPart('size', async () => {
  const file = path.join(outDir, 'size.json')
  rmSync(file, { force: true })
  const code = await runLogged('size', process.execPath, [path.join(root, 'scripts/bench/size.ts'), '--json', file])
  if (!existsSync(file)) throw new Error(`scripts/bench/size.ts exited with ${code} and wrote no figures`)
  rows.push(...sizeRows(file))
  if (code !== 0)
    say(`   npm run size exits ${code}: a limit of size-budget.json is broken (see test-results/bench/size.log)`)
})

/** The previous commit: HEAD while the work tree has uncommitted changes (they are "the change"), else HEAD~1. */
const previous = (() => {
  const rev = values['previous-rev'] ?? (dirty ? 'HEAD' : 'HEAD~1')
  let sha: string | null = null
  try {
    sha = git('rev-parse', '--verify', `${rev}^{commit}`)
  } catch {
    // No such commit (a shallow clone, the first commit): nothing to compare with.
  }
  return { rev, sha, label: `${rev} (${sha?.slice(0, 7) ?? 'not found'})` }
})()

let checkoutDir: string | undefined
/** The previous commit exported once per run (`git archive`, node_modules linked); removed at the end. */
const previousCheckout = (): string => {
  if (checkoutDir) return checkoutDir
  if (!previous.sha) throw new Error(`there is no commit ${previous.rev}`)
  const dir = path.join(tmpdir(), `vereinsportal-bench-${previous.sha.slice(0, 12)}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }))
  const archive = spawnSync('sh', ['-c', `git archive ${previous.sha} | tar -x -C "${dir}"`], {
    cwd: root,
    encoding: 'utf8',
  })
  if (archive.status !== 0) throw new Error(`git archive ${previous.rev}: ${archive.stderr}`)
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'))
  checkoutDir = dir
  return dir
}

await runPart('previous', async () => {
  if (!previous.sha) throw new Error(`there is no commit ${previous.rev}`)
  say(
    `   previous: ${previous.label}${values['previous-rev'] ? '' : dirty ? ', as the work tree has uncommitted changes' : ''}`,
  )
  // Cached per commit and per version of the measurement (size.ts and the budget's goals).
  const measuredBy = createHash('sha256')
    .update(readFileSync(path.join(root, 'scripts/bench/size.ts')))
    .update(readFileSync(path.join(root, 'size-budget.json')))
    .digest('hex')
    .slice(0, 8)
  const cached = path.join(outDir, 'previous', `size-${previous.sha}-${measuredBy}.json`)
  if (existsSync(cached)) {
    say(`   cached: ${path.relative(root, cached)}`)
  } else {
    mkdirSync(path.dirname(cached), { recursive: true })
    // This checkout's size.ts (and budget) on the previous commit's sources.
    const code = await runLogged('previous-size', process.execPath, [
      path.join(root, 'scripts/bench/size.ts'),
      '--root',
      previousCheckout(),
      '--json',
      cached,
    ])
    if (!existsSync(cached)) {
      throw new Error(`building ${previous.rev} failed (exit code ${code}, test-results/bench/previous-size.log)`)
    }
  }
  for (const row of sizeRows(cached)) previousValues.set(row.id, row.value)
  previousParts.push('size')
})

// ------------------------------------------------------------------------------------------------ lighthouse

/** This run's Lighthouse measurements of the current stack, for the peer's ratios. */
const lighthouseMedians: LighthouseMeasurement[] = []

const PUBLIC_PAGES = ['/', '/login', '/register_organisation', '/payment/return', '/success']
/**
 * The signed-in screens, each with the account that opens it: the dashboard, the club profile and the
 * campaign form as the club representative (the dashboard shows the first of their clubs by name), the
 * administration and the user list as the administrator.
 */
const SIGNED_IN: Array<{ account: keyof typeof seedAccounts; pages: string[] }> = [
  { account: 'verein', pages: ['/home', '/club/club-sv-gruenbach/false', '/campaign/club-sv-gruenbach'] },
  { account: 'admin', pages: ['/admin', '/users'] },
]
const SIGNED_IN_PAGES = SIGNED_IN.flatMap((group) => group.pages)
const CLS_GOAL = 0.02

interface PageGoal {
  score?: number
  lcpMs?: number
  tbtMs?: number
  cls?: number
}

const goalFor = (page: string, formFactor: 'mobile' | 'desktop'): PageGoal => {
  if (page === '/home') return formFactor === 'mobile' ? { score: 90, lcpMs: 2500, tbtMs: 200, cls: CLS_GOAL } : {}
  if (SIGNED_IN_PAGES.includes(page)) return formFactor === 'mobile' ? { score: 85, cls: CLS_GOAL } : {}
  if (formFactor === 'desktop') return { score: 100, cls: CLS_GOAL }
  return page === '/' || page === '/login' ? { score: 98, cls: CLS_GOAL } : { cls: CLS_GOAL }
}

const describeGoal = (goal: PageGoal) =>
  [
    goal.score === undefined ? undefined : goal.score === 100 ? '100' : `≥ ${goal.score}`,
    goal.lcpMs === undefined ? undefined : `LCP ≤ ${goal.lcpMs / 1000} s`,
    goal.tbtMs === undefined ? undefined : `TBT ≤ ${goal.tbtMs} ms`,
    goal.cls === undefined ? undefined : `CLS ≤ ${goal.cls}`,
  ]
    .filter(Boolean)
    .join(', ') || '–'

const lighthouseRow = (m: LighthouseMeasurement): Row => {
  const page = new URL(m.url).pathname
  const goal = goalFor(page, m.formFactor)
  const figure = `Lighthouse ${m.formFactor} \`${page}\`${m.signedIn ? ' (signed in, real stack)' : ''}`
  const id = `lighthouse.${m.formFactor}.${page}`
  if (!m.median)
    return { id, figure, value: `not measured: ${m.errors.join('; ')}`, goal: describeGoal(goal), ok: null }
  const f = m.median
  const ok =
    Object.keys(goal).length === 0
      ? null
      : (goal.score === undefined || f.performance >= goal.score) &&
        (goal.lcpMs === undefined || f.lcpMs <= goal.lcpMs) &&
        (goal.tbtMs === undefined || f.tbtMs <= goal.tbtMs) &&
        (goal.cls === undefined || f.cls <= goal.cls)
  const value =
    `${Math.round(f.performance)} · LCP ${(f.lcpMs / 1000).toFixed(1)} s · TBT ${Math.round(f.tbtMs)} ms · CLS ${f.cls.toFixed(3)}` +
    ` · FCP ${(f.fcpMs / 1000).toFixed(1)} s${f.accessibility === null ? '' : ` · a11y ${f.accessibility}`}` +
    (m.errors.length ? ` (${m.runs.length} of ${m.runs.length + m.errors.length} runs)` : '')
  return { id, figure, value, goal: describeGoal(goal), ok }
}

/** Libraries recognised in a served script by strings their code keeps after minification. */
const LIBRARY_MARKERS: Array<{ name: string; pattern: RegExp }> = [
  { name: 'Firebase', pattern: /@firebase\/(?:app|auth)[`'"]/ },
  { name: 'Recharts', pattern: /recharts-(?:wrapper|surface|responsive-container)/ },
  { name: 'MSW', pattern: /mockServiceWorker|\[MSW\]/ },
]

const librariesLoaded = (scripts: string[], staticDir: string): string[] => {
  const found = new Set<string>()
  for (const url of scripts) {
    const { pathname, origin } = new URL(url)
    if (origin !== base) continue
    const file = path.join(staticDir, decodeURIComponent(pathname))
    if (!file.startsWith(staticDir) || !existsSync(file)) continue
    const text = readFileSync(file, 'utf8')
    for (const marker of LIBRARY_MARKERS) if (marker.pattern.test(text)) found.add(marker.name)
  }
  return [...found]
}

/** scripts/run/start.ts as playwright.server.config.ts runs it: ports of our own, a fresh data directory. */
const startStack = async (
  appRoot: string,
  logName: string,
): Promise<{ staticDir: string; stop: () => Promise<void> }> => {
  const dataDir = path.join(outDir, `stack-data-${appPort}`)
  rmSync(dataDir, { recursive: true, force: true })
  const logFile = path.join(outDir, `${logName}.log`)
  const log = createWriteStream(logFile)
  const child = spawn(process.execPath, [path.join(appRoot, 'scripts/run/start.ts')], {
    cwd: appRoot,
    env: childEnv({
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      FIREBASE_AUTH_EMULATOR_PORT: String(emulatorPort),
      RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '10000',
      LOG_LEVEL: 'warn',
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  child.stdout.pipe(log)
  child.stderr.pipe(log)
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL')
          resolve()
        }, 60_000)
        child.once('exit', () => {
          clearTimeout(timer)
          resolve()
        })
      })
    }
    running.delete(child)
    rmSync(dataDir, { recursive: true, force: true })
  }
  say(
    `   starting the real stack (${path.relative(root, path.join(appRoot, 'scripts/run/start.ts'))}) on ${base},` +
      ` emulator on ${emulatorPort}; log ${path.relative(root, logFile)}`,
  )
  // The first start may build the app and fetch firebase-tools (~0.5 GB): as patient as playwright.server.config.ts.
  const deadline = Date.now() + 900_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await new Promise((resolve) => log.end(resolve))
      // The last lines that say something (no stack frames, no blank lines).
      const tail = readFileSync(logFile, 'utf8')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('at ') && !/^[{}]$/.test(line))
        .slice(-4)
        .join(' / ')
      throw new Error(`scripts/run/start.ts exited with ${child.exitCode ?? child.signalCode}: ${tail}`)
    }
    try {
      if ((await fetch(`${base}/readyz`)).ok) break
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error('the stack did not become ready within 15 minutes')
    }
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  return { staticDir: path.join(appRoot, `dist-start-${emulatorPort}`), stop }
}

/**
 * Lighthouse on the stack of `appRoot` (this checkout, or the previous commit's): the public pages, then
 * /home signed in. Returns the rows; what failed is in them as "not measured".
 */
const lighthouseOf = async (appRoot: string, tag: string): Promise<Row[]> => {
  const stack = await startStack(appRoot, tag === 'current' ? 'stack' : `stack-${tag}`)
  cleanups.push(stack.stop)
  const reportsDir = path.join(outDir, tag === 'current' ? 'lighthouse' : `lighthouse-${tag}`)
  rmSync(reportsDir, { recursive: true, force: true })
  const measurements: LighthouseMeasurement[] = []
  const partRows: Row[] = []
  try {
    say(
      `   Lighthouse ${LIGHTHOUSE_VERSION}, ${runs} runs per page and form factor (mobile: default config, desktop: desktop-config)`,
    )
    const publicChromium = await launchChromium({ port: PORTS.chromePublic })
    try {
      measurements.push(
        ...(await measure({
          urls: PUBLIC_PAGES.map((page) => `${base}${page}`),
          formFactors: ['mobile', 'desktop'],
          runs,
          chromium: publicChromium,
          reportsDir,
          log: (line) => say(`  ${line}`),
        })),
      )
      if (values.peer && tag === 'current') {
        const peerBase = values.peer.replace(/\/$/, '')
        const pairs = Object.entries(peerPages)
        say(`   the peer, ${recordedPeer.peer} at ${peerBase}: ${pairs.map(([, theirs]) => theirs).join(', ')}`)
        const peerMeasurements = await measure({
          urls: [...new Set(pairs.map(([, theirs]) => `${peerBase}${theirs}`))],
          formFactors: ['mobile'],
          runs,
          chromium: publicChromium,
          accessibility: false,
          log: (line) => say(`  ${line}`),
        })
        for (const [ours, theirs] of pairs) {
          const found = peerMeasurements.find(
            (m) => new URL(m.url).pathname === new URL(`${peerBase}${theirs}`).pathname,
          )
          if (found?.median)
            peerValues.set(`lighthouse.mobile.${ours}`, {
              page: theirs,
              performance: found.median.performance,
              lcpMs: found.median.lcpMs,
              tbtMs: found.median.tbtMs,
              recorded: false,
            })
        }
      }
    } finally {
      await publicChromium.close()
    }

    // A Chromium of its own per account: the public runs reset the origin's storage, which would sign it out.
    for (const [index, group] of SIGNED_IN.entries()) {
      const account = seedAccounts[group.account]
      const signedInChromium = await launchChromium({ port: PORTS.chromeSignedIn + index * 2 })
      try {
        await signIn(signedInChromium.browser, `${base}/login`, account.email, SEED_PASSWORD)
        say(`   signed in as ${account.email}`)
        measurements.push(
          ...(await measure({
            urls: group.pages.map((page) => `${base}${page}`),
            formFactors: ['mobile', 'desktop'],
            runs,
            chromium: signedInChromium,
            keepSession: true,
            reportsDir,
            log: (line) => say(`  ${line}`),
          })),
        )
      } catch (error) {
        const pages = group.pages.join(', ')
        if (tag === 'current') notMeasured.push(`lighthouse ${pages}: ${messageOf(error)}`)
        partRows.push({
          id: `lighthouse.signedIn.${group.account}`,
          figure: `Lighthouse ${pages} (signed in)`,
          value: `not measured: ${messageOf(error)}`,
          goal: '',
          ok: null,
        })
      } finally {
        await signedInChromium.close()
      }
    }
  } finally {
    writeFileSync(
      path.join(outDir, tag === 'current' ? 'lighthouse.json' : `lighthouse-${tag}.json`),
      JSON.stringify({ lighthouse: LIGHTHOUSE_VERSION, chromium: machineAtStart.chromium, measurements }, null, 2),
    )
    await stack.stop()
    cleanups.splice(cleanups.indexOf(stack.stop), 1)
  }
  say()
  for (const measurement of measurements) say(`   ${formatMeasurement(measurement)}`)
  partRows.unshift(...measurements.map(lighthouseRow))
  if (tag === 'current') {
    lighthouseMedians.push(...measurements)
    for (const m of measurements)
      if (!m.median) notMeasured.push(`lighthouse ${m.formFactor} ${m.url}: ${m.errors.join('; ')}`)
  }

  // What the public pages fetched before anybody used a form (the mobile runs' scripts).
  const publicMobile = measurements.filter((m) => !m.signedIn && m.formFactor === 'mobile' && m.median)
  if (publicMobile.length) {
    const pagesBy = new Map<string, string[]>()
    for (const m of publicMobile) {
      for (const library of librariesLoaded(m.median!.scripts, stack.staticDir)) {
        pagesBy.set(library, [...(pagesBy.get(library) ?? []), `\`${new URL(m.url).pathname}\``])
      }
    }
    partRows.push({
      id: 'lighthouse.publicLibraries',
      figure: 'Firebase, Recharts, MSW fetched by the public pages at load',
      value: pagesBy.size
        ? [...pagesBy].map(([library, pages]) => `${library} on ${pages.join(', ')}`).join('; ')
        : 'none',
      goal: 'none before a form is used',
      ok: pagesBy.size === 0,
    })
  }
  return partRows
}

await runPart('lighthouse', async () => {
  let failure: unknown
  try {
    rows.push(...(await lighthouseOf(root, 'current')))
  } catch (error) {
    failure = error
    say(`   not measured: ${messageOf(error)}`)
  }
  if (values['previous-lighthouse']) {
    say(`\n   the same on the previous commit, ${previous.label}:`)
    try {
      for (const row of await lighthouseOf(previousCheckout(), 'previous')) previousValues.set(row.id, row.value)
      previousParts.push('Lighthouse')
    } catch (error) {
      notMeasured.push(`lighthouse on ${previous.label}: ${messageOf(error)}`)
    }
  }
  if (failure) throw failure
})

// ------------------------------------------------------------------------------------------------ others' benches

await runPart('dashboard', async () => {
  if (!existsSync(path.join(root, 'scripts/bench/bench-dashboard.ts')))
    throw new Error('scripts/bench/bench-dashboard.ts does not exist yet')
  const file = path.join(outDir, 'dashboard.json')
  const started = Date.now()
  const code = await runLogged('dashboard', process.execPath, [
    path.join(root, 'scripts/bench/bench-dashboard.ts'),
    '--port',
    String(PORTS.dashboard),
    '--emulator-port',
    String(PORTS.dashboard + 10),
    '--mock-port',
    String(PORTS.dashboard + 5),
    '--runs',
    String(runs),
    '--json',
    file,
  ])
  try {
    rows.push(...readFigures(file, 'dashboard', started))
  } catch (error) {
    throw new Error(`scripts/bench/bench-dashboard.ts exited with ${code}; ${messageOf(error)}`, { cause: error })
  }
})

await runPart('donations', async () => {
  const sources = ['tests/bench', 'playwright.bench.config.ts']
  const writesJson = spawnSync('grep', ['-rqs', 'donations.json', ...sources], { cwd: root }).status === 0
  if (!writesJson) throw new Error('npm run bench:donations does not write test-results/bench/donations.json yet')
  const file = path.join(outDir, 'donations.json')
  const started = Date.now()
  const code = await runLogged('donations', 'npm', ['run', 'bench:donations'], { BENCH_PORT: String(PORTS.donations) })
  try {
    rows.push(...readFigures(file, 'donations', started))
  } catch (error) {
    throw new Error(`npm run bench:donations exited with ${code}; ${messageOf(error)}`, { cause: error })
  }
})

await runPart('server', async () => {
  const file = path.join(outDir, 'server.json')
  rmSync(file, { force: true })
  const code = await runLogged('server', process.execPath, [
    path.join(root, 'scripts/bench/bench-server.ts'),
    '--duration',
    values['server-duration'],
    '--json',
    file,
  ])
  if (!existsSync(file)) throw new Error(`scripts/bench/bench-server.ts exited with ${code} and wrote no figures`)
  const data = JSON.parse(readFileSync(file, 'utf8')) as {
    goal: { p99Ms: number }
    rows: Array<{
      backend: string
      endpoint: string
      rps: number
      p50: number
      p99: number
      errors: number
      met: boolean
    }>
    webhook?: {
      results: Array<{
        backend: string
        deliveries: number
        concurrency: number
        eventsPerSecond: number
        p50: number
        p99: number
        accepted: number
        duplicatesReported: number
        errors: number
        exact: boolean
      }>
    }
  }
  // The goal is the server's; mock:server's rows (context) stay in server.json and bench:server's own table.
  for (const row of data.rows.filter((candidate) => candidate.backend.startsWith('server'))) {
    rows.push({
      id: `server.${row.backend}.${row.endpoint}`,
      figure: `${row.backend}: ${row.endpoint}, p99`,
      value: `${row.p99} ms (p50 ${row.p50} ms, ${Math.round(row.rps)} req/s, ${row.errors} errors)`,
      goal: `p99 ≤ ${data.goal.p99Ms} ms, no error`,
      ok: row.met,
    })
  }
  for (const result of data.webhook?.results ?? []) {
    rows.push({
      id: `server.${result.backend}.webhook`,
      figure: `${result.backend}: card-payment webhook, ${result.deliveries} signed deliveries (${result.concurrency} in flight)`,
      value: `${Math.round(result.eventsPerSecond)} events/s, p50 ${result.p50} ms, p99 ${result.p99} ms; ${result.accepted} applied, ${result.duplicatesReported} duplicates, ${result.errors} errors`,
      goal: 'one donation per paid event, totals exact, no error',
      ok: result.exact,
    })
  }
})

await cleanUp()

// ------------------------------------------------------------------------------------------------ table

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
const okCell = (ok: boolean | null) => (ok === null ? '–' : ok ? 'ok' : '**missed**')
const showPrevious = previousValues.size > 0
// Recorded figures fill in where --peer did not measure (or was not given).
for (const [ours, figures] of Object.entries(recordedPeer.pages)) {
  const id = `lighthouse.mobile.${ours}`
  if (!peerValues.has(id)) peerValues.set(id, { ...figures, recorded: true })
}
const ourMedian = new Map(
  lighthouseMedians.map((m) => [`lighthouse.${m.formFactor}.${new URL(m.url).pathname}`, m.median]),
)
/** The peer's figures and ours divided by them: a score ratio over 1 is better for us, a time ratio under 1. */
const peerCell = (id: string): string => {
  const peer = peerValues.get(id)
  const ours = ourMedian.get(id)
  if (!peer || !ours) return '–'
  const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`
  const parts = [
    `\`${peer.page}\` ${Math.round(peer.performance)}`,
    peer.lcpMs === undefined ? undefined : `LCP ${(peer.lcpMs / 1000).toFixed(1)} s`,
    peer.tbtMs === undefined ? undefined : `TBT ${Math.round(peer.tbtMs)} ms`,
  ].filter(Boolean)
  const ratios = [
    `score ${ratio(ours.performance, peer.performance)}`,
    peer.lcpMs ? `LCP ${ratio(ours.lcpMs, peer.lcpMs)}` : undefined,
    peer.tbtMs ? `TBT ${ratio(ours.tbtMs, peer.tbtMs)}` : undefined,
  ].filter(Boolean)
  return `${parts.join(' · ')}${peer.recorded ? ' (recorded)' : ''}; ours ÷ peer: ${ratios.join(', ')}`
}
const showPeer = rows.some((row) => peerCell(row.id) !== '–')
const columns = ['Figure', 'Value', 'Goal', 'OK', ...(showPrevious ? ['Previous'] : []), ...(showPeer ? ['Peer'] : [])]
const header = [`| ${columns.join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`]
const table = [
  ...header,
  ...rows.map((row) => {
    const cells = [row.figure, row.value, row.goal, okCell(row.ok)]
    if (showPrevious) cells.push(previousValues.get(row.id) ?? '–')
    if (showPeer) cells.push(peerCell(row.id))
    return `| ${cells.map(cell).join(' | ')} |`
  }),
].join('\n')

const machineAtEnd = machine()
const date = new Date().toISOString().slice(0, 10)
const machineLine =
  `${machineAtStart.cpus} × ${machineAtStart.cpuModel}, ${machineAtStart.memoryGiB} GiB, ${machineAtStart.chromium}, ` +
  `Node ${machineAtStart.node}, Lighthouse ${machineAtStart.lighthouse}; load average (1/5/15 min) ` +
  `${machineAtStart.load} at the start, ${machineAtEnd.load} at the end`
const measured = rows.filter((row) => row.ok !== null)
const summary = [
  `\`npm run bench\` on ${date}, commit ${head}${dirty ? ' with uncommitted changes' : ''}.`,
  `Machine: ${machineLine}.`,
  ...(showPrevious
    ? [
        `Previous: the ${previousParts.join(' and ')} figures of ${previous.label}'s build` +
          `${previousParts.includes('Lighthouse') ? '' : ' (Lighthouse there with --previous-lighthouse)'}; the others are not repeated there.`,
      ]
    : []),
  ...(showPeer
    ? [
        `Peer: ${recordedPeer.peer}, Lighthouse mobile; ${
          [...peerValues.values()].some((peer) => !peer.recorded)
            ? `measured in this run (--peer ${values.peer})`
            : `not measured here; "recorded" figures from ${recordedPeer.source}`
        }.`,
      ]
    : []),
  `Within goal: ${measured.filter((row) => row.ok).length} of ${measured.length} figures with a goal.`,
  '',
  table,
  '',
  ...(notMeasured.length ? ['Not measured:', '', ...notMeasured.map((line) => `- ${line}`), ''] : []),
  `Time per part: ${timings.map((timing) => `${timing.part} ${timing.seconds} s`).join(', ') || 'none ran'}.`,
].join('\n')

say(`\n${summary}`)
writeFileSync(path.join(outDir, 'summary.md'), `${summary}\n`)
writeFileSync(
  path.join(outDir, 'summary.json'),
  JSON.stringify(
    {
      date,
      commit: head,
      dirty,
      machine: { start: machineAtStart, end: machineAtEnd },
      previous: showPrevious ? previous.label : null,
      rows,
      notMeasured,
      timings,
    },
    null,
    2,
  ),
)
say(`\nWritten to test-results/bench/summary.md and summary.json.`)

if (values['write-docs']) {
  const docs = path.join(root, 'docs/performance.md')
  const text = readFileSync(docs, 'utf8')
  const heading = '## Latest figures'
  const section = `${heading}\n\nWritten by \`npm run bench -- --write-docs\`; the goals are those of docs/performance.md.\n\n${summary}\n`
  const start = text.indexOf(`\n${heading}\n`)
  let next: string
  if (start === -1) {
    next = `${text.trimEnd()}\n\n${section}`
  } else {
    const after = text.indexOf('\n## ', start + heading.length + 1)
    next = `${text.slice(0, start + 1)}${section}${after === -1 ? '' : `\n${text.slice(after + 1)}`}`
  }
  writeFileSync(docs, next.endsWith('\n') ? next : `${next}\n`)
  say('docs/performance.md: "Latest figures" replaced.')
}
process.exit(0)
