import { describe, expect, it } from 'vitest'
import { contractOperations } from '#openapi/contract.ts'
import { seedAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { call, kindOf } from '#mocks/test-client.ts'
import { API_ROUTES } from './all-handlers.ts'

describe('the stateful handlers', () => {
  it('cover every operation of the contract with its method and path, once', () => {
    const routes = API_ROUTES.map((route) => `${route.operationId} ${route.method} ${route.path}`).sort()
    const operations = contractOperations()
      .map((operation) => `${operation.operationId} ${operation.method} ${operation.path}`)
      .sort()
    expect(routes).toEqual(operations)
  })

  it('answer an unknown API path with a 404 problem instead of reaching the network', async () => {
    const result = await call('GET', '/no/such/operation', { as: seedAccounts.admin.email })
    expect(result.status).toBe(404)
    expect(kindOf(result)).toBe('not-found')
  })

  it('answer JSON with the contract’s content types', async () => {
    const ok = await call('GET', '/country')
    expect(ok.headers.get('content-type')).toContain('application/json')
    const problem = await call('GET', '/users')
    expect(problem.headers.get('content-type')).toContain('application/problem+json')
    expect(problem.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })
})
