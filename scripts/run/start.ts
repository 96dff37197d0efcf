/**
 * `npm start`: the whole real stack on one port, served as production would serve it.
 *
 * 1. builds the app in real mode (`vite build --mode start`: .env.start, no mocks, Firebase Auth against
 *    the emulator, the API on the page's own origin, no source maps) into `dist-start/`, unless that build
 *    is newer than every source and was made with the same settings;
 * 2. starts the Firebase Auth emulator (scripts/run/firebase-emulator.ts; firebase-tools fetched by npx on
 *    first use) with its accounts kept in `DATA_DIR/firebase-auth` (seeded with the demo accounts the
 *    first time, exported there on a clean stop);
 * 3. starts the server (server/main.ts --demo) on `PORT` with the embedded database in `DATA_DIR`
 *    (or DATABASE_URL), verifying tokens against the emulator and serving the build (STATIC_DIR);
 * 4. prints the URL, the demo accounts and where the data lives.
 *
 * Ctrl+C or SIGTERM stops the server (running requests finish), then the emulator (which saves its
 * accounts), then exits. If either dies, the other is stopped too.
 *
 *   PORT (8080), HOST (127.0.0.1), DATA_DIR (.data), DATABASE_URL, LOG_LEVEL (warn here),
 *   FIREBASE_AUTH_EMULATOR_PORT (9479; another one builds into dist-start-<port>/),
 *   STATIC_DIR: serve that build instead (nothing is built), START_REBUILD=1: build even if current,
 *   RATE_LIMIT_SIGN_IN_PER_MINUTE, RATE_LIMIT_PUBLIC_PER_MINUTE and the server's other variables pass through.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { SEED_PASSWORD, seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { DEFAULT_CORS_ORIGINS } from '#server/config.ts'
import { ConfigError, flag, port as portNumber, readEnvironment, text } from '#server/env.ts'
import { buildDirFor, DEFAULT_EMULATOR_PORT, ensureAppBuild } from './app-build.ts'
import { startAuthEmulator } from './firebase-emulator.ts'
import { EMULATOR_PROJECT_ID } from './firebase-seed.ts'

const root = path.resolve(import.meta.dirname, '../..')
const env = process.env
/** A folder as the banner names it: relative inside the project, absolute elsewhere. */
const shown = (dir: string) => (dir.startsWith(`${root}${path.sep}`) ? path.relative(root, dir) : dir)

/** What npm start reads itself; the server checks the rest of its environment when it starts. */
const readStartEnvironment = () => {
  try {
    return readEnvironment(
      {
        PORT: portNumber(8080, 1),
        HOST: text,
        DATA_DIR: text,
        STATIC_DIR: text,
        FIREBASE_AUTH_EMULATOR_PORT: portNumber(DEFAULT_EMULATOR_PORT, 1),
        START_VERBOSE: flag,
        START_REBUILD: flag,
      },
      env,
    )
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    process.stderr.write(`npm start: ${error.message}\n`)
    process.exit(2)
  }
}
const settings = readStartEnvironment()
const port = settings.PORT
const host = settings.HOST ?? '127.0.0.1'
const dataDir = path.resolve(root, settings.DATA_DIR ?? '.data')
const emulatorPort = settings.FIREBASE_AUTH_EMULATOR_PORT
const emulatorHost = `127.0.0.1:${emulatorPort}`
const givenBuild = settings.STATIC_DIR ? path.resolve(root, settings.STATIC_DIR) : undefined
const buildDir = givenBuild ?? buildDirFor(emulatorPort)

const say = (line = '') => process.stdout.write(`${line}\n`)
const fail = (message: string): never => {
  process.stderr.write(`npm start: ${message}\n`)
  process.exit(1)
}

// ------------------------------------------------------------------------------------------------ ports

const isFree = (portToTry: number, onHost: string) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(portToTry, onHost, () => probe.close(() => resolve(true)))
  })

if (!(await isFree(port, host))) {
  fail(`port ${port} is taken (another npm start or npm run server?). Stop it or choose another: PORT=8090 npm start`)
}
if (!(await isFree(emulatorPort, '127.0.0.1'))) {
  fail(
    `the Firebase Auth emulator's port ${emulatorPort} is taken (npm run firebase:emulator, dev:firebase or ` +
      `another npm start?). Stop it, or use another: FIREBASE_AUTH_EMULATOR_PORT=9579 npm start`,
  )
}

// ------------------------------------------------------------------------------------------------ build

if (givenBuild) {
  if (!existsSync(path.join(givenBuild, 'index.html'))) fail(`STATIC_DIR ${givenBuild} has no index.html.`)
  say(`Serving the build in ${shown(givenBuild)} (STATIC_DIR; nothing is built).`)
} else {
  try {
    ensureAppBuild({ emulatorHost, buildDir, rebuild: settings.START_REBUILD, say })
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error))
  }
}

// ------------------------------------------------------------------------------------------------ processes

let stopping = false
/** The server, once started. */
const running: { server?: ChildProcess } = {}

