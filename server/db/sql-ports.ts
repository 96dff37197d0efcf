/**
 * The domain's ports (domain/ports.ts) over PostgreSQL through Kysely, inside one transaction: one
 * repository per table in server/db/repositories/ (storage, lookups, paging, sorting and sums in SQL; no
 * business rule), put together here. The orders are the ones the ports document (the same domain suite
 * runs against the in-memory adapters and these).
 */
import type { PaymentProvider } from '#domain/payment-provider.ts'
import type { FileBlobs, IdGenerator, IdentityProvider, Ports } from '#domain/ports.ts'
import type { ReceiptRenderer } from '#domain/receipt-document.ts'
import { outboxMailer } from '#server/mail/outbox.ts'
import type { Trx } from './database.ts'
import { appLogoRepository } from './repositories/app-logo.ts'
import { auditLog } from './repositories/audit-log.ts'
import { campaignRepository } from './repositories/campaigns.ts'
import { checkoutRepository } from './repositories/checkouts.ts'
import { clubRepository } from './repositories/clubs.ts'
import { donationRepository } from './repositories/donations.ts'
import { fileRepository } from './repositories/files.ts'
import { invitationRepository } from './repositories/invitations.ts'
import { membershipRepository } from './repositories/memberships.ts'
import { clubRoleCatalogue, clubTypeCatalogue } from './repositories/named-catalogues.ts'
import { onboardingLinkRepository } from './repositories/onboarding-links.ts'
import { paymentAccountRepository } from './repositories/payment-accounts.ts'
import { paymentEventLog } from './repositories/payment-events.ts'
import { receiptRepository } from './repositories/receipts.ts'
import { globalsRepository } from './repositories/settings.ts'
import { taxRepository } from './repositories/tax.ts'
import { untracked, userRepository } from './repositories/users.ts'
import type { UserTouched } from './repositories/users.ts'

export interface SqlPortsOptions {
  now: () => number
  ids: IdGenerator
  /** The card provider's checkouts, refunds and signed events (Stripe Connect, or the simulated provider). */
  payments: PaymentProvider
  /** The identity provider, given the transaction (the local one keeps its accounts in the same database). */
  identity: (trx: Trx) => IdentityProvider
  /** The uploaded files' bytes (server/files: rows here, bytes on disk), given the transaction. */
  fileBlobs: (trx: Trx) => FileBlobs
  /** Makes receipts' PDFs (adapters/receipt-pdf/: pdfkit). */
  receiptRenderer: ReceiptRenderer
  /** Hears of users whose role or memberships were written (Firebase custom claims); absent: nobody. */
  userTouched?: UserTouched
}

export const sqlPorts = (trx: Trx, options: SqlPortsOptions): Ports => ({
  users: userRepository(trx, options.userTouched),
  memberships: membershipRepository(trx, options.userTouched ?? untracked),
  invitations: invitationRepository(trx),
  clubs: clubRepository(trx),
  files: fileRepository(trx),
  campaigns: campaignRepository(trx),
  donations: donationRepository(trx),
  paymentAccounts: paymentAccountRepository(trx),
  onboardingLinks: onboardingLinkRepository(trx),
  checkouts: checkoutRepository(trx),
  paymentEvents: paymentEventLog(trx),
  tax: taxRepository(trx),
  receipts: receiptRepository(trx),
  receiptRenderer: options.receiptRenderer,
  clubTypes: clubTypeCatalogue(trx),
  clubRoles: clubRoleCatalogue(trx),
  appLogo: appLogoRepository(trx),
  audit: auditLog(trx),
  fileBlobs: options.fileBlobs(trx),
  globals: globalsRepository(trx),
  mailer: outboxMailer(trx, options.now, options.ids),
  identity: options.identity(trx),
  payments: options.payments,
  ids: options.ids,
})
