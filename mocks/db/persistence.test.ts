import { describe, expect, it, vi } from 'vitest'
import { createMockBackend } from '#mocks/backend.ts'
import { SIGNING_KEY_KEY, STATE_KEY, createStatePersistence, deserializeState, serializeState } from './persistence.ts'
import type { SaveStatus } from './persistence.ts'
import { SEED_PASSWORD, seedClubs } from '#adapters/demo-seed/seed-accounts.ts'
import { isUnreadSeedDonations, seedInstant } from '#adapters/demo-seed/seed.ts'
import { seedState } from './seed-state.ts'

describe('persistence', () => {
  it('restores a changed state exactly, rebuilding the seed donations instead of storing them', () => {
    const backend = createMockBackend({ initialState: seedState(seedInstant(Date.now()) - 5 * 86_400_000) })
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
    const seed = seedState(seedInstant(Date.now()) - 9 * 86_400_000)
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
    const text = serializeState(seedState(seedInstant(Date.now())))
    expect(text).toMatch(/"format":\d+/)
    expect(deserializeState(text.replace(/"format":\d+/, '"format":1'))).toBeNull()
  })
})

/** A Storage in memory; `failWith` makes setItem throw it. */
const fakeStorage = (initial: Record<string, string> = {}) => {
  const data = new Map(Object.entries(initial))
  const control = { failWith: null as Error | null }
  const storage: Storage = {
    get length() {
      return data.size
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => {
      if (control.failWith) throw control.failWith
      data.set(key, value)
    },
  }
  return { storage, data, control }
}

const quotaExceeded = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

describe('saving in browser storage', () => {
  it('reports a storage that refuses to save (full), keeps the state to retry, and reports when it works again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { storage, data, control } = fakeStorage()
    const persistence = createStatePersistence(storage)
    const statuses: SaveStatus[] = []
    persistence.subscribe((status) => statuses.push(status))
    const backend = createMockBackend({ initialState: seedState(seedInstant(Date.now())) })

    control.failWith = quotaExceeded()
    persistence.save(backend.store.state)
    expect(persistence.status()).toEqual({ saved: false, reason: 'quota' })
    expect(statuses).toEqual([{ saved: false, reason: 'quota' }])
    expect(warn).toHaveBeenCalledWith('[mock backend] could not save the demo data', expect.any(DOMException))
    expect(data.has(STATE_KEY)).toBe(false)
    // The same failure again is no news.
    persistence.save(backend.store.state)
    expect(statuses).toHaveLength(1)

    control.failWith = null
    persistence.save(backend.store.state)
    expect(persistence.status()).toEqual({ saved: true, reason: null })
    expect(statuses).toEqual([
      { saved: false, reason: 'quota' },
      { saved: true, reason: null },
    ])
    expect(deserializeState(data.get(STATE_KEY)!)).not.toBeNull()
    warn.mockRestore()
  })

  it('reports other refusals (storage disabled, private mode) and a browser without storage', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { storage, control } = fakeStorage()
    control.failWith = new DOMException('The operation is insecure.', 'SecurityError')
    const persistence = createStatePersistence(storage)
    persistence.save(seedState(seedInstant(Date.now())))
    expect(persistence.status()).toEqual({ saved: false, reason: 'unavailable' })

    expect(createStatePersistence(null).status()).toEqual({ saved: false, reason: 'unavailable' })
    warn.mockRestore()
  })

  it('keeps one signing key per browser: the same after a reload, a new one in another browser', () => {
    const { storage, data } = fakeStorage()
    const key = createStatePersistence(storage).signingKey()
    expect(data.get(SIGNING_KEY_KEY)).toMatch(/^[\w-]{43}$/)
    expect(createStatePersistence(storage).signingKey()).toEqual(key)
    expect(createStatePersistence(fakeStorage().storage).signingKey()).not.toEqual(key)
    // A corrupt key is replaced.
    data.set(SIGNING_KEY_KEY, 'kaputt')
    expect(createStatePersistence(storage).signingKey()).toHaveLength(32)
  })

  it('saves password hashes only, and drops (and removes) a saved state of the format with plain-text passwords', () => {
    const seed = seedState(seedInstant(Date.now()))
    const text = serializeState(seed)
    expect(text).not.toContain(SEED_PASSWORD)
    expect(text).not.toMatch(/"password"\s*:/)

    // As format 3 saved it: the credentials with the password itself.
    const old = JSON.parse(text) as { format: number; tables: { credentials: Array<Record<string, unknown>> } }
    old.format = 3
    old.tables.credentials = old.tables.credentials.map(({ uid, sessionsValidAfter }) => ({
      uid,
      password: SEED_PASSWORD,
      sessionsValidAfter,
    }))
    const { storage, data } = fakeStorage({ [STATE_KEY]: JSON.stringify(old) })
    expect(createStatePersistence(storage).load()).toBeNull()
    expect(data.has(STATE_KEY)).toBe(false)

    // The current format with a plain password slipped in is not trusted either.
    const tampered = JSON.parse(text) as typeof old
    tampered.tables.credentials[0] = { ...tampered.tables.credentials[0], password: SEED_PASSWORD }
    expect(deserializeState(JSON.stringify(tampered))).toBeNull()
  })
})
