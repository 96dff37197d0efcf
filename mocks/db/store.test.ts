import { describe, expect, it } from 'vitest'
import { seedInstant } from '#adapters/demo-seed/seed.ts'
import { seedState } from './seed-state.ts'
import { createStore } from './store.ts'

describe('the store', () => {
  it('applies a transaction whole when it returns, and not at all when it throws', () => {
    const seed = seedState(seedInstant(Date.now()))
    const store = createStore(seed)
    const club = seed.tables.clubs.values().next().value!

    expect(() =>
      store.transact((tx) => {
        tx.put('clubs', club.id, { ...club, status: 'INACTIVE' })
        tx.delete('users', 'uid-admin')
        tx.setSingleton('appLogo', null)
        throw new Error('a rule failed half-way')
      }),
    ).toThrow('a rule failed half-way')
    expect(store.state).toBe(seed)
    expect(store.state.tables.clubs.get(club.id)!.status).toBe(club.status)

    store.transact((tx) => {
      tx.put('clubs', club.id, { ...club, status: 'INACTIVE' })
      tx.delete('users', 'uid-admin')
      // A transaction reads its own writes.
      expect(tx.table('clubs').get(club.id)!.status).toBe('INACTIVE')
      expect(tx.table('users').has('uid-admin')).toBe(false)
    })
    expect(store.state.tables.clubs.get(club.id)!.status).toBe('INACTIVE')
    expect(store.state.tables.users.has('uid-admin')).toBe(false)
    // The seed itself was never changed, so a reset can hand it out again.
    expect(seed.tables.clubs.get(club.id)!.status).toBe(club.status)
    expect(seed.tables.users.has('uid-admin')).toBe(true)
    // Untouched tables are shared, not copied.
    expect(store.state.tables.donations).toBe(seed.tables.donations)
  })

  it('tells subscribers about commits that changed something', () => {
    const store = createStore(seedState(seedInstant(Date.now())))
    let commits = 0
    store.subscribe(() => (commits += 1))
    store.transact((tx) => tx.table('clubs').size)
    expect(commits).toBe(0)
    store.transact((tx) => tx.setSingleton('appLogo', null))
    expect(commits).toBe(1)
  })
})
