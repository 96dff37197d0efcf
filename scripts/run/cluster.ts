/**
 * A local cluster: N server processes (server/main.ts) on one PostgreSQL, each on its own port, behind a
 * round-robin reverse proxy (./round-robin-proxy.ts), as a deployment with several instances behind a
 * load balancer runs. `npm run test:scale` and `npm run bench:scale` start it through `startCluster`;
 * by hand:
 *
 *   node scripts/run/cluster.ts --processes 4
 *
 * prints the proxy's base URL and runs until Ctrl+C (then stops every process and, if it made them, the
 * PostgreSQL cluster and the Auth emulator). Options:
 *
 *   --processes 2        how many server processes
 *   --port 0             the proxy's port (0: a free one); given, the processes take the ports after it
 *   --identity firebase  who signs users in: `firebase` (a Firebase Auth emulator started here, as
 *                        production runs on Firebase Auth) or `local` (the server's own development
 *                        identity, whose signing key is random per process: its tokens only work on the
 *                        process that issued them, so only for one process)
 *   --emulator-port 0    the Auth emulator's port (0: the proxy's port + 90, or 18590)
 *   --app                also serve the app (built for that emulator into dist-start-<port>/ if needed)
 *   --test-hooks         the test control plane (/__mock/reset, /__mock/mailbox)
 *   --postgres-port 0    the throwaway PostgreSQL's port when DATABASE_URL is unset (0: a free one)
 * With DATABASE_URL set the processes use that database (it gets the demo seed when empty); without, a
 * throwaway PostgreSQL cluster (scripts/test/postgres-throwaway.sh) for as long as this runs.
 * Other server variables (LOG_LEVEL, RATE_LIMIT_*, SMTP_URL, …) pass through to every process.
 *
 * What the processes share on this machine besides the database: one FILES_DIR (uploads; its link secret
 * with it). Each has a DATA_DIR of its own. The first process starts alone and loads the demo seed into an
 * empty database; the others start once it is ready, so they do not race it to the schema and the seed.
 */
import { execFileSync, spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { freePort } from '#server/testing/free-port.ts'
import { buildDirFor, ensureAppBuild } from './app-build.ts'
import { startAuthEmulator } from './firebase-emulator.ts'
import { EMULATOR_PROJECT_ID } from './firebase-seed.ts'
import { startRoundRobinProxy } from './round-robin-proxy.ts'
import type { RoundRobinProxy } from './round-robin-proxy.ts'

const root = path.resolve(import.meta.dirname, '../..')

export interface ClusterOptions {
  readonly processes: number
  /** The one PostgreSQL database every process uses. */
  readonly databaseUrl: string
  /** Where the processes keep files: `files/` shared, `process-<n>/` (DATA_DIR and log) each. */
  readonly dataDir: string
  /** The proxy's port, the processes on the ports after it; absent: free ports. */
  readonly port?: number
  /** `host:port` of a Firebase Auth emulator the processes verify tokens against; absent: the local identity. */
  readonly firebaseEmulatorHost?: string
  /** A built app to serve beside the API (STATIC_DIR). */
  readonly staticDir?: string
  /** The test control plane (PORTAL_TEST_HOOKS). */
  readonly testHooks?: boolean
  /** More environment for every process (rate limits, SMTP_URL, LOG_LEVEL, …). */
  readonly env?: NodeJS.ProcessEnv
}

export interface ClusterProcess {
  readonly url: string
  readonly child: ChildProcess
  /** Its stdout and stderr. */
  readonly logFile: string
}

export interface Cluster {
  /** The proxy's base URL: what clients use. */
  readonly url: string
  readonly processes: readonly ClusterProcess[]
  readonly proxy: RoundRobinProxy
  /** Every process's log lines at level error (50) or above: a server error counts against a run. */
  errorLines(): string[]
  /** Stops the proxy and every process (running requests finish). */
  stop(): Promise<void>
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const exited = (child: ChildProcess, timeoutMs: number) =>
  new Promise<boolean>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve(true)
    const timer = setTimeout(() => resolve(false), timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })

const signalGroup = (child: ChildProcess, signal: NodeJS.Signals) => {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

const waitReady = async (url: string, child: ChildProcess, logFile: string, timeoutMs = 180_000) => {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `the server process at ${url} stopped (${child.signalCode ?? `exit code ${child.exitCode}`}):\n${tail(logFile)}`,
      )
    }
    try {
      if ((await fetch(`${url}/readyz`)).ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(200)
  }
  throw new Error(`the server process at ${url} was not ready within ${timeoutMs / 1000} s:\n${tail(logFile)}`)
}

const tail = (file: string, lines = 20): string => {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n')
  } catch {
    return '(no log)'
  }
}

