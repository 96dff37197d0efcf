/**
 * The contract suite as the Vitest project `contract`: every case of every operation (./derive.ts) as a
 * test, against the mocked backend's server in-process (./in-process.ts). The runner is the CLI's
 * (./runner.ts); the CLI stays for other targets and Prism (`npm run test:contract`, `test:contract:ci`).
 * The coverage goes to test-results/contract/coverage-vitest.txt.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll } from 'vitest'
import { describeContractCases, startInProcessRunner } from './in-process.ts'
import { coverageFileText } from './runner.ts'

const runner = await startInProcessRunner()

afterAll(() => {
  const report = runner.coverage(runner.contract.operations)
  const file = path.resolve('test-results/contract/coverage-vitest.txt')
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, coverageFileText(report))
  console.log(`${report.lines.join('\n')}\n  the ${report.notExercised.length} not exercised: ${file}`)
})

describeContractCases('the contract suite against the mocked backend', runner, (operation) => runner.casesOf(operation))
