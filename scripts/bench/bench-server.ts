/**
 * `npm run bench:server`: a bounded load on loopback against the real server and, beside it, the mocked
 * backend (mock:server), both on the same data: the demo seed grown to 10 000 clubs and 100 000
 * donations (scripts/bench/bench-data.ts). Prints req/s, p50 and p99 per endpoint and whether the goal
 * (p99 ≤ 50 ms for a page of 20, no error) is met. Figures only: nothing here is a test.
 *
 * Then, on the server only, the card-payment webhook (./bench-webhook.ts): checkouts started through the
 * API, their signed `checkout.session.completed` events delivered to POST /payment/webhook many at once with
 * redeliveries mixed in; events/s, p50, p99, and whether exactly one donation per paid checkout was recorded
 * and the totals rose by exactly the sum paid; a wrong count or total fails the run, however fast.
 *
 *   --scenarios endpoints,webhook   what to run (default both; the mocked backend only with endpoints)
 *   --connections 20   concurrent connections (autocannon)
 *   --duration 20      seconds per endpoint
 *   --clubs 10000 --donations 100000
 *   --webhook-events 9000 --webhook-duplicates 1000 --webhook-concurrency 32
 *   --json <file>      also write the rows, the goal and the webhook's figures as JSON (npm run bench reads it)
 *   --server-log <file>  keep the server's log (one file per backend: <file>.pglite, <file>.postgresql)
 * With DATABASE_URL set, the server also runs on a fresh database of that PostgreSQL server.
 * Exit code 1 when the server misses the endpoints' goal or the webhook's counts or totals are wrong.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, cpus, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { SEED_PASSWORD, seedAccounts, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { openDatabase } from '#server/db/database.ts'
import { loadDemoData } from '#server/db/seed.ts'
import { freePort } from '#server/testing/free-port.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { benchState } from './bench-data.ts'
import { describeWebhook, measureWebhook } from './bench-webhook.ts'
import type { WebhookResult } from './bench-webhook.ts'

const { values } = parseArgs({
  options: {
    connections: { type: 'string', default: '20' },
    duration: { type: 'string', default: '20' },
    clubs: { type: 'string', default: '10000' },
    donations: { type: 'string', default: '100000' },
    scenarios: { type: 'string', default: 'endpoints,webhook' },
    'webhook-events': { type: 'string', default: '9000' },
    'webhook-duplicates': { type: 'string', default: '1000' },
    'webhook-concurrency': { type: 'string', default: '32' },
    json: { type: 'string' },
    'server-log': { type: 'string' },
  },
})
const SCENARIOS = ['endpoints', 'webhook'] as const
const scenarios = new Set(values.scenarios.split(',').map((name) => name.trim()))
for (const name of scenarios)
  if (!(SCENARIOS as readonly string[]).includes(name))
    throw new Error(`--scenarios: unknown ${JSON.stringify(name)} (${SCENARIOS.join(', ')})`)
const webhookOptions = {
  events: Number(values['webhook-events']),
  duplicates: Number(values['webhook-duplicates']),
  concurrency: Number(values['webhook-concurrency']),
}
const connections = Number(values.connections)
const duration = Number(values.duration)
const size = { clubs: Number(values.clubs), donations: Number(values.donations) }
const GOAL_P99_MS = 50

const root = path.resolve(import.meta.dirname, '../..')
const children: ChildProcess[] = []
const cleanups: Array<() => Promise<void> | void> = []

const waitFor = async (check: () => Promise<boolean>, what: string, timeoutMs = 180_000) => {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    if (await check().catch(() => false)) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${what} did not come up in time`)
}

const signIn = async (base: string, email: string): Promise<string> => {
  const response = await fetch(`${base}/__mock/identity/signIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: SEED_PASSWORD }),
  })
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status}`)
  return ((await response.json()) as { idToken: string }).idToken
}

interface Row {
  backend: string
  endpoint: string
  rps: number
  p50: number
  p99: number
  errors: number
}

const ENDPOINTS = [
  { name: 'admin club list, page of 20', path: '/api/backend/v1/club?page=0&size=20', as: 'admin' },
  {
    name: 'donations by amount, page of 20',
    path: `/api/backend/v1/donations/club/${seedClubs.volume}?page=3&size=20&sort=amountCents,desc`,
    as: 'verein',
  },
  { name: 'club overview', path: `/api/backend/v1/club/cluboverview/${seedClubs.volume}`, as: 'verein' },
] as const

const measure = async (backend: string, base: string): Promise<Row[]> => {
  const tokens = {
    admin: await signIn(base, seedAccounts.admin.email),
    verein: await signIn(base, seedAccounts.verein.email),
  }
  const rows: Row[] = []
  for (const endpoint of ENDPOINTS) {
    const url = `${base}${endpoint.path}`
    const check = await fetch(url, { headers: { authorization: `Bearer ${tokens[endpoint.as]}` } })
    if (!check.ok) throw new Error(`${backend} ${endpoint.name}: ${check.status} ${await check.text()}`)
    // A short warm-up (JIT, caches, the database's buffers), then the measured run.
    await autocannon({ url, connections, duration: 2, headers: { authorization: `Bearer ${tokens[endpoint.as]}` } })
    const result = await autocannon({
      url,
      connections,
      duration,
      headers: { authorization: `Bearer ${tokens[endpoint.as]}` },
    })
    rows.push({
      backend,
      endpoint: endpoint.name,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts + result.non2xx,
    })
    console.log(
      `  ${backend.padEnd(26)} ${endpoint.name.padEnd(34)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  errors ${result.errors + result.timeouts + result.non2xx}`,
    )
  }
  return rows
}

/**
 * Prepares a database with the bench state, starts the server on it, measures the endpoints, then the
 * webhook (it adds donations, so after the reads), stops it.
 */