/** Starts the processes (the first alone), then the proxy in front of them. */
export const startCluster = async (options: ClusterOptions): Promise<Cluster> => {
  if (!Number.isInteger(options.processes) || options.processes < 1)
    throw new Error(`--processes: a whole number of at least 1, not ${options.processes}`)
  const proxyPort = options.port ?? (await freePort())
  const ports: number[] = []
  for (let i = 1; i <= options.processes; i++) ports.push(options.port ? options.port + i : await freePort())
  const origin = `http://127.0.0.1:${proxyPort}`
  const filesDir = path.join(options.dataDir, 'files')
  mkdirSync(filesDir, { recursive: true })
  const processes: ClusterProcess[] = []

  const stopProcesses = async () => {
    for (const { child } of processes) signalGroup(child, 'SIGTERM')
    for (const { child } of processes) if (!(await exited(child, 25_000))) signalGroup(child, 'SIGKILL')
  }

  const startProcess = (index: number): ClusterProcess => {
    const own = path.join(options.dataDir, `process-${index + 1}`)
    mkdirSync(own, { recursive: true })
    const logFile = path.join(own, 'server.log')
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      LOG_LEVEL: 'warn',
      ...options.env,
      PORT: String(ports[index]),
      HOST: '127.0.0.1',
      DATABASE_URL: options.databaseUrl,
      DATA_DIR: own,
      FILES_DIR: filesDir,
      // Every request arrives through the proxy on loopback: its X-Forwarded-For names the client.
      TRUST_PROXY: '127.0.0.1',
      APP_ORIGIN: origin,
      CORS_ORIGINS: [origin, `http://localhost:${proxyPort}`].join(','),
      PORTAL_DEMO: '1',
      PORTAL_TEST_HOOKS: options.testHooks ? '1' : '',
    }
    if (options.staticDir) env.STATIC_DIR = options.staticDir
    else delete env.STATIC_DIR
    if (options.firebaseEmulatorHost) {
      env.FIREBASE_AUTH_EMULATOR_HOST = options.firebaseEmulatorHost
      env.FIREBASE_PROJECT_ID = EMULATOR_PROJECT_ID
    } else {
      delete env.FIREBASE_AUTH_EMULATOR_HOST
      delete env.FIREBASE_PROJECT_ID
    }
    // Its own process group, so stopping it stops anything it started.
    const child = spawn(process.execPath, [path.join(root, 'server/main.ts')], {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env,
    })
    const log = createWriteStream(logFile)
    child.stdout.pipe(log)
    child.stderr.pipe(log)
    const started = { url: `http://127.0.0.1:${ports[index]}`, child, logFile }
    processes.push(started)
    return started
  }

  let proxy: RoundRobinProxy
  try {
    const first = startProcess(0)
    await waitReady(first.url, first.child, first.logFile)
    const others = Array.from({ length: options.processes - 1 }, (_, i) => startProcess(i + 1))
    await Promise.all(others.map((other) => waitReady(other.url, other.child, other.logFile)))
    proxy = await startRoundRobinProxy({
      port: proxyPort,
      upstreams: ports.map((port) => ({ host: '127.0.0.1', port })),
    })
  } catch (error) {
    await stopProcesses()
    throw error
  }

  return {
    url: proxy.url,
    processes,
    proxy,
    errorLines: () =>
      processes.flatMap(({ logFile }, i) => {
        let text: string
        try {
          text = readFileSync(logFile, 'utf8')
        } catch {
          return []
        }
        return text
          .split('\n')
          .filter((line) => /"level":(5\d|60)\b/.test(line))
          .map((line) => `process ${i + 1}: ${line}`)
      }),
    stop: async () => {
      await proxy.close()
      await stopProcesses()
    },
  }
}

