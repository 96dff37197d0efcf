/**
 * What the seed's builders (seed-users.ts, seed-clubs.ts, seed-campaigns.ts, seed-donations.ts,
 * seed-invitations.ts) share while seed.ts builds one seed: the instant, the tables they fill and the one
 * PRNG. Every builder draws from that PRNG, so the seed is the same only if they run in the same order:
 * seed.ts's `generate` is that order, and seed.test.ts pins the result.
 */
import { DAY_MS, isoInstant, viennaDay } from '#domain/time.ts'
import { createPrng } from './prng.ts'
import type { Prng } from './prng.ts'
import type {
  AuditEntryRecord,
  CampaignRecord,
  ClubRecord,
  FileRecord,
  InvitationRecord,
  MembershipRecord,
  OnboardingLinkRecord,
  PaymentAccountRecord,
  UserRecord,
} from '#domain/records.ts'
import type { CredentialRecord } from '#adapters/offline-identity/offline-identity.ts'
import type { DonationJob } from './seed-donations.ts'

export interface SeedBuild {
  /** The instant the seed is built for: everything is dated relative to it. */
  readonly seedAt: number
  readonly prng: Prng
  readonly users: Map<string, UserRecord>
  readonly credentials: Map<string, CredentialRecord>
  readonly clubs: Map<string, ClubRecord>
  readonly memberships: Map<string, MembershipRecord>
  readonly invitations: Map<string, InvitationRecord>
  readonly files: Map<string, FileRecord>
  readonly campaigns: Map<string, CampaignRecord>
  readonly paymentAccounts: Map<string, PaymentAccountRecord>
  readonly onboardingLinks: Map<string, OnboardingLinkRecord>
  /** In any order: the seed sorts them by time at the end. */
  readonly auditEntries: AuditEntryRecord[]
  /** What each club's generated donations are derived from (built on first read, seed-donations.ts). */
  readonly donationJobs: DonationJob[]
  /** Addresses taken, so generated users get unique ones. */
  readonly usedEmails: Set<string>
  /** Running numbers across clubs: file ids, ZVR numbers, the campaign state pattern. */
  readonly counters: { file: number; zvr: number; campaignPattern: number }
}

export const newSeedBuild = (seedAt: number): SeedBuild => ({
  seedAt,
  prng: createPrng(0x5eed2026),
  users: new Map(),
  credentials: new Map(),
  clubs: new Map(),
  memberships: new Map(),
  invitations: new Map(),
  files: new Map(),
  campaigns: new Map(),
  paymentAccounts: new Map(),
  onboardingLinks: new Map(),
  auditEntries: [],
  donationJobs: [],
  usedEmails: new Set(),
  counters: { file: 0, zvr: 100_000_000, campaignPattern: 0 },
})

/** The instant `days` days before the seed's, as stored. */
export const daysAgo = (build: SeedBuild, days: number): string => isoInstant(build.seedAt - days * DAY_MS)

/** The Vienna day `days` days after the seed's (negative: before). */
export const dayOffset = (build: SeedBuild, days: number): string => viennaDay(build.seedAt + days * DAY_MS)