const benchServer = async (
  label: string,
  env: NodeJS.ProcessEnv,
  databaseOptions: Parameters<typeof openDatabase>[0],
): Promise<{ rows: Row[]; webhook: WebhookResult | null }> => {
  const started = performance.now()
  const database = await openDatabase(databaseOptions)
  await loadDemoData(database, benchState(Date.now(), size))
  await database.close()
  console.log(
    `  (${label}: ${size.clubs} clubs and ${size.donations} donations loaded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  )
  const port = await freePort()
  // The production log level (info, a line per request) on a discarded stdout: its cost is measured too.
  // The limit on anonymous calls per IP is off: the webhook scenario starts thousands of checkouts from one
  // address (the endpoints measured are signed-in ones, which no limit counts).
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
    },
    stdio: ['ignore', values['server-log'] ? 'pipe' : 'ignore', 'inherit'],
  })
  if (values['server-log'])
    child.stdout?.pipe(createWriteStream(`${values['server-log']}.${label.split(' ').at(-1)!.toLowerCase()}`))
  children.push(child)
  const base = `http://127.0.0.1:${port}`
  await waitFor(async () => (await fetch(`${base}/readyz`)).ok, label)
  try {
    const rows = scenarios.has('endpoints') ? await measure(label, base) : []
    const webhook = scenarios.has('webhook') ? await measureWebhook(label, base, webhookOptions, signIn) : null
    if (webhook) console.log(describeWebhook(webhook))
    return { rows, webhook }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

const benchMock = async (): Promise<Row[]> => {
  const child = spawn(
    process.execPath,
    [
      'scripts/bench/bench-server-child.ts',
      '--target',
      'mock',
      '--clubs',
      String(size.clubs),
      '--donations',
      String(size.donations),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  children.push(child)
  const base = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /ready (\S+)/.exec(output)
      if (match) resolve(match[1]!)
    })
    child.once('exit', (code) => reject(new Error(`mock:server exited with ${code}`)))
  })
  try {
    return await measure('mock:server (in memory)', base)
  } finally {
    child.kill('SIGTERM')
  }
}

const scratchDatabase = async (url: string): Promise<string> => {
  const scratch = await createScratchDatabase(url, 'vp_bench')
  cleanups.push(scratch.drop)
  return scratch.url
}

let exitCode = 0
try {
  console.log(
    `bench:server: ${[...scenarios].join(' and ')}; ${connections} connections, ${duration} s per endpoint, ${size.clubs} clubs, ${size.donations} donations; webhook ${webhookOptions.events} events + ${webhookOptions.duplicates} redeliveries, ${webhookOptions.concurrency} in flight; ${availableParallelism()} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}`,
  )
  const rows: Row[] = []
  const webhooks: WebhookResult[] = []
  const run = async (...args: Parameters<typeof benchServer>) => {
    const result = await benchServer(...args)
    rows.push(...result.rows)
    if (result.webhook) webhooks.push(result.webhook)
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-bench-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  await run('server on PGlite', { DATA_DIR: dataDir, DATABASE_URL: '' }, { dataDir: `${dataDir}/pglite` })
  if (process.env.DATABASE_URL) {
    const url = await scratchDatabase(process.env.DATABASE_URL)
    await run('server on PostgreSQL', { DATABASE_URL: url }, { url })
  }
  if (scenarios.has('endpoints')) rows.push(...(await benchMock()))

  if (rows.length > 0) {
    console.log(`\n| backend | endpoint | req/s | p50 ms | p99 ms | errors | goal p99 ≤ ${GOAL_P99_MS} ms, no error |`)
    console.log('|---|---|---:|---:|---:|---:|---|')
  }
  for (const row of rows) {
    const met = row.p99 <= GOAL_P99_MS && row.errors === 0
    if (!met && row.backend.startsWith('server')) exitCode = 1
    console.log(
      `| ${row.backend} | ${row.endpoint} | ${row.rps.toFixed(0)} | ${row.p50} | ${row.p99} | ${row.errors} | ${met ? 'met' : 'MISSED'} |`,
    )
  }
  if (webhooks.length > 0) {
    console.log(
      '\n| backend | webhook deliveries | in flight | events/s | p50 ms | p99 ms | accepted | duplicates | errors | new donations | raised | exact |',
    )
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|')
  }
  for (const webhook of webhooks) {
    const exact = webhook.failures.length === 0
    if (!exact) exitCode = 1
    console.log(
      `| ${webhook.backend} | ${webhook.deliveries} | ${webhook.concurrency} | ${webhook.eventsPerSecond.toFixed(0)} | ${webhook.p50} | ${webhook.p99} | ${webhook.accepted} | ${webhook.duplicatesReported} | ${webhook.errors} | ${webhook.newDonations.campaign} | ${(webhook.raisedCents.campaign / 100).toFixed(2)} € | ${exact ? 'yes' : 'NO'} |`,
    )
  }
  if (values.json) {
    mkdirSync(path.dirname(path.resolve(values.json)), { recursive: true })
    writeFileSync(
      values.json,
      JSON.stringify(
        {
          goal: { p99Ms: GOAL_P99_MS, errors: 0, appliesTo: 'server' },
          connections,
          durationS: duration,
          size,
          machine: { cpus: availableParallelism(), model: cpus()[0]?.model ?? null, node: process.version },
          rows: rows.map((row) => ({ ...row, met: row.p99 <= GOAL_P99_MS && row.errors === 0 })),
          webhook: {
            ...webhookOptions,
            results: webhooks.map((webhook) => ({ ...webhook, exact: webhook.failures.length === 0 })),
          },
        },
        null,
        2,
      ),
    )
  }
} finally {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  for (const cleanup of cleanups.reverse()) await cleanup()
}
process.exit(exitCode)
