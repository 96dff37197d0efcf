/**
 * The contract suite inside Vitest: the mocked backend's server in-process (mocks/server.ts, the server's
 * own Fastify app over the in-memory backend, on a free port) with a runner against it, and one test per
 * case. Strict, as `mock:server --strict`: an answer that breaks the contract becomes a 500 (reported on
 * stderr), which fails its case even where the suite's own check of the body would not look.
 */
import { afterAll, describe, expect, it } from 'vitest'
import { startMockServer } from '#mocks/server.ts'
import type { Case } from './derive.ts'
import type { ContractOperation } from './openapi.ts'
import { createContractRunner } from './runner.ts'
import type { ContractRunner } from './runner.ts'

/** A connected runner against a fresh in-process server; both are closed after the file. */
export const startInProcessRunner = async (): Promise<ContractRunner> => {
  const server = await startMockServer({ port: 0, strict: true })
  const runner = createContractRunner({ baseUrl: `${server.url}/api/backend/v1`, controlUrl: server.url })
  await runner.connect()
  afterAll(async () => {
    await runner.finish()
    await server.close()
  })
  return runner
}

/** One test per case of every operation, and one that fails when an operation has none. */
export const describeContractCases = (
  title: string,
  runner: ContractRunner,
  casesOf: (operation: ContractOperation) => Case[],
): void => {
  const operations = runner.contract.operations
  const casesByOperation = new Map(operations.map((operation) => [operation, casesOf(operation)]))
  describe(title, () => {
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
}
