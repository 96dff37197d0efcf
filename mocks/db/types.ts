/**
 * The mocked backend's tables. Records are immutable: a write replaces a record (and, inside a
 * transaction, the table that holds it), so a request that fails half-way leaves nothing behind and a
 * reset can hand out the cached seed without copying it.
 */
import type { Address } from '../../src/api/generated/query/model/address.ts'
import type { BankInfo } from '../../src/api/generated/query/model/bankInfo.ts'
import type { BillingAddress } from '../../src/api/generated/query/model/billingAddress.ts'
import type { ClubSize } from '../../src/api/generated/query/model/clubSize.ts'
import type { ClubStatus } from '../../src/api/generated/query/model/clubStatus.ts'
import type { DocumentLabel } from '../../src/api/generated/query/model/documentLabel.ts'
import type { ImageLabel } from '../../src/api/generated/query/model/imageLabel.ts'
import type { LegitimationContact } from '../../src/api/generated/query/model/legitimationContact.ts'
import type { LogoContentType } from '../../src/api/generated/query/model/logoContentType.ts'
import type { PaymentAccountStatus } from '../../src/api/generated/query/model/paymentAccountStatus.ts'
import type { PaymentRequirement } from '../../src/api/generated/query/model/paymentRequirement.ts'
import type { Role } from '../../src/api/generated/query/model/role.ts'

export interface UserRecord {
  readonly uid: string
  readonly email: string
  /** Plain text: this is a demo backend whose seed passwords are published anyway. */
  readonly password: string
  readonly firstName: string
  readonly lastName: string
  readonly role: Role
  readonly emailVerified: boolean
  readonly phoneNumber: string
  readonly createdAt: string
  /** ID tokens issued before this instant (epoch ms) are refused: set by a password change. */
  readonly sessionsValidAfter: number
}

export interface ClubTypeRecord {
  readonly id: string
  readonly name: string
  readonly createdAt: string
}

export interface ClubRoleRecord {
  readonly id: string
  readonly name: string
  readonly createdAt: string
}

export interface MembershipRecord {
  /** `<clubId>:<uid>`: one membership per person and club. */
  readonly id: string
  readonly clubId: string
  readonly uid: string
  readonly clubRoleId: string
  readonly createdAt: string
}

export interface InvitationRecord {
  readonly id: string
  readonly token: string
  readonly clubId: string
  readonly email: string
  readonly clubRoleId: string
  readonly invitedBy: string | null
  readonly createdAt: string
  readonly expiresAt: string
  readonly usedAt: string | null
  readonly usedBy: string | null
}

export interface ClubProfileRecord {
  readonly name: string
  readonly zvrNumber: string
  readonly vatNumber: string
  readonly donationNumber: string
  readonly description: string
  readonly shortDescription: string
  readonly address: Readonly<Address>
  readonly bankInfo: Readonly<BankInfo>
  readonly billingAddress: Readonly<BillingAddress>
  readonly legitimation: Readonly<LegitimationContact>
  readonly clubTypeId: string
  readonly clubSize: ClubSize | null
}

export interface ClubRecord {
  readonly id: string
  readonly profile: ClubProfileRecord
  readonly status: ClubStatus
  readonly isChecked: boolean
  readonly checkedAt: string | null
  readonly checkedBy: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

export type FileLabel = ImageLabel | DocumentLabel
export type FileKind = 'IMAGE' | 'DOCUMENT'

export interface FileRecord {
  readonly id: string
  readonly clubId: string
  readonly kind: FileKind
  readonly label: FileLabel
  readonly name: string
  readonly path: string
  readonly contentType: string
  readonly size: number
  readonly uploadedAt: string
}

export interface CampaignRecord {
  readonly documentId: string
  readonly clubId: string
  readonly name: string
  readonly description: string
  readonly goalCents: number
  readonly amountCents: number
  readonly minimumDonationCents: number
  readonly date: string
  readonly time: string
  readonly from: string
  readonly to: string
  readonly enabled: boolean
  readonly createdAt: string
  readonly updatedAt: string
}

export interface DonationRecord {
  readonly id: string
  readonly clubId: string
  readonly campaignId: string | null
  readonly amountCents: number
  readonly donorName: string | null
  readonly message: string | null
  /** When, in epoch milliseconds (the response's `donatedAt` is derived from it). */
  readonly at: number
  /** The Vienna calendar day as `YYYY-MM-DD`, which filters and charts use. */
  readonly day: string
}

export interface PaymentAccountRecord {
  readonly accountId: string
  readonly clubId: string
  readonly status: PaymentAccountStatus
  readonly chargesEnabled: boolean
  readonly payoutsEnabled: boolean
  readonly requirements: readonly PaymentRequirement[]
  readonly rejectReason: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

export interface OnboardingLinkRecord {
  readonly id: string
  readonly accountId: string
  readonly clubId: string
  /** Where the simulated provider sends the user back to (the app's origin). */
  readonly returnOrigin: string
  readonly createdAt: string
  readonly expiresAt: string
  readonly usedAt: string | null
}

export interface AppLogoRecord {
  readonly id: string
  readonly name: string
  readonly path: string
  readonly contentType: LogoContentType
  readonly size: number
  readonly uploadedAt: string
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

export type MailKind = 'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'INVITATION'

export interface MailRecord {
  readonly id: string
  readonly to: string
  readonly kind: MailKind
  readonly subject: string
  readonly text: string
  readonly link: string
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
}

export type TableName = keyof Tables
export type RecordOf<T extends TableName> = Tables[T] extends ReadonlyMap<string, infer R> ? R : never

export interface Singletons {
  readonly appLogo: AppLogoRecord | null
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
]

export const DEFAULT_FAULTS: Faults = { delayMs: 0, failures: [], tokenLifetimeSeconds: 3600 }