/** A throwaway PostgreSQL cluster in a temporary folder; resolves with its URL and how to remove it. */
export const startThrowawayPostgres = async (port?: number): Promise<{ url: string; stop: () => void }> => {
  const script = path.join(root, 'scripts/test/postgres-throwaway.sh')
  const dir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-cluster-pg-'))
  const url = execFileSync(script, ['start', dir, String(port || (await freePort()))], { encoding: 'utf8' }).trim()
  return { url, stop: () => execFileSync(script, ['stop', dir], { stdio: 'inherit' }) }
}

// ------------------------------------------------------------------------------------------------ by hand

const main = async () => {
  const { values } = parseArgs({
    options: {
      processes: { type: 'string', default: '2' },
      port: { type: 'string', default: '0' },
      identity: { type: 'string', default: 'firebase' },
      'emulator-port': { type: 'string', default: '0' },
      app: { type: 'boolean', default: false },
      'test-hooks': { type: 'boolean', default: false },
      'postgres-port': { type: 'string', default: '0' },
    },
  })
  const processes = Number(values.processes)
  const port = Number(values.port) || undefined
  if (values.identity !== 'firebase' && values.identity !== 'local')
    throw new Error(`--identity: firebase or local, not ${values.identity}`)
  if (values.identity === 'local' && processes > 1)
    console.warn(
      'cluster: the local identity signs its tokens with a key of its own per process; a token from one process is refused by the others (401).',
    )
  const cleanups: Array<() => Promise<void> | void> = []
  const cleanUp = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch (error) {
        console.error('cluster:', error instanceof Error ? error.message : error)
      }
    }
  }
  try {
    let databaseUrl = process.env.DATABASE_URL
    if (!databaseUrl) {
      const postgres = await startThrowawayPostgres(Number(values['postgres-port']) || undefined)
      cleanups.push(postgres.stop)
      databaseUrl = postgres.url
      console.log(`Throwaway PostgreSQL on ${databaseUrl}`)
    }
    let emulatorHost: string | undefined
    if (values.identity === 'firebase') {
      const emulatorPort = Number(values['emulator-port']) || (port ? port + 90 : 18590)
      console.log(`Starting the Firebase Auth emulator on 127.0.0.1:${emulatorPort} …`)
      const emulator = await startAuthEmulator({ quiet: true, port: emulatorPort })
      cleanups.push(emulator.stop)
      emulatorHost = emulator.host
    }
    let staticDir: string | undefined
    if (values.app) {
      if (!emulatorHost) throw new Error('--app needs --identity firebase (the app signs in at the emulator).')
      staticDir = buildDirFor(Number(emulatorHost.split(':')[1]))
      ensureAppBuild({ emulatorHost, buildDir: staticDir })
    }
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-cluster-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const cluster = await startCluster({
      processes,
      databaseUrl,
      dataDir,
      port,
      firebaseEmulatorHost: emulatorHost,
      staticDir,
      testHooks: values['test-hooks'],
    })
    let stopping = false
    cleanups.push(() => {
      stopping = true
      return cluster.stop()
    })
    console.log(`\n${cluster.url}`)
    for (const [i, server] of cluster.processes.entries())
      console.log(`  process ${i + 1}: ${server.url}  (pid ${server.child.pid}, log ${server.logFile})`)
    if (emulatorHost) console.log(`  Firebase Auth emulator: http://${emulatorHost} (project ${EMULATOR_PROJECT_ID})`)
    console.log('Ctrl+C stops everything.')
    await new Promise<void>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve())
      for (const [i, server] of cluster.processes.entries())
        server.child.once('exit', (code, signal) => {
          if (stopping) return
          console.error(
            `cluster: process ${i + 1} stopped (${signal ?? `exit code ${code}`}):\n${tail(server.logFile)}`,
          )
          process.exitCode = 1
          resolve()
        })
    })
    console.log('Stopping …')
  } finally {
    await cleanUp()
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main().catch((error: unknown) => {
    console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`)
    process.exitCode = 1
  })
  process.exit()
}
