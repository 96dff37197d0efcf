/**
 * What a new operation is checked with before anybody writes its sample: every operation of the contract,
 * with its entry in ./cases.ts left out, gets the cases the operation table alone gives (./derive.ts), and
 * the mocked backend passes them. Runs in the Vitest project `contract`, beside ./contract.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { startMockServer } from '#mocks/server.ts'
import { deriveCases } from './derive.ts'
import { createContractRunner } from './runner.ts'

const server = await startMockServer({ port: 0, strict: true })
const runner = createContractRunner({ baseUrl: `${server.url}/api/backend/v1`, controlUrl: server.url })
await runner.connect()
const operations = runner.contract.operations
const casesByOperation = new Map(
  operations.map((operation) => [operation, deriveCases(operation, runner.target, null)]),
)

afterAll(async () => {
  await runner.finish()
  await server.close()
})

describe('the contract cases of an operation without a sample', () => {
  it('exist for every operation of the contract', () => {
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
