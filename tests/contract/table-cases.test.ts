/**
 * What a new operation is checked with before anybody writes its sample: every operation of the contract,
 * with its entry in ./cases.ts left out, gets the cases the operation table alone gives (./derive.ts), and
 * the mocked backend passes them. Runs in the Vitest project `contract`, beside ./contract.test.ts.
 */
import { deriveCases } from './derive.ts'
import { describeContractCases, startInProcessRunner } from './in-process.ts'

const runner = await startInProcessRunner()

describeContractCases('the contract cases of an operation without a sample', runner, (operation) =>
  deriveCases(operation, runner.target, null),
)
