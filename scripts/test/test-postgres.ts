/**
 * `npm run test:postgres`: everything that runs against a PostgreSQL server, on one:
 * - the domain suite (vitest project `domain:postgres`),
 * - the server tests, whose restart check then uses PostgreSQL (project `server`),
 * - the contract suite against the server (`test:contract:server -- --no-prism`: Prism has read the same server's
 *   answers on PGlite).
 *
 * With DATABASE_URL set it uses that server (each suite makes and drops its own databases); otherwise it
 * starts a throwaway cluster from Debian's `postgresql` package (scripts/test/postgres-throwaway.sh) on a
 * free port and removes it afterwards. Prints each step's result; exits non-zero when one failed.
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { freePort } from '#server/testing/free-port.ts'

const root = path.resolve(import.meta.dirname, '../..')
const script = path.join(root, 'scripts/test/postgres-throwaway.sh')

let cluster: string | null = null
let url = process.env.DATABASE_URL
if (!url) {
  cluster = mkdtempSync(path.join(tmpdir(), 'vereinsportal-postgres-'))
  const port = await freePort()
  url = execFileSync(script, ['start', cluster, String(port)], { encoding: 'utf8' }).trim()
  console.log(`Throwaway PostgreSQL cluster on ${url} (${cluster})`)
}

const steps: Array<[string, string[]]> = [
  [
    'domain suite and server tests on PostgreSQL',
    ['node_modules/vitest/vitest.mjs', 'run', '--project', 'domain:postgres', '--project', 'server'],
  ],
  [
    'contract suite against the server on PostgreSQL',
    ['scripts/test/contract-ci.ts', '--target', 'server', '--no-prism'],
  ],
]
const results: string[] = []
let failed = false
try {
  for (const [name, args] of steps) {
    console.log(`\n=== ${name} ===`)
    // Streams the output as it comes and keeps it, to repeat the failed tests next to the summary.
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, DATABASE_URL: url },
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk)
      output += chunk.toString('utf8')
    })
    const status = await new Promise<number | null>((done) => child.once('close', done))
    const run = { status, stdout: output }
    const ok = run.status === 0
    failed ||= !ok
    results.push(`  ${ok ? 'passed' : 'FAILED'}  ${name}`)
    // CI keeps only the end of a long log: repeat which tests failed next to the summary.
    if (!ok) results.push(...failedTests(run.stdout).map((line) => `          ${line}`))
  }
} finally {
  if (cluster) execFileSync(script, ['stop', cluster], { stdio: 'inherit' })
}

function failedTests(output: string): string[] {
  const plain = stripVTControlCharacters(output)
  const lines = plain.split('\n').filter((line) => /^\s*FAIL\s|^\s*✗|^\s*×/.test(line))
  return [...new Set(lines.map((line) => line.trim()))].slice(0, 20)
}

console.log(`\n=== PostgreSQL ===\n${results.join('\n')}`)
process.exit(failed ? 1 : 0)
