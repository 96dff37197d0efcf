/**
 * The demo seed in the database: the same clubs, accounts and the club with more than 10 000 donations
 * as the mocked backend (adapters/demo-seed builds them; this writes them), loaded into an empty database
 * (`npm run server:seed`, or `npm run server -- --demo` on first start).
 *
 * After loading, the seeded tables are copied into the schema `seed_snapshot`, from which the test hook
 * `POST /__mock/reset` restores them (server/db/seed-snapshot.ts).
 */
import { sql } from 'kysely'
import { buildSeed, seedInstant } from '#adapters/demo-seed/seed.ts'
import { SEED_PASSWORD } from '#adapters/demo-seed/seed-accounts.ts'
import type { DemoData } from '#adapters/demo-seed/demo-data.ts'
import type { OpenDatabase, Trx } from './database.ts'
import type { Database, NewRow } from './schema.ts'
import { takeSnapshot } from './seed-snapshot.ts'
import { appLogoRow } from './repositories/app-logo.ts'
import { auditRow } from './repositories/audit-log.ts'
import { campaignRow } from './repositories/campaigns.ts'
import { clubRow } from './repositories/clubs.ts'
import { donationRow } from './repositories/donations.ts'
import { fileRow } from './repositories/files.ts'
import { hashPassword } from './repositories/identity.ts'
import { invitationRow } from './repositories/invitations.ts'
import { membershipRow } from './repositories/memberships.ts'
import { clubRoleRow, namedRow } from './repositories/named-catalogues.ts'
import { linkRow } from './repositories/onboarding-links.ts'
import { accountRow } from './repositories/payment-accounts.ts'
import { receiptSettingsRow } from './repositories/receipts.ts'
import { clubTaxRow, taxConsentRow, taxDonorRow } from './repositories/tax.ts'
import { userRow } from './repositories/users.ts'

/** Rows per INSERT: well below PostgreSQL's 65 535 parameters for the widest table. */
const BATCH = 1000

const insertAll = async <T extends keyof Database>(trx: Trx, table: T, rows: readonly NewRow<T>[]) => {
  for (let i = 0; i < rows.length; i += BATCH) {
    // Kysely's insert types are per table; the rows were built for this one.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + BATCH))
      .execute()
  }
}

export const isEmpty = async (database: OpenDatabase): Promise<boolean> =>
  database.transaction(async (trx) => (await trx.selectFrom('users').select('uid').limit(1).execute()).length === 0)

export interface SeedSummary {
  clubs: number
  users: number
  donations: number
}

/** Loads the demo seed built for `now` into an empty database and snapshots it. */
export const loadDemoSeed = async (database: OpenDatabase, now: number): Promise<SeedSummary> =>
  loadDemoData(database, buildSeed(seedInstant(now)))

/**
 * Writes the demo seed (or a larger state built from it, for benchmarks) into an empty database, every
 * account with the demo password, and snapshots it.
 */
export const loadDemoData = async (database: OpenDatabase, { tables, appLogo }: DemoData): Promise<SeedSummary> => {
  if (!(await isEmpty(database)))
    throw new Error('The database is not empty: the demo seed is loaded only into an empty database.')
  // One hash for the one published demo password (hashing it per account would take seconds).
  const passwordHash = await hashPassword(SEED_PASSWORD)
  const donations = [...tables.donations.values()]
  await database.transaction(async (trx) => {
    await insertAll(trx, 'club_types', [...tables.clubTypes.values()].map(namedRow))
    await insertAll(trx, 'club_roles', [...tables.clubRoles.values()].map(clubRoleRow))
    await insertAll(trx, 'users', [...tables.users.values()].map(userRow))
    await insertAll(
      trx,
      'identity_credentials',
      [...tables.users.values()].map((user) => ({
        uid: user.uid,
        password_hash: passwordHash,
        sessions_valid_after: 0,
      })),
    )
    await insertAll(trx, 'clubs', [...tables.clubs.values()].map(clubRow))
    await insertAll(trx, 'memberships', [...tables.memberships.values()].map(membershipRow))
    await insertAll(trx, 'invitations', [...tables.invitations.values()].map(invitationRow))
    await insertAll(trx, 'files', [...tables.files.values()].map(fileRow))
    await insertAll(trx, 'campaigns', [...tables.campaigns.values()].map(campaignRow))
    // Before the donations, which name their donors and consents.
    const donors = [...tables.taxDonors.values()]
    await insertAll(
      trx,
      'club_tax',
      [...tables.taxStatus.values()].map((status) =>
        // The counter continues after the seed's donors of the club.
        clubTaxRow(
          status,
          donors.reduce((next, donor) => (donor.clubId === status.clubId ? Math.max(next, donor.number + 1) : next), 1),
        ),
      ),
    )
    await insertAll(trx, 'tax_donors', donors.map(taxDonorRow))
    await insertAll(trx, 'tax_consents', [...tables.taxConsents.values()].map(taxConsentRow))
    await insertAll(trx, 'donations', donations.map(donationRow))
    // No receipts are seeded: each club's counter starts at 1.
    await insertAll(
      trx,
      'receipt_settings',
      [...tables.receiptSettings.values()].map((settings) => receiptSettingsRow(settings, 1)),
    )
    await insertAll(trx, 'payment_accounts', [...tables.paymentAccounts.values()].map(accountRow))
    await insertAll(trx, 'onboarding_links', [...tables.onboardingLinks.values()].map(linkRow))
    // In the order appended (oldest first), so the sequence reads them back newest first.
    await insertAll(trx, 'audit_log', [...tables.auditLog.values()].map(auditRow))
    if (appLogo) await trx.insertInto('app_logo').values(appLogoRow(appLogo)).execute()
  })
  // Fresh statistics, so the planner uses the indexes from the first request on.
  await database.transaction(async (trx) => {
    await sql`ANALYZE`.execute(trx)
  })
  await takeSnapshot(database)
  return { clubs: tables.clubs.size, users: tables.users.size, donations: donations.length }
}
