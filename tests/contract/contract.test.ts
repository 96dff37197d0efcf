/**
 * The contract suite as the Vitest project `contract`: every case of every operation (./derive.ts) as a
 * test, against the mocked backend's server in-process (mocks/server.ts, the server's own Fastify app over
 * the in-memory backend, on a free port, checking its own answers as `mock:server --strict` does). The
 * runner is the CLI's (./runner.ts); the CLI stays for other targets and Prism (`npm run test:contract`,
 * `test:contract:ci`). The coverage goes to test-results/contract/coverage-vitest.txt.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startMockServer } from '#mocks/server.ts'
import { coverageFileText, createContractRunner } from './runner.ts'

// Strict, as `mock:server --strict`: an answer that breaks the contract becomes a 500 (reported on stderr),
// which fails its case even where the suite's own check of the body would not look.
const server = await startMockServer({ port: 0, strict: true })
const runner = createContractRunner({ baseUrl: `${server.url}/api/backend/v1`, controlUrl: server.url })
await runner.connect()
const operations = runner.contract.operations
const casesByOperation = new Map(operations.map((operation) => [operation, runner.casesOf(operation)]))

afterAll(async () => {
  await runner.finish()
  await server.close()
  const report = runner.coverage(operations)
  const file = path.resolve('test-results/contract/coverage-vitest.txt')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, coverageFileText(report))
  console.log(`${report.lines.join('\n')}\n  the ${report.notExercised.length} not exercised: ${file}`)
})

describe('the contract suite against the mocked backend', () => {
  it('has cases for every operation of the contract', () => {
    expect(operations.filter((operation) => casesByOperation.get(operation)!.length === 0)).toEqual([])
  })

  for (const operation of operations) {
    describe(`${operation.operationId} (${operation.method} ${operation.path})`, () => {
      for (const testCase of casesByOperation.get(operation)!) {
        it(`${testCase.name} → ${testCase.expect}${testCase.kind ? ` ${testCase.kind}` : ''}`, async () => {
          expect(await runner.run(testCase)).toEqual([])
        })
      }
    })
  }
})
