/** Test helper: what a client sees while the database cannot be reached. */
import { expect } from 'vitest'

export const expectUnavailable = (answer: { statusCode: number; headers: Record<string, unknown>; body: string }) => {
  expect(answer.statusCode, answer.body).toBe(503)
  expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/)
  expect(JSON.parse(answer.body)).toMatchObject({
    type: 'https://vereinsportal.at/problems/unavailable',
    status: 503,
  })
  expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
}