say(`Starting the Firebase Auth emulator on ${emulatorHost} …`)
const emulatorStarting = startAuthEmulator({
  quiet: !settings.START_VERBOSE,
  port: emulatorPort === DEFAULT_EMULATOR_PORT ? undefined : emulatorPort,
  dataDir: path.join(dataDir, 'firebase-auth'),
})

const exited = (child: ChildProcess | undefined, timeoutMs: number) =>
  new Promise<void>((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve()
    const timer = setTimeout(resolve, timeoutMs)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
  })

/** Stops the server (running requests finish), then the emulator (it exports its accounts), then exits. */
const stopAll = async (code: number, why?: string) => {
  if (stopping) return
  stopping = true
  if (why) process.stderr.write(`npm start: ${why}\n`)
  say('\nStopping …')
  const { server } = running
  if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGTERM')
  await exited(server, 25_000)
  // Also when stopped while the emulator was still starting: it is stopped once it is up.
  const emulator = await emulatorStarting.catch(() => undefined)
  emulator?.stop()
  await exited(emulator?.child, 20_000)
  // npx is gone at once; the emulator itself first saves its accounts, then frees its port.
  for (const deadline = Date.now() + 20_000; emulator && Date.now() < deadline;) {
    if (await isFree(emulatorPort, '127.0.0.1')) break
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  say('Stopped.')
  process.exit(code)
}

/** Waits forever: once stopping, stopAll ends the process. */
const halt = () => new Promise<never>(() => undefined)

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stopAll(0))

try {
  const emulator = await emulatorStarting
  emulator.child.once('exit', (code) => void stopAll(1, `the Firebase Auth emulator stopped (exit code ${code}).`))
} catch (error) {
  fail(`the Firebase Auth emulator did not start: ${error instanceof Error ? error.message : String(error)}`)
}
if (stopping) await halt()

const ownOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`]
const corsOrigins = env.CORS_ORIGINS ? env.CORS_ORIGINS.split(',').map((origin) => origin.trim()) : DEFAULT_CORS_ORIGINS
const server = spawn(process.execPath, [path.join(root, 'server/main.ts'), '--demo'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...env,
    PORT: String(port),
    HOST: host,
    DATA_DIR: dataDir,
    STATIC_DIR: buildDir,
    // Without SMTP_URL the portal's own mails (invitations, release notices) land here as .eml files.
    MAIL_DIR: env.MAIL_DIR ?? path.join(dataDir, 'mail'),
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: EMULATOR_PROJECT_ID,
    CORS_ORIGINS: [...new Set([...corsOrigins, ...ownOrigins])].join(','),
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  },
})
running.server = server
server.once('exit', (code, signal) => void stopAll(1, `the server stopped (${signal ?? `exit code ${code}`}).`))

const url = `http://localhost:${port}`
const deadline = Date.now() + 120_000
for (;;) {
  if (stopping) await halt()
  try {
    if ((await fetch(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/readyz`)).ok) break
  } catch {
    // Not listening yet.
  }
  if (Date.now() > deadline) await stopAll(1, 'the server did not become ready within 120 s.')
  await new Promise((resolve) => setTimeout(resolve, 300))
}

// ------------------------------------------------------------------------------------------------ banner

const ROLES: Record<keyof typeof seedAccounts, string> = {
  admin: 'Administration: Benutzer, Freigabe, Zahlungskonten',
  staff: 'Sachbearbeitung: Freigabeliste (lesend)',
  verein: 'Verein: zwei aktive Vereine, einer mit > 10 000 Spenden',
  neu: 'Verein: unvollständig, in Bearbeitung',
  freigabe: 'Verein: vollständig, wartet auf Freigabe',
  unbestaetigt: 'E-Mail nicht bestätigt (Anmeldung wird abgelehnt)',
}
const width = Math.max(...Object.values(seedAccounts).map((account) => account.email.length))
const database = env.DATABASE_URL
  ? 'PostgreSQL at DATABASE_URL'
  : `${path.join(dataDir, 'pglite')} (embedded PostgreSQL)`

say()
say(`Vereinsportal runs at ${url}  (also http://127.0.0.1:${port})`)
say()
say(`Demo accounts, password ${SEED_PASSWORD}:`)
for (const [key, account] of Object.entries(seedAccounts) as Array<[keyof typeof seedAccounts, { email: string }]>) {
  say(`  ${account.email.padEnd(width)}  ${ROLES[key]}`)
}
say()
say('Data:')
say(`  database       ${database}`)
say(
  `  sign-in        ${path.join(dataDir, 'firebase-auth')} (Firebase Auth emulator on ${emulatorHost}, saved on stop)`,
)
say(`  app build      ${buildDir}`)
say(
  env.SMTP_URL
    ? '  e-mails        sent over SMTP_URL'
    : `  e-mails        ${env.MAIL_DIR ?? path.join(dataDir, 'mail')} (invitations and notices, one .eml file each)`,
)
say(
  `  sign-in mails  the emulator's codes: http://${emulatorHost}/emulator/v1/projects/${EMULATOR_PROJECT_ID}/oobCodes`,
)
say(`Fresh start: stop, delete ${shown(dataDir)}/, start again.`)
say()
say('Ctrl+C stops everything.')
