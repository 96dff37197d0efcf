/** The contract as data for the mocked backend's tests (the one reader is openapi/contract.ts). */
export { contractOperations, readContract } from '#openapi/contract.ts'
export type { ContractOperation } from '#openapi/contract.ts'
