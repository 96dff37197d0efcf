/**
 * `npm run test:contract:ci`: the contract suite as CI runs it.
 *
 * 1. starts `mock:server --strict` on a free port (the server itself refuses to send an answer that breaks
 *    the contract),
 * 2. runs the suite directly against it (every status, problem kind and body checked),
 * 3. starts Stoplight Prism's validation proxy in front of it
 *    (`prism proxy openapi/portal.yaml <mock>/api/backend/v1 --errors`; the contract's server URL is
 *    relative, so Prism serves the paths at its root and forwards to the mock's API prefix),
 * 4. runs the suite again through Prism, which must report no violation,
 * 5. stops both. Exits non-zero when anything failed.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const node = process.execPath
const children: ChildProcess[] = []

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

/** Starts a long-running process and resolves once its output matches `ready`. */
const start = (name: string, args: string[], ready: RegExp, timeoutMs: number) =>
  new Promise<{ child: ChildProcess; output: () => string }>((resolve, reject) => {
    // Its own process group, so stopping it stops anything it started.
    const child = spawn(node, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    children.push(child)
    let output = ''
    const timer = setTimeout(() => reject(new Error(`${name} did not start within ${timeoutMs / 1000} s:\n${output}`)), timeoutMs)
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
}

/** Runs the suite, echoing its output, and reads its closing `N passed, N failed` line. */
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
      resolve({ code: code ?? 1, passed: Number(counts?.[1] ?? 0), failed: Number(counts?.[2] ?? 1) })
    })
  })

process.on('SIGINT', () => {
  stopAll()
  process.exit(130)
})

let exitCode = 1
try {
  const mockPort = await freePort()
  const mock = await start('mock:server', ['mocks/server.ts', '--port', String(mockPort), '--strict', '--quiet'], /listening on/, 120_000)
  const mockUrl = `http://127.0.0.1:${mockPort}`
  console.log(`mock:server --strict on ${mockUrl}`)

  console.log('\n=== Contract suite against mock:server ===')
  const direct = await runSuite(['--base-url', `${mockUrl}/api/backend/v1`])

  const prismPort = await freePort()
  const prismBin = path.join(root, 'node_modules/@stoplight/prism-cli/dist/index.js')
  const prism = await start(
    'Prism',
    [prismBin, 'proxy', 'openapi/portal.yaml', `${mockUrl}/api/backend/v1`, '--errors', '--host', '127.0.0.1', '--port', String(prismPort)],
    /Prism is listening/,
    180_000,
  )
  console.log(`\n=== Contract suite through Prism (validation proxy on http://127.0.0.1:${prismPort}) ===`)
  const judged = await runSuite(['--base-url', `http://127.0.0.1:${prismPort}`, '--control-url', mockUrl, '--prism'])

  const strictViolations = mock.output().split('\n').filter((line) => line.includes('[mock server --strict]'))
  const prismViolations = prism.output().split('\n').filter((line) => /Violation:/.test(line) && /response/.test(line))
  console.log('\n=== Contract CI ===')
  console.log(`  suite against mock:server: ${direct.code === 0 ? 'passed' : 'FAILED'} (${direct.passed} passed, ${direct.failed} failed)`)
  console.log(`  suite through Prism:       ${judged.code === 0 ? 'passed' : 'FAILED'} (${judged.passed} passed, ${judged.failed} failed)`)
  console.log(`  mock:server --strict contract violations: ${strictViolations.length}`)
  console.log(`  Prism response violations (log):          ${prismViolations.length}`)
  for (const line of [...strictViolations, ...prismViolations]) console.log(`    ${line}`)
  const extraFailures = strictViolations.length + prismViolations.length
  exitCode = direct.code === 0 && judged.code === 0 && extraFailures === 0 ? 0 : 1
  // The closing line CI reads: both runs together, each contract violation outside a case as a failure.
  console.log(`\n${direct.passed + judged.passed} passed, ${direct.failed + judged.failed + extraFailures} failed`)
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
} finally {
  stopAll()
}
process.exit(exitCode)
