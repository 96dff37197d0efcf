/** The seed's users (the demo accounts and generated ones), their credentials and club memberships. */
import type { Role } from '#openapi/generated/model/role.ts'
import { transliterateGerman } from '#checks/transliterate.ts'
import { daysAgo } from './seed-build.ts'
import type { SeedBuild } from './seed-build.ts'
import { FIRST_NAMES_FEMALE, FIRST_NAMES_MALE, LAST_NAMES, MAIL_DOMAINS } from './seed-data.ts'
import { SEED_PASSWORD_HASH, seedAccounts, seedClubRoles, seedClubs, seedInvitations } from './seed-accounts.ts'
import type { SeedAccountKey } from './seed-accounts.ts'
import type { UserRecord } from '#domain/records.ts'

export interface Person {
  firstName: string
  lastName: string
}

const MOBILE_PREFIXES = ['650', '660', '664', '676', '680', '699'] as const

/** "Jürgen" → "juergen": a name as the local part of an address. */
const mailName = (text: string): string => transliterateGerman(text.toLowerCase()).replace(/[^a-z0-9.-]+/g, '-')

export const phone = (build: SeedBuild): string =>
  `+43 ${build.prng.pick(MOBILE_PREFIXES)} ${build.prng.int(1_000_000, 9_999_999)}`

/** A user with the demo password (its precomputed hash). */
export const addUser = (build: SeedBuild, record: UserRecord): UserRecord => {
  build.users.set(record.uid, record)
  build.credentials.set(record.uid, { uid: record.uid, passwordHash: SEED_PASSWORD_HASH, sessionsValidAfter: 0 })
  build.usedEmails.add(record.email)
  return record
}

export const randomPerson = ({ prng }: SeedBuild): Person => ({
  firstName: prng.chance(0.5) ? prng.pick(FIRST_NAMES_FEMALE) : prng.pick(FIRST_NAMES_MALE),
  lastName: prng.pick(LAST_NAMES),
})

/** A user of a generated person, with a unique address built from the name. */
export const generatedUser = (
  build: SeedBuild,
  person: Person,
  createdDaysAgo: number,
  role: Role = 'ROLE_USER',
): UserRecord => {
  let email = `${mailName(person.firstName)}.${mailName(person.lastName)}@${build.prng.pick(MAIL_DOMAINS)}`
  for (let n = 2; build.usedEmails.has(email); n++) email = email.replace(/(\d*)@/, `${n}@`)
  return addUser(build, {
    uid: `uid-${build.prng.string(20)}`,
    email,
    firstName: person.firstName,
    lastName: person.lastName,
    role,
    emailVerified: true,
    phoneNumber: phone(build),
    createdAt: daysAgo(build, createdDaysAgo),
  })
}

const accountUser = (
  build: SeedBuild,
  key: SeedAccountKey,
  role: Role,
  createdDaysAgo: number,
  emailVerified = true,
): UserRecord => {
  const account = seedAccounts[key]
  return addUser(build, {
    ...account,
    role,
    emailVerified,
    phoneNumber: phone(build),
    createdAt: daysAgo(build, createdDaysAgo),
  })
}

/** The demo accounts of the README (seed-accounts.ts). */
export const buildSeedAccounts = (build: SeedBuild): void => {
  accountUser(build, 'admin', 'ROLE_ADMIN', 1200)
  accountUser(build, 'staff', 'ROLE_STAFF', 1000)
  accountUser(build, 'verein', 'ROLE_USER', 1100)
  accountUser(build, 'neu', 'ROLE_USER', 6)
  accountUser(build, 'unbestaetigt', 'ROLE_USER', 2, false)
  accountUser(build, 'freigabe', 'ROLE_USER', 14)
}

export const addMembership = (
  build: SeedBuild,
  clubId: string,
  uid: string,
  clubRoleId: string,
  createdAt: string,
): void => {
  const id = `${clubId}:${uid}`
  build.memberships.set(id, { id, clubId, uid, clubRoleId, createdAt })
}

/** The volume club's board beside its Obmann: the Kassierin (who accepted an invitation) and two more. */
export const buildVolumeBoard = (build: SeedBuild): UserRecord => {
  const volumeCreated = daysAgo(build, 1100)
  const kassierin = addUser(build, {
    uid: 'uid-kassierin-gruenbach',
    email: seedInvitations.used.email,
    firstName: 'Katharina',
    lastName: 'Kaiser',
    role: 'ROLE_USER',
    emailVerified: true,
    phoneNumber: phone(build),
    createdAt: daysAgo(build, 199),
  })
  addMembership(build, seedClubs.volume, kassierin.uid, seedClubRoles.kassier, daysAgo(build, 199))
  addMembership(
    build,
    seedClubs.volume,
    generatedUser(build, randomPerson(build), 900).uid,
    seedClubRoles.stellvertretung,
    volumeCreated,
  )
  addMembership(
    build,
    seedClubs.volume,
    generatedUser(build, randomPerson(build), 700).uid,
    seedClubRoles.mitglied,
    volumeCreated,
  )
  return kassierin
}
