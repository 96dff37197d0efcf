/**
 * A larger state for `npm run bench:server`: the demo seed plus generated clubs (each with a
 * representative and a complete profile) and donations, up to the sizes asked for. Deterministic, so
 * the mocked backend and the server are measured on the same data.
 */
import { sortKey } from '#domain/sort-key.ts'
import { DAY_MS, isoInstant, viennaDay } from '#domain/time.ts'
import { createPrng } from '#adapters/demo-seed/prng.ts'
import { buildSeed, seedInstant } from '#adapters/demo-seed/seed.ts'
import { SEED_PASSWORD_HASH, seedClubRoles, seedClubTypes } from '#adapters/demo-seed/seed-accounts.ts'
import type { DemoData } from '#adapters/demo-seed/demo-data.ts'
import type { CredentialRecord } from '#adapters/offline-identity/offline-identity.ts'
import type { ClubRecord, DonationRecord, MembershipRecord, UserRecord } from '#domain/records.ts'

export interface BenchSize {
  clubs: number
  donations: number
}

const STATUSES = ['ACTIVE', 'ACTIVE', 'ACTIVE', 'PROCESSING', 'INACTIVE'] as const
const TYPES = Object.values(seedClubTypes)
const WORDS = [
  'Sport',
  'Musik',
  'Kultur',
  'Natur',
  'Jugend',
  'Eltern',
  'Tierschutz',
  'Feuerwehr',
  'Senioren',
  'Theater',
]
const TOWNS = [
  'Linz',
  'Graz',
  'Wels',
  'Steyr',
  'Krems',
  'Villach',
  'Leoben',
  'Baden',
  'Bregenz',
  'Dornbirn',
  'Hallein',
  'Zwettl',
]
const DONORS = [
  'Anna Mayer',
  'Josef Huber',
  'Maria Gruber',
  'Franz Wagner',
  'Eva Berger',
  'Karl Pichler',
  'Sophie Steiner',
  null,
]

export const benchState = (now: number, size: BenchSize): DemoData => {
  const seed = buildSeed(seedInstant(now))
  const prng = createPrng(0xbe7c4)
  const users = new Map<string, UserRecord>(seed.tables.users)
  const credentials = new Map<string, CredentialRecord>(seed.tables.credentials)
  const clubs = new Map<string, ClubRecord>(seed.tables.clubs)
  const memberships = new Map<string, MembershipRecord>(seed.tables.memberships)
  const donations = new Map<string, DonationRecord>(seed.tables.donations)
  const template = seed.tables.clubs.get('club-sv-gruenbach')!

  const added: string[] = []
  for (let i = clubs.size; i < size.clubs; i++) {
    const n = String(i).padStart(5, '0')
    const id = `bench-club-${n}`
    const uid = `bench-uid-${n}`
    const createdAt = isoInstant(now - prng.int(10, 1500) * DAY_MS)
    const name = `${prng.pick(WORDS)}verein ${prng.pick(TOWNS)} ${n}`
    users.set(uid, {
      uid,
      email: `vertretung-${n}@bench.demo.at`,
      firstName: 'Vera',
      lastName: `Vertretung ${n}`,
      role: 'ROLE_USER',
      emailVerified: true,
      phoneNumber: '',
      createdAt,
    })
    credentials.set(uid, { uid, passwordHash: SEED_PASSWORD_HASH, sessionsValidAfter: 0 })
    clubs.set(id, {
      ...template,
      id,
      profile: { ...template.profile, name, zvrNumber: String(1_000_000_000 + i), clubTypeId: prng.pick(TYPES) },
      status: prng.pick(STATUSES),
      isChecked: prng.chance(0.5),
      checkedAt: null,
      checkedBy: null,
      createdAt,
      updatedAt: createdAt,
    })
    memberships.set(`${id}:${uid}`, {
      id: `${id}:${uid}`,
      clubId: id,
      uid,
      clubRoleId: seedClubRoles.obmann,
      createdAt,
    })
    added.push(id)
  }
  for (let i = donations.size; i < size.donations && added.length > 0; i++) {
    const at = now - Math.floor(prng.next() * 700 * DAY_MS)
    const id = `bench-d${String(i).padStart(7, '0')}`
    donations.set(id, {
      id,
      clubId: prng.pick(added),
      campaignId: null,
      amountCents: prng.pick([500, 1000, 2000, 2500, 5000, 10000]),
      donorName: prng.pick(DONORS),
      message: null,
      at,
      day: viennaDay(at),
    })
  }
  // Keep the sort keys warm for the in-memory store, as a long-running server would have them.
  for (const club of clubs.values()) sortKey(club.profile.name)
  return { ...seed, tables: { ...seed.tables, users, credentials, clubs, memberships, donations } }
}
