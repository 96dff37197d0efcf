import { describe, expect, it } from 'vitest'
import { DuplicateKeyError } from '#domain/ports.ts'
import { createMockBackend } from '#mocks/backend.ts'
import { seedClubs } from '#adapters/demo-seed/seed-accounts.ts'

/** The in-memory store keeps one club per ZVR number as PostgreSQL's unique index does (migration 0005). */
describe('the in-memory store’s unique ZVR number', () => {
  it('refuses another club with the number, leading zeros or not, as the `club-zvr` duplicate', async () => {
    const backend = createMockBackend()
    const attempt = (zvr: (taken: string) => string) =>
      backend.transact(async ({ clubs }) => {
        const taken = (await clubs.get(seedClubs.volume))!.profile.zvrNumber
        const club = (await clubs.get(seedClubs.incomplete))!
        await clubs.update({ ...club, profile: { ...club.profile, zvrNumber: zvr(taken) } })
      })
    for (const zvr of [(taken: string) => taken, (taken: string) => `00${taken}`]) {
      const error: unknown = await attempt(zvr).catch((failure: unknown) => failure)
      expect(error).toBeInstanceOf(DuplicateKeyError)
      expect((error as DuplicateKeyError).key).toBe('club-zvr')
    }
    await attempt(() => '')
    await attempt(() => '4711')
    const found = await backend.transact(async ({ clubs }) => ({
      byZvr: await clubs.findByZvrKey('4711'),
      byName: await clubs.findByNameAndPostalCode('musikverein hallein', '5400'),
    }))
    expect(found.byZvr.map((club) => club.id)).toEqual([seedClubs.incomplete])
    expect(found.byName.map((club) => club.id)).toEqual([seedClubs.secondActive])
  })
})
