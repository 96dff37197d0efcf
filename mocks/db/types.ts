/**
 * The mocked backend's tables: the demo seed's (adapters/demo-seed/demo-data.ts: the domain's records and
 * the offline identity's credentials) plus what only the mocked backend keeps: the offline identity's
 * refresh tokens and action codes, the mailbox, and the control plane's faults and settings. Records are
 * immutable: a write replaces a record (and, inside a transaction, the table that holds it), so a request
 * that fails half-way leaves nothing behind and a reset can hand out the cached seed without copying it.
 */
import type {
  AppLogoRecord,
  CheckoutRecord,
  OutgoingMail,
  PaymentEventRecord,
  ReceiptRecord,
  TaxTransmissionRecord,
} from '#domain/records.ts'
import type { Globals } from '#openapi/generated/model/globals.ts'
import type { DemoTables } from '#adapters/demo-seed/demo-data.ts'
import type { ActionCodeRecord, RefreshTokenRecord } from '#adapters/offline-identity/offline-identity.ts'

export interface MailRecord extends OutgoingMail {
  readonly id: string
  readonly sentAt: string
  /** Insertion order, so "newest first" is stable when two mails share a second. */
  readonly sequence: number
}

export interface FailureRule {
  readonly operationId: string
  readonly status: number
  /** How many more requests fail; null for every one. */
  readonly remaining: number | null
}

export interface Faults {
  readonly delayMs: number
  readonly failures: readonly FailureRule[]
  readonly tokenLifetimeSeconds: number
}

export interface Settings {
  /** When set, Firebase Auth emulator tokens of this project are accepted (matched to users by e-mail). */
  readonly firebaseEmulatorProject: string | null
}

/**
 * The last donor number a club gave (TaxRepository.nextDonorNumber), by club id. A club without one (the
 * seed's, or before its first call) continues after its highest donor number.
 */
export interface TaxDonorNumberRecord {
  readonly clubId: string
  readonly last: number
}

/**
 * A donation an issued receipt covers, by donation id (ReceiptRepository.insert locks it, withdraw frees
 * it): at most one receipt per donation, as PostgreSQL's `receipt_donation_locks` keeps it.
 */
export interface ReceiptLockRecord {
  readonly donationId: string
  readonly receiptId: string
  readonly clubId: string
}

/** The last receipt number a club gave (ReceiptRepository.nextSequence), by club id. */
export interface ReceiptSequenceRecord {
  readonly clubId: string
  readonly last: number
}

export interface Tables extends DemoTables {
  readonly checkouts: ReadonlyMap<string, CheckoutRecord>
  readonly paymentEvents: ReadonlyMap<string, PaymentEventRecord>
  readonly taxTransmissions: ReadonlyMap<string, TaxTransmissionRecord>
  readonly taxDonorNumbers: ReadonlyMap<string, TaxDonorNumberRecord>
  readonly receipts: ReadonlyMap<string, ReceiptRecord>
  readonly receiptLocks: ReadonlyMap<string, ReceiptLockRecord>
  readonly receiptSequences: ReadonlyMap<string, ReceiptSequenceRecord>
  readonly refreshTokens: ReadonlyMap<string, RefreshTokenRecord>
  readonly oobCodes: ReadonlyMap<string, ActionCodeRecord>
  readonly mails: ReadonlyMap<string, MailRecord>
}

export type TableName = keyof Tables
export type RecordOf<T extends TableName> = Tables[T] extends ReadonlyMap<string, infer R> ? R : never

export interface Singletons {
  readonly appLogo: AppLogoRecord | null
  readonly globals: Globals
  readonly faults: Faults
  readonly settings: Settings
  /** The instant the seed was built from; generated donations are re-derived from it. */
  readonly seedAt: number
  readonly mailSequence: number
}

export type SingletonName = keyof Singletons

export interface DbState {
  readonly tables: Tables
  readonly singletons: Singletons
}

export const TABLE_NAMES: readonly TableName[] = [
  'users',
  'credentials',
  'clubTypes',
  'clubRoles',
  'memberships',
  'invitations',
  'clubs',
  'files',
  'campaigns',
  'donations',
  'paymentAccounts',
  'onboardingLinks',
  'checkouts',
  'paymentEvents',
  'refreshTokens',
  'oobCodes',
  'mails',
  'auditLog',
  'taxStatus',
  'taxDonors',
  'taxConsents',
  'taxTransmissions',
  'taxDonorNumbers',
  'receipts',
  'receiptLocks',
  'receiptSequences',
  'receiptSettings',
]

/**
 * Tables a state saved by an earlier version lacks: restored as the seed has them (empty when the seed has
 * none of its own) instead of dropping the state. The seed's donations, rebuilt on load, point at the
 * seed's tax donors and consents, so those come back with them; so do the seed's receipt settings.
 */
export const TABLES_ADDED_LATER: ReadonlySet<TableName> = new Set([
  'checkouts',
  'paymentEvents',
  'taxStatus',
  'taxDonors',
  'taxConsents',
  'taxTransmissions',
  'taxDonorNumbers',
  'receipts',
  'receiptLocks',
  'receiptSequences',
  'receiptSettings',
])

export const DEFAULT_FAULTS: Faults = { delayMs: 0, failures: [], tokenLifetimeSeconds: 3600 }
