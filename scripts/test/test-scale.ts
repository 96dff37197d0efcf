/**
 * `npm run test:scale`: several server processes on one PostgreSQL serve the same traffic correctly. For 2
 * and 4 processes, each time on a fresh database of one PostgreSQL server, a local cluster
 * (scripts/run/cluster.ts: the processes behind a round-robin proxy, so consecutive requests of one client
 * land on different processes) runs:
 *
 * 1. the contract suite against the proxy (tests/contract/run.ts, directly, without Prism; callers sign in
 *    at a Firebase Auth emulator, as production runs on Firebase Auth; the 429 cases with the rate limits
 *    below, so a limit one process counts alone fails them);
 * 2. the payment journey in Chromium through the proxy (tests/e2e-server/giving.spec.ts with
 *    E2E_SERVER_BASE_URL): the donor's form, the hosted checkout, the webhook, the club's dashboard, a refund;
 * 3. no process may have logged an error, and the proxy must have reached every process.
 *
 * With DATABASE_URL set it uses that PostgreSQL server (a database per count, dropped afterwards);
 * otherwise a throwaway cluster (scripts/test/postgres-throwaway.sh). The app is built for the emulator
 * into dist-start-<emulator port>/ unless current; the emulator's port defaults to the one of
 * `npm run test:e2e:server` (E2E_SERVER_EMULATOR_PORT, 18490), so CI builds once for both.
 *
 *   --processes 2,4      the counts to run
 *   --steps contract,journey   what to run on each (default both)
 *   --port 0             the proxy's port (0: free ports); the processes take the ports after it
 *   --postgres-port 0    the throwaway PostgreSQL's port (0: a free one)
 *   --emulator-port      the Auth emulator's port
 * Prints a summary (each process's log is kept in test-results/scale/); exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { buildDirFor, ensureAppBuild } from '#scripts/run/app-build.ts'
import { startCluster, startThrowawayPostgres } from '#scripts/run/cluster.ts'
import type { Cluster } from '#scripts/run/cluster.ts'
import { startAuthEmulator } from '#scripts/run/firebase-emulator.ts'
import { seedEmulator } from '#scripts/run/firebase-seed.ts'

const { values } = parseArgs({
  options: {
    processes: { type: 'string', default: '2,4' },
    steps: { type: 'string', default: 'contract,journey' },
    port: { type: 'string', default: '0' },
    'postgres-port': { type: 'string', default: '0' },
    'emulator-port': { type: 'string', default: process.env.E2E_SERVER_EMULATOR_PORT ?? '18490' },
  },
})
const counts = values.processes.split(',').map((count) => Number(count.trim()))
if (counts.some((count) => !Number.isInteger(count) || count < 1))
  throw new Error(`--processes: whole numbers, comma-separated, not ${values.processes}`)
const port = Number(values.port) || undefined
const steps = new Set(values.steps.split(',').map((step) => step.trim()))
for (const step of steps)
  if (step !== 'contract' && step !== 'journey') throw new Error(`--steps: contract or journey, not ${step}`)
const emulatorPort = Number(values['emulator-port'])

const root = path.resolve(import.meta.dirname, '../..')
/** As `npm run test:contract:server`: the suite's 429 cases use these up, a client of their own per case. */
const SIGN_IN_LIMIT = 60
const PUBLIC_LIMIT = 150
/** Where each process's log is kept after the run. */
const LOGS = path.join(root, 'test-results/scale')
rmSync(LOGS, { recursive: true, force: true })
mkdirSync(LOGS, { recursive: true })

interface Step {
  name: string
  ok: boolean
  detail: string
  seconds: number
}

/** Runs a Node script, echoing its output; resolves with its exit code and output. */
const runNode = (args: string[], env: NodeJS.ProcessEnv = process.env) =>
  new Promise<{ code: number; output: string }>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env })
    let output = ''
    const keep = (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    }
    child.stdout.on('data', keep)
    child.stderr.on('data', keep)
    child.once('close', (code) => resolve({ code: code ?? 1, output }))
  })

const timed = async (name: string, work: () => Promise<{ ok: boolean; detail: string }>): Promise<Step> => {
  const started = performance.now()
  try {
    const result = await work()
    return { name, ...result, seconds: (performance.now() - started) / 1000 }
  } catch (error) {
    return {
      name,
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
      seconds: (performance.now() - started) / 1000,
    }
  }
}

const contractSuite = async (cluster: Cluster, emulatorHost: string, processes: number) => {
  const run = await runNode([
    'tests/contract/run.ts',
    '--base-url',
    `${cluster.url}/api/backend/v1`,
    '--firebase-emulator',
    emulatorHost,
    '--sign-in-limit',
    String(SIGN_IN_LIMIT),
    '--public-limit',
    String(PUBLIC_LIMIT),
    '--label',
    `scale-${processes}`,
  ])
  const counted = /(\d+) passed, (\d+) failed\s*$/.exec(run.output)
  const failures = /\nFailures\n([\s\S]*?)\n\n/.exec(run.output)?.[1]?.split('\n') ?? []
  return {
    ok: run.code === 0,
    detail: `${counted ? `${counted[1]} passed, ${counted[2]} failed` : `exit code ${run.code}`}${failures.length > 0 ? `\n${failures.join('\n')}` : ''}`,
  }
}

