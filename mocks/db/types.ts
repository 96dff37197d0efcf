/**
 * The mocked backend's tables: the domain's records (domain/records.ts) plus what the offline identity
 * provider, the mailbox and the control plane keep. Records are immutable: a write replaces a record
 * (and, inside a transaction, the table that holds it), so a request that fails half-way leaves nothing
 * behind and a reset can hand out the cached seed without copying it.
 */
import type {
  AppLogoRecord,
  AuditEntryRecord,
  CampaignRecord,
  ClubRecord,
  ClubRoleRecord,
  ClubTypeRecord,
  DonationRecord,
  FileRecord,
  InvitationRecord,
  MembershipRecord,
  OnboardingLinkRecord,
  OutgoingMail,
  PaymentAccountRecord,
  UserRecord,
} from '#domain/records.ts'
import type { Globals } from '#openapi/generated/model/globals.ts'

export type {
  AppLogoRecord,
  AuditEntryRecord,
  BankReviewRecord,
  CampaignRecord,
  ClubProfileRecord,
  ClubRecord,
  ClubRoleRecord,
  ClubTypeRecord,
  DonationRecord,
  FileKind,
  FileLabel,
  FileRecord,
  InvitationRecord,
  MailKind,
  MembershipRecord,
  OnboardingLinkRecord,
  PaymentAccountRecord,
  UserRecord,
} from '#domain/records.ts'

/** The offline identity provider's side of an account (Firebase keeps this in its own store). */
export interface CredentialRecord {
  readonly uid: string
  /** The password's scrypt hash (mocks/identity/passwords.ts); the password itself is never kept. */
  readonly passwordHash: string
  /** ID tokens issued before this instant (epoch ms) are refused: set by a password change. */
  readonly sessionsValidAfter: number
}

export interface RefreshTokenRecord {
  readonly token: string
  readonly uid: string
  /** When the user signed in (seconds): refreshed ID tokens keep it as `auth_time`. */
  readonly authTime: number
  readonly createdAt: string
}

export type OobKind = 'VERIFY_EMAIL' | 'PASSWORD_RESET'

export interface OobCodeRecord {
  readonly code: string
  readonly kind: OobKind
  readonly uid: string
  readonly email: string
  readonly expiresAt: string
  readonly usedAt: string | null
}

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

export interface Tables {
  readonly users: ReadonlyMap<string, UserRecord>
  readonly credentials: ReadonlyMap<string, CredentialRecord>
  readonly clubTypes: ReadonlyMap<string, ClubTypeRecord>
  readonly clubRoles: ReadonlyMap<string, ClubRoleRecord>
  readonly memberships: ReadonlyMap<string, MembershipRecord>
  readonly invitations: ReadonlyMap<string, InvitationRecord>
  readonly clubs: ReadonlyMap<string, ClubRecord>
  readonly files: ReadonlyMap<string, FileRecord>
  readonly campaigns: ReadonlyMap<string, CampaignRecord>
  readonly donations: ReadonlyMap<string, DonationRecord>
  readonly paymentAccounts: ReadonlyMap<string, PaymentAccountRecord>
  readonly onboardingLinks: ReadonlyMap<string, OnboardingLinkRecord>
  readonly refreshTokens: ReadonlyMap<string, RefreshTokenRecord>
  readonly oobCodes: ReadonlyMap<string, OobCodeRecord>
  readonly mails: ReadonlyMap<string, MailRecord>
  /** In the order appended (a Map keeps insertion order, also through copies and persistence). */
  readonly auditLog: ReadonlyMap<string, AuditEntryRecord>
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
  'refreshTokens',
  'oobCodes',
  'mails',
  'auditLog',
]

export const DEFAULT_FAULTS: Faults = { delayMs: 0, failures: [], tokenLifetimeSeconds: 3600 }
