import { describe, expect, it } from 'vitest'
import { faultsFromSearchParams } from './control.ts'

describe('fault URL parameters', () => {
  it('read delay, failures (with optional counts) and token lifetime', () => {
    expect(
      faultsFromSearchParams(
        new URLSearchParams('mockDelay=800&mockFail=getClubOverview:500,getUsers:503:2&mockTokenLifetime=5'),
      ),
    ).toEqual({
      delayMs: 800,
      tokenLifetimeSeconds: 5,
      failures: [
        { operationId: 'getClubOverview', status: 500, remaining: null },
        { operationId: 'getUsers', status: 503, remaining: 2 },
      ],
    })
  })

  it('ignore what they cannot use', () => {
    expect(faultsFromSearchParams(new URLSearchParams('page=2'))).toBeNull()
    expect(
      faultsFromSearchParams(new URLSearchParams('mockDelay=soon&mockFail=nothing:500,getUsers:200,getUsers:abc')),
    ).toEqual({ failures: [] })
  })
})
