/**
 * The contract suite as CI runs it, against one backend:
 *
 * - `npm run test:contract:ci` (`--target mock`): `mock:server --strict` (the server itself refuses to
 *   send an answer that breaks the contract);
 * - `npm run test:contract:server` (`--target server`): the real server (`server/main.ts --demo
 *   --test-hooks`) on an embedded database in a temporary directory; with DATABASE_URL set, on a fresh
 *   database created on that PostgreSQL server (and dropped afterwards). The server's local identity
 *   signs the callers in;
 * - `npm run test:contract:firebase` (`--target firebase`): the same server verifying Firebase Auth tokens
 *   with firebase-admin, against a Firebase Auth emulator started here (FIREBASE_TEST_PORT + 10, default
 *   19489): the callers sign in at the emulator, and the stale-sign-in cases run too.
 *
 * 1. starts the backend on a free port,
 * 2. runs the suite directly against it (every status, problem kind and body checked; against the server
 *    with a sign-in rate limit of its own per case, so the 429 cases run),
 * 3. starts Stoplight Prism's validation proxy in front of it
 *    (`prism proxy openapi/portal.yaml <backend>/api/backend/v1 --errors`; the contract's server URL is
 *    relative, so Prism serves the paths at its root and forwards to the backend's API prefix),
 * 4. runs the suite again through Prism, which must report no violation (not with `--no-prism`: CI reads
 *    each kind of backend through Prism once, the mocked one and the server on PGlite),
 * 5. stops both. Exits non-zero when anything failed. Each run's coverage (documented responses a case
 *    got) is repeated in the summary; the responses no case got are in test-results/contract/.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CONTRACT_FILE } from '#tests/contract/document.ts'
import { freePort } from '#server/testing/free-port.ts'
import { createScratchDatabase } from '#server/testing/scratch-database.ts'
import { startAuthEmulator } from '#scripts/run/firebase-emulator.ts'

const { values } = parseArgs({
  options: { target: { type: 'string', default: 'mock' }, 'no-prism': { type: 'boolean', default: false } },
})
// The suite checks every answer's body against the contract itself; Prism is a second, independent reader.
// Once per kind of backend is enough: the same server code on another identity or store (firebase, a
// PostgreSQL server) runs with --no-prism in CI.
const withPrism = !values['no-prism']
const target = values.target === 'server' || values.target === 'firebase' ? values.target : 'mock'

const root = path.resolve(import.meta.dirname, '../..')
const node = process.execPath
const children: ChildProcess[] = []

/** Starts a long-running process and resolves once its output matches `ready`. */
const start = (name: string, args: string[], ready: RegExp, timeoutMs: number, env: NodeJS.ProcessEnv = process.env) =>
  new Promise<{ child: ChildProcess; output: () => string }>((resolve, reject) => {
    // Its own process group, so stopping it stops anything it started.
    const child = spawn(node, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env })
    children.push(child)
    let output = ''
    const timer = setTimeout(
      () => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output}`)),
      timeoutMs,
    )
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      if (ready.test(output)) {
        clearTimeout(timer)
        resolve({ child, output: () => output })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${name} exited with ${code}:\n${output}`))
    })
  })

const stopAll = () => {
  for (const child of children) {
    if (child.exitCode !== null || child.pid === undefined) continue
    try {
      process.kill(-child.pid, 'SIGTERM')
    } catch {
      // already gone
    }
  }
}

interface SuiteRun {
  code: number
  passed: number
  failed: number
  /** The suite's `Coverage: …` line. */
  coverage: string
}

/** Runs the suite, echoing its output, and reads its closing `N passed, N failed` line and its coverage. */
const runSuite = (args: string[]) =>
  new Promise<SuiteRun>((resolve) => {
    const child = spawn(node, ['tests/contract/run.ts', ...args], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      process.stdout.write(chunk)
    })
    child.once('exit', (code) => {
      const counts = /(\d+) passed, (\d+) failed\s*$/.exec(output)
      const coverage = /^Coverage: .*$/m.exec(output)?.[0] ?? 'Coverage: not reported'
      resolve({ code: code ?? 1, passed: Number(counts?.[1] ?? 0), failed: Number(counts?.[2] ?? 1), coverage })
    })
  })

process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})

/** What to clean up after the run (temporary data directory, scratch database). */
const cleanups: Array<() => Promise<void> | void> = []

/** A fresh database on the PostgreSQL server of `url`, dropped after the run. */
const scratchDatabase = async (url: string): Promise<string> => {
  const scratch = await createScratchDatabase(url, 'vp_contract')
  cleanups.push(scratch.drop)
  return scratch.url
}

/** The server's sign-in rate limit per client and minute in this run (the suite's 429 cases use it up). */
const SIGN_IN_LIMIT = 60
/** The same for the other operations anyone may call. */
const PUBLIC_LIMIT = 150

/** The Auth emulator the server verifies tokens against (target `firebase`). */
let emulatorHost: string | undefined

