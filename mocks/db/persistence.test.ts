import { describe, expect, it } from 'vitest'
import { createMockBackend } from '../backend.ts'
import { deserializeState, serializeState } from './persistence.ts'
import { seedClubs } from './seed-accounts.ts'
import { buildSeed, isUnreadSeedDonations, seedInstant } from './seed.ts'

describe('persistence', () => {
  it('restores a changed state exactly, rebuilding the seed donations instead of storing them', () => {
    const backend = createMockBackend({ initialState: buildSeed(seedInstant(Date.now()) - 5 * 86_400_000) })
    backend.store.transact((tx) => {
      const club = tx.table('clubs').get(seedClubs.volume)!
      tx.put('clubs', club.id, { ...club, status: 'INACTIVE' })
      tx.delete('users', 'uid-neu')
      tx.setSingleton('faults', { delayMs: 300, failures: [], tokenLifetimeSeconds: 60 })
    })
    const text = serializeState(backend.store.state)
    expect(text).not.toContain('seed-d000001')
    expect(text.length).toBeLessThan(400_000)

    const restored = deserializeState(text)!
    for (const name of Object.keys(backend.store.state.tables) as Array<keyof typeof backend.store.state.tables>) {
      expect([...restored.tables[name].entries()], name).toEqual([...backend.store.state.tables[name].entries()])
    }
    expect(restored.singletons).toEqual(backend.store.state.singletons)
    expect(restored.tables.clubs.get(seedClubs.volume)!.status).toBe('INACTIVE')
  })

  it('neither builds nor saves the seed donations until something reads them', () => {
    const seed = buildSeed(seedInstant(Date.now()) - 9 * 86_400_000)
    const text = serializeState(seed)
    const parse = (json: string) => JSON.parse(json) as { tables: Record<string, unknown[]> }
    expect(isUnreadSeedDonations(seed.tables.donations)).toBe(true)
    expect(parse(text).tables.donations).toEqual([])
    // Saving after a change reuses the text of unchanged tables and gives the same as a save from scratch.
    const backend = createMockBackend({ initialState: seed })
    backend.store.transact((tx) => tx.delete('users', 'uid-neu'))
    expect(parse(serializeState(backend.store.state))).toEqual({
      ...parse(text),
      tables: { ...parse(text).tables, users: [...backend.store.state.tables.users.values()] },
    })

    const restored = deserializeState(text)!
    expect(restored.tables.donations.size).toBeGreaterThan(10_000)
    expect([...restored.tables.donations.values()]).toEqual([...seed.tables.donations.values()])
    expect(isUnreadSeedDonations(seed.tables.donations)).toBe(false)
  })

  it('ignores nothing saved, garbage and states of another format', () => {
    expect(deserializeState(null)).toBeNull()
    expect(deserializeState('{not json')).toBeNull()
    const text = serializeState(buildSeed(seedInstant(Date.now())))
    expect(text).toMatch(/"format":\d+/)
    expect(deserializeState(text.replace(/"format":\d+/, '"format":1'))).toBeNull()
  })
})
