import { describe, expect, it } from 'vitest'
import { OPERATION_IDS, OPERATION_TABLE } from '#openapi/generated/operations.ts'

/** What the contract promises every client about bodies (its conventions), operation by operation. */
describe('the operation table', () => {
  const rows = OPERATION_IDS.map((operationId) => OPERATION_TABLE[operationId])

  it('declares 413 and 415 on every operation that can take a body (POST, PUT, DELETE)', () => {
    for (const row of rows.filter((candidate) => candidate.method !== 'GET')) {
      expect(row.statuses, row.operationId).toContain(413)
      expect(row.statuses, row.operationId).toContain(415)
    }
  })

  it('takes bytes only for the upload; every other body is JSON', () => {
    expect(rows.filter((row) => row.bodyType === 'application/octet-stream').map((row) => row.operationId)).toEqual([
      'uploadFile',
    ])
    for (const row of rows.filter(
      (candidate) => candidate.bodyType !== null && candidate.bodyType !== 'application/octet-stream',
    ))
      expect(row.bodyType, row.operationId).toBe('application/json')
  })
})