/** Starts the backend under test; its log lines that report a contract violation. */
const startBackend = async (port: number): Promise<{ label: string; violations: () => string[] }> => {
  if (target === 'mock') {
    const mock = await start(
      'mock:server',
      ['mocks/server.ts', '--port', String(port), '--strict', '--quiet'],
      /listening on/,
      120_000,
    )
    return {
      label: 'mock:server --strict',
      violations: () =>
        mock
          .output()
          .split('\n')
          .filter((line) => line.includes('[mock server --strict]')),
    }
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    // The suite registers, accepts invitations and signs in many times from one address, twice (directly
    // and through Prism): the rate limits (server/rate-limits.ts) are raised, not switched off. The direct
    // run sends each case as a client of its own (X-Forwarded-For from the trusted loopback), so its 429
    // cases use up limits of their own (--sign-in-limit, --public-limit).
    RATE_LIMIT_SIGN_IN_PER_MINUTE: String(SIGN_IN_LIMIT),
    RATE_LIMIT_PUBLIC_PER_MINUTE: String(PUBLIC_LIMIT),
    TRUST_PROXY: '127.0.0.1',
  }
  let where: string
  if (process.env.DATABASE_URL) {
    env.DATABASE_URL = await scratchDatabase(process.env.DATABASE_URL)
    where = 'a fresh database on DATABASE_URL'
  } else {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vereinsportal-contract-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    env.DATA_DIR = dataDir
    delete env.DATABASE_URL
    where = `PGlite in ${dataDir}`
  }
  if (target === 'firebase') {
    const emulator = await startAuthEmulator({
      quiet: true,
      port: Number(process.env.FIREBASE_TEST_PORT ?? 19479) + 10,
    })
    cleanups.push(emulator.stop)
    emulatorHost = emulator.host
    env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host
    env.FIREBASE_PROJECT_ID = 'demo-vereinsportal'
    where += `, Firebase Auth emulator at ${emulator.host}`
  }
  const server = await start('server', ['server/main.ts', '--demo', '--test-hooks'], /listening on/, 180_000, env)
  // Answers with a server error are logged at level 50 (error): each one counts against the run.
  return {
    label: `server on ${where}`,
    violations: () =>
      server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":50')),
  }
}

/** Starts Prism's validation proxy in front of the backend and runs the suite again through it. */
const throughPrism = async (backendUrl: string, signIn: string[]) => {
  const prismPort = await freePort()
  const prismBin = path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js')
  const prism = await start(
    'Prism',
    [
      prismBin,
      'proxy',
      CONTRACT_FILE,
      `${backendUrl}/api/backend/v1`,
      '--errors',
      '--host',
      '127.0.0.1',
      '--port',
      String(prismPort),
    ],
    /Prism is listening/,
    180_000,
  )
  console.log(`\n=== Contract suite through Prism (validation proxy on http://127.0.0.1:${prismPort}) ===`)
  const suite = await runSuite([
    '--base-url',
    `http://127.0.0.1:${prismPort}`,
    '--control-url',
    backendUrl,
    '--prism',
    ...signIn,
    '--label',
    `${target}-prism`,
  ])

  const violations = prism
    .output()
    .split('\n')
    .filter((line) => /Violation:/.test(line) && /response/.test(line))
  return { ...suite, violations }
}

let exitCode = 1
try {
  const mockPort = await freePort()
  const backend = await startBackend(mockPort)
  const mockUrl = `http://127.0.0.1:${mockPort}`
  console.log(`${backend.label} on ${mockUrl}`)

  console.log(`\n=== Contract suite against ${backend.label} ===`)
  const signIn = emulatorHost ? ['--firebase-emulator', emulatorHost] : []
  const limits =
    target === 'mock' ? [] : ['--sign-in-limit', String(SIGN_IN_LIMIT), '--public-limit', String(PUBLIC_LIMIT)]
  const direct = await runSuite(['--base-url', `${mockUrl}/api/backend/v1`, ...signIn, ...limits, '--label', target])

  const judged = withPrism ? await throughPrism(mockUrl, signIn) : null

  const strictViolations = backend.violations()
  const prismViolations = judged?.violations ?? []
  console.log('\n=== Contract CI ===')
  console.log(
    `  suite against ${backend.label}: ${direct.code === 0 ? 'passed' : 'FAILED'} (${direct.passed} passed, ${direct.failed} failed)`,
  )
  console.log(`    ${direct.coverage}`)
  if (judged) {
    console.log(
      `  suite through Prism: ${judged.code === 0 ? 'passed' : 'FAILED'} (${judged.passed} passed, ${judged.failed} failed)`,
    )
    console.log(`    ${judged.coverage}`)
  } else console.log('  suite through Prism: not run (--no-prism)')
  console.log(
    `  ${target === 'mock' ? 'contract violations reported by mock:server --strict' : 'server errors in the log'}: ${strictViolations.length}`,
  )
  console.log(`  Prism response violations (log): ${prismViolations.length}`)
  for (const line of [...strictViolations, ...prismViolations]) console.log(`    ${line}`)
  const extraFailures = strictViolations.length + prismViolations.length
  exitCode = direct.code === 0 && (judged?.code ?? 0) === 0 && extraFailures === 0 ? 0 : 1
  // The closing line CI reads: both runs together, each contract violation outside a case as a failure.
  console.log(
    `\n${direct.passed + (judged?.passed ?? 0)} passed, ${direct.failed + (judged?.failed ?? 0) + extraFailures} failed`,
  )
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
} finally {
  stopAll()
  // The backend needs a moment to let go of its data directory or database.
  await new Promise((resolve) => setTimeout(resolve, 500))
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup()
    } catch (error) {
      console.error('cleanup:', error instanceof Error ? error.message : error)
    }
  }
}
process.exit(exitCode)
