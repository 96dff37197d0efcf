/**
 * Versioned migrations, one per file, applied in order on start: Kysely's Migrator records them by name in
 * `kysely_migration` and takes a lock, so several server processes starting at once apply each once. A
 * migration is never edited after it has shipped (databases have recorded its name); a change is a new
 * file, added here under its file name. Each runs its statements one by one: both drivers send queries
 * through the extended protocol, which takes one statement at a time.
 */
import type { Migration, MigrationProvider } from 'kysely/migration'
import * as initial from './0001-initial.ts'
import * as aggregates from './0002-aggregates.ts'
import * as mailDelivery from './0003-mail-delivery.ts'
import * as fileBlobs from './0004-file-blobs.ts'
import * as clubZvrUnique from './0005-club-zvr-unique.ts'
import * as invitationStates from './0006-invitation-states.ts'
import * as bankReviewAndAuditLog from './0007-bank-review-and-audit-log.ts'
import * as clubRoleRights from './0008-club-role-rights.ts'
import * as cardPayments from './0009-card-payments.ts'
import * as sharedProcesses from './0010-shared-processes.ts'
import * as identityPendingAccounts from './0011-identity-pending-accounts.ts'
import * as tax from './0012-tax.ts'
import * as requestIds from './0013-request-ids.ts'
import * as receipts from './0014-receipts.ts'
import * as receiptLinks from './0015-receipt-links.ts'

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '0001-initial': initial,
  '0002-aggregates': aggregates,
  '0003-mail-delivery': mailDelivery,
  '0004-file-blobs': fileBlobs,
  '0005-club-zvr-unique': clubZvrUnique,
  '0006-invitation-states': invitationStates,
  '0007-bank-review-and-audit-log': bankReviewAndAuditLog,
  '0008-club-role-rights': clubRoleRights,
  '0009-card-payments': cardPayments,
  '0010-shared-processes': sharedProcesses,
  '0011-identity-pending-accounts': identityPendingAccounts,
  '0012-tax': tax,
  '0013-request-ids': requestIds,
  '0014-receipts': receipts,
  '0015-receipt-links': receiptLinks,
}

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => ({ ...MIGRATIONS }),
}