const paymentJourney = async (cluster: Cluster, emulatorHost: string) => {
  // The suite leaves the data and the accounts where its last case left them: the journey starts from the seed.
  const reset = await fetch(`${cluster.url}/__mock/reset`, { method: 'POST' })
  if (reset.status !== 204) throw new Error(`POST /__mock/reset answered ${reset.status}`)
  await seedEmulator(emulatorHost)
  const run = await runNode(
    [
      'node_modules/@playwright/test/cli.js',
      'test',
      '-c',
      'playwright.server.config.ts',
      'tests/e2e-server/giving.spec.ts',
      '--reporter',
      'list',
    ],
    { ...process.env, E2E_SERVER_BASE_URL: cluster.url, CI: '' },
  )
  const counted = /(\d+) passed/.exec(run.output)
  const failed = /(\d+) failed/.exec(run.output)
  return {
    ok: run.code === 0,
    detail: run.code === 0 ? `${counted?.[1] ?? '?'} passed` : `${failed?.[1] ?? '?'} failed (exit code ${run.code})`,
  }
}

const cleanups: Array<() => Promise<void> | void> = []
const results: Array<{ processes: number; steps: Step[] }> = []
const started = performance.now()
let failed = false
try {
  let serverUrl = process.env.DATABASE_URL
  if (!serverUrl) {
    const postgres = await startThrowawayPostgres(Number(values['postgres-port']) || undefined)
    cleanups.push(postgres.stop)
    serverUrl = postgres.url
    console.log(`Throwaway PostgreSQL on ${serverUrl}`)
  }
  console.log(`Starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort} …`)
  const emulator = await startAuthEmulator({ quiet: true, port: emulatorPort })
  cleanups.push(emulator.stop)
  const staticDir = buildDirFor(emulatorPort)
  if (steps.has('journey')) ensureAppBuild({ emulatorHost: emulator.host, buildDir: staticDir })

  for (const processes of counts) {
    const done: Step[] = []
    results.push({ processes, steps: done })
    const scratch = await createScratchDatabase(serverUrl, 'vp_scale')
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-scale-'))
    let cluster: Cluster | undefined
    try {
      console.log(`\n=== ${processes} processes on one PostgreSQL ===`)
      // The accounts as the seed has them, before the processes check their custom claims at start.
      await seedEmulator(emulator.host)
      const starting = performance.now()
      cluster = await startCluster({
        processes,
        databaseUrl: scratch.url,
        dataDir,
        port,
        firebaseEmulatorHost: emulator.host,
        staticDir: steps.has('journey') ? staticDir : undefined,
        testHooks: true,
        env: {
          RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT),
          RATE_LIMIT_PUBLIC_PER_MINUTE: String(PUBLIC_LIMIT),
        },
      })
      const ready = cluster
      done.push({
        name: 'start',
        ok: true,
        detail: `proxy ${ready.url}`,
        seconds: (performance.now() - starting) / 1000,
      })
      console.log(`Proxy ${ready.url} → ${ready.processes.map((server) => server.url).join(', ')}`)
      if (steps.has('contract')) {
        console.log(`\n--- contract suite through the proxy (${processes} processes) ---`)
        done.push(await timed('contract suite', () => contractSuite(ready, emulator.host, processes)))
      }
      if (steps.has('journey')) {
        console.log(`\n--- payment journey through the proxy (${processes} processes) ---`)
        done.push(await timed('payment journey', () => paymentJourney(ready, emulator.host)))
      }
      const errors = ready.errorLines()
      done.push({
        name: 'server errors in the logs',
        ok: errors.length === 0,
        detail: [String(errors.length), ...errors.slice(0, 10).map((line) => line.slice(0, 400))].join('\n'),
        seconds: 0,
      })
      const spread = ready.proxy.counts
      done.push({
        name: 'requests per process',
        ok: spread.every((count) => count > 0) && ready.proxy.failures.length === 0,
        detail: [
          `${spread.join(' / ')}${ready.proxy.failures.length > 0 ? `; ${ready.proxy.failures.length} failed at the proxy` : ''}`,
          ...ready.proxy.failures
            .slice(0, 10)
            .map(
              (failure) =>
                `${failure.method} ${failure.url} → process ${failure.process}: ${failure.error}${failure.answered502 ? ' (502)' : ' (cut off)'}`,
            ),
        ].join('\n'),
        seconds: 0,
      })
    } catch (error) {
      done.push({
        name: 'cluster',
        ok: false,
        detail: error instanceof Error ? error.message : String(error),
        seconds: 0,
      })
    } finally {
      await cluster?.stop()
      // The processes' logs, for a failure's details after the run.
      for (const [i, server] of (cluster?.processes ?? []).entries())
        cpSync(server.logFile, path.join(LOGS, `${processes}-processes-${i + 1}.log`))
      await scratch.drop().catch((error: unknown) => console.error('dropping the database:', error))
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
} catch (error) {
  failed = true
  console.error(error instanceof Error ? error.message : error)
} finally {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.error('cleanup:', error instanceof Error ? error.message : error)
    }
  }
}

console.log('\n=== Several processes on one PostgreSQL ===')
for (const result of results) {
  console.log(`  ${result.processes} processes`)
  for (const step of result.steps) {
    failed ||= !step.ok
    const [first, ...more] = step.detail.split('\n')
    console.log(
      `    ${step.ok ? 'passed' : 'FAILED'}  ${step.name}: ${first}${step.seconds >= 1 ? ` (${step.seconds.toFixed(0)} s)` : ''}`,
    )
    for (const line of more.slice(0, 40)) console.log(`              ${line}`)
  }
}
console.log(`  in ${((performance.now() - started) / 1000).toFixed(0)} s`)
process.exit(failed ? 1 : 0)
