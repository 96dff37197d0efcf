/**
 * Builds the demo seed (DemoData, demo-data.ts): deterministic (a fixed PRNG seed) and relative to the instant it is built
 * for, so "this month" and running campaigns always exist. The instant is the current hour, and builds
 * are cached by it: Vitest reseeds before every test, and within an hour that costs nothing.
 *
 * One builder per entity, in sibling files: users and memberships (seed-users.ts), clubs with their files,
 * board and payment account (seed-clubs.ts), campaigns (seed-campaigns.ts), donations (seed-donations.ts),
 * invitations and onboarding links (seed-invitations.ts), the tax data (seed-tax.ts: fixed records, no
 * draws), the receipt data (seed-receipts.ts: fixed records, no draws), the German club (seed-german-club.ts:
 * fixed records, no draws, built last). They share one PRNG
 * (seed-build.ts), so `generate` below is also the order of its draws: changing it changes the seed.
 */
import { DEFAULT_GLOBALS } from '#domain/globals.ts'
import { HOUR_MS } from '#domain/time.ts'
import { daysAgo, newSeedBuild } from './seed-build.ts'
import { buildClub, buildClubRoles, buildClubTypes } from './seed-clubs.ts'
import { lazyDonations } from './seed-donations.ts'
import { buildInvitations, buildOnboardingLinks } from './seed-invitations.ts'
import { buildGermanClubSeed } from './seed-german-club.ts'
import { buildReceiptSeed } from './seed-receipts.ts'
import { buildTaxSeed } from './seed-tax.ts'
import { CLUBS, SEED_FILES } from './seed-data.ts'
import { seedAppLogoId } from './seed-accounts.ts'
import { buildSeedAccounts, buildVolumeBoard } from './seed-users.ts'
import type { DemoData } from './demo-data.ts'

export { SEED_DONATION_PREFIX, isUnreadSeedDonations } from './seed-donations.ts'
export { expiredOnboardingLinkId } from './seed-invitations.ts'

/** Bump when the seed's shape changes, so persisted browser state from an older seed is dropped. */
export const SEED_VERSION = 3

/** The seed's anchor for `now`: the start of the current hour. */
export const seedInstant = (now: number): number => Math.floor(now / HOUR_MS) * HOUR_MS

const cache = new Map<number, DemoData>()

export const buildSeed = (seedAt: number): DemoData => {
  let data = cache.get(seedAt)
  if (!data) {
    data = generate(seedAt)
    // A long-running dev server crosses hours; keep only the latest few builds.
    if (cache.size > 3) cache.delete(cache.keys().next().value!)
    cache.set(seedAt, data)
  }
  return data
}

const generate = (seedAt: number): DemoData => {
  const build = newSeedBuild(seedAt)
  const clubTypes = buildClubTypes(build)
  const clubRoles = buildClubRoles(build)
  buildSeedAccounts(build)
  for (const [clubIndex, club] of CLUBS.entries()) buildClub(build, club, clubIndex)
  const kassierin = buildVolumeBoard(build)
  buildInvitations(build, kassierin.uid)
  buildOnboardingLinks(build)
  const tax = buildTaxSeed(build)
  const receipts = buildReceiptSeed(build)
  const german = buildGermanClubSeed(build)

  return {
    tables: {
      users: build.users,
      credentials: build.credentials,
      clubTypes,
      clubRoles,
      memberships: build.memberships,
      invitations: build.invitations,
      clubs: build.clubs,
      files: build.files,
      campaigns: build.campaigns,
      donations: lazyDonations(seedAt, build.donationJobs, [
        ...tax.donations,
        ...receipts.donations,
        ...german.donations,
      ]),
      paymentAccounts: build.paymentAccounts,
      onboardingLinks: build.onboardingLinks,
      // Appended oldest first, as the backend appends them.
      auditLog: new Map(
        build.auditEntries
          .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : 1))
          .map((entry) => [entry.id, entry]),
      ),
      taxStatus: tax.status,
      taxDonors: tax.donors,
      taxConsents: tax.consents,
      receiptSettings: new Map([...receipts.settings, ...german.settings]),
    },
    appLogo: { id: seedAppLogoId, ...SEED_FILES.appLogo, uploadedAt: daysAgo(build, 1150) },
    globals: DEFAULT_GLOBALS,
    seedAt,
  }
}
