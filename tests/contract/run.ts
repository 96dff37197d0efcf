/**
 * The contract suite: `npm run test:contract -- --base-url <url>` (for QA and CI against any backend;
 * `npx vitest run --project contract` runs the same cases against the mocked backend in-process).
 *
 * Calls every operation of openapi/portal.yaml against a running mocked backend (`npm run mock:server`,
 * or anything that speaks the contract and the `/__mock/*` control plane): with and without a token,
 * with a token the backend never issued, as a caller without access, with valid and invalid bodies and
 * unknown or overlong ids, with a field the contract does not name (400 `unknown_field`), a `text/plain`
 * body (415) and a body over the limit (413), plus each operation's own rules (./derive.ts; an operation
 * without a sample in ./cases.ts gets only what the operation table gives). Every answer is checked
 * against the document: the status must be declared, the content type too, and the body must validate
 * against its schema, whose objects are closed (a field the contract does not name fails it).
 *
 *   --base-url <url>     the API base, default http://127.0.0.1:4010/api/backend/v1 (a bare origin gets
 *                        /api/backend/v1 appended, unless --prism)
 *   --control-url <url>  where `/__mock/*` lives (reset before each case, sign-in); default: base origin
 *   --prism              the base URL is a Prism validation proxy: its `sl-violations` reports and
 *                        errors count as violations; deliberately invalid requests may be refused by
 *                        Prism itself (its request validation) instead of reaching the backend
 *   --only <operationId> run one operation's cases
 *   --firebase-emulator <host:port>
 *                        the backend verifies Firebase Auth tokens (server with FIREBASE_AUTH_EMULATOR_HOST):
 *                        sign in at this Auth emulator instead of the local identity, reseed its accounts
 *                        after every case that wrote, and run the stale-sign-in cases (forged `auth_time`)
 *   --sign-in-limit <n>  the target limits registrations and invitation acceptances to n per client and
 *                        minute and takes the client from `X-Forwarded-For` (the server with TRUST_PROXY):
 *                        every case is sent as a client of its own, and the 429 cases run
 *   --public-limit <n>   the same for the other operations anyone may call (with --sign-in-limit)
 *   --label <name>       names this run in the coverage file (default: direct, or prism with --prism)
 *   --verbose            also prints every documented response no case exercised
 *
 * The stale-sign-in cases (401 `reauthentication-required`) run against the Firebase Auth emulator, and
 * against a mocked backend, whose control plane can be told to take the emulator's unsigned tokens
 * (`PUT /__mock/settings`); the server's local identity signs its tokens itself, so they are skipped
 * there. At the end the suite prints its coverage: which documented responses (operation × status) a
 * case got, with the list of the others in `test-results/contract/coverage-<label>.txt`.
 *
 * Runs on plain Node 24 (type stripping), like mocks/server.ts.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { API_PREFIX, coverageFileText, createContractRunner, UnreachableTargetError } from './runner.ts'

const { values } = parseArgs({
  options: {
    'base-url': { type: 'string', default: 'http://127.0.0.1:4010/api/backend/v1' },
    'control-url': { type: 'string' },
    prism: { type: 'boolean', default: false },
    only: { type: 'string' },
    'firebase-emulator': { type: 'string' },
    'sign-in-limit': { type: 'string' },
    'public-limit': { type: 'string' },
    label: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
})
const firebaseEmulator = values['firebase-emulator'] ?? null
const signInLimit = values['sign-in-limit'] ? Number(values['sign-in-limit']) : null
const publicLimit = values['public-limit'] ? Number(values['public-limit']) : null
const label = values.label ?? (values.prism ? 'prism' : 'direct')

let baseUrl = values['base-url'].replace(/\/+$/, '')
if (!values.prism && new URL(baseUrl).pathname === '/') baseUrl += API_PREFIX
const controlUrl = (values['control-url'] ?? new URL(baseUrl).origin).replace(/\/+$/, '')
const throughPrism = values.prism

const runner = createContractRunner({
  baseUrl,
  controlUrl,
  prism: throughPrism,
  firebaseEmulator,
  signInLimit,
  publicLimit,
})
const { contract, target, stats } = runner

const main = async () => {
  console.log(`Contract suite: ${contract.operations.length} operations of openapi/portal.yaml`)
  console.log(`  API:           ${baseUrl}${throughPrism ? '  (through Prism)' : ''}`)
  console.log(`  control plane: ${controlUrl}/__mock`)

  try {
    await runner.connect()
  } catch (error) {
    if (!(error instanceof UnreachableTargetError)) throw error
    console.error(error.message)
    process.exit(2)
  }
  console.log(
    `  sign-in:       ${firebaseEmulator ? `Firebase Auth emulator at ${firebaseEmulator}` : "the backend's local identity"}`,
  )
  console.log(
    `  stale sign-ins: ${target.staleSignIns ?? 'not possible here (the 401 reauthentication-required cases are skipped)'}`,
  )
  console.log(
    `  rate limits:   ${target.signInLimit !== null && !throughPrism ? `sign-in ${target.signInLimit}${target.publicLimit !== null ? `, public ${target.publicLimit}` : ''} per minute, a client per case (X-Forwarded-For)` : 'not tested here (the 429 cases are skipped)'}`,
  )

  let passed = 0
  let failed = 0
  const failures: string[] = []
  const covered = new Set<string>()
  const operations = contract.operations.filter((operation) => !values.only || operation.operationId === values.only)
  for (const operation of operations) {
    console.log(`\n${operation.operationId}  ${operation.method} ${operation.path}  [${operation.access.join(', ')}]`)
    for (const testCase of runner.casesOf(operation)) {
      let problems: string[]
      try {
        problems = await runner.run(testCase)
      } catch (error) {
        problems = [`the case itself failed: ${error instanceof Error ? error.message : String(error)}`]
      }
      covered.add(operation.operationId)
      const caseLabel = `${testCase.name} → ${testCase.expect}${testCase.kind ? ` ${testCase.kind}` : ''}`
      if (problems.length === 0) {
        passed += 1
        console.log(`  ✓ ${caseLabel}`)
      } else {
        failed += 1
        console.log(`  ✗ ${caseLabel}`)
        for (const problem of problems) console.log(`      ${problem}`)
        failures.push(`${operation.operationId}: ${testCase.name}: ${problems.join(' | ')}`)
      }
    }
  }
  await runner.finish()

  const report = runner.coverage(operations)
  const file = resolve(import.meta.dirname, '../../test-results/contract', `coverage-${label}.txt`)
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, coverageFileText(report))
  console.log(`\n${report.lines.join('\n')}`)
  if (values.verbose) console.log(`Not exercised:\n${report.notExercised.join('\n')}`)
  else console.log(`  the ${report.notExercised.length} not exercised: ${file} (or --verbose)`)

  console.log('\nSummary')
  console.log(`  operations covered: ${covered.size}/${contract.operations.length}`)
  console.log(
    `  cases run:          ${passed + failed} (${stats.malformed} deliberately invalid requests, ${stats.requests} API requests incl. setup)`,
  )
  if (throughPrism) {
    console.log(`  Prism violations:   ${stats.prismViolations}`)
    console.log(`  refused by Prism's request validation (deliberately invalid requests): ${stats.refusedByPrism}`)
  }
  if (failures.length > 0) {
    console.log('\nFailures')
    for (const failure of failures) console.log(`  ${failure}`)
  }
  // The closing line CI reads.
  console.log(`\n${passed} passed, ${failed} failed`)
  process.exit(failed > 0 || stats.prismViolations > 0 || covered.size < operations.length ? 1 : 0)
}

await main()
