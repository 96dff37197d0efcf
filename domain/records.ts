/**
 * The records the domain reads and writes through its ports (domain/ports.ts). Plain immutable values:
 * a change is a new record handed to a repository's `update`. Instants are ISO strings (`isoInstant`),
 * calendar days `YYYY-MM-DD` (Vienna), money integer cents.
 */
import type { Address } from '#openapi/generated/model/address.ts'
import type { AuditAction } from '#openapi/generated/model/auditAction.ts'
import type { AuditChange } from '#openapi/generated/model/auditChange.ts'
import type { BankInfo } from '#openapi/generated/model/bankInfo.ts'
import type { BillingAddress } from '#openapi/generated/model/billingAddress.ts'
import type { ClubSize } from '#openapi/generated/model/clubSize.ts'
import type { ClubStatus } from '#openapi/generated/model/clubStatus.ts'
import type { DocumentLabel } from '#openapi/generated/model/documentLabel.ts'
import type { ImageLabel } from '#openapi/generated/model/imageLabel.ts'
import type { LegitimationContact } from '#openapi/generated/model/legitimationContact.ts'
import type { LogoContentType } from '#openapi/generated/model/logoContentType.ts'
import type { PaymentAccountStatus } from '#openapi/generated/model/paymentAccountStatus.ts'
import type { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import type { Role } from '#openapi/generated/model/role.ts'

/** A person's portal record. Credentials belong to the identity provider, never to this record. */
export interface UserRecord {
  readonly uid: string
  /** Lower case (`normalizeEmail`); unique. */
  readonly email: string
  readonly firstName: string
  readonly lastName: string
  readonly role: Role
  readonly emailVerified: boolean
  readonly phoneNumber: string
  readonly createdAt: string
}

/** An entry of a named catalogue (domain/named-catalogue.ts): a club type or a club role. */
export interface NamedRecord {
  readonly id: string
  /** Unique without regard to case. */
  readonly name: string
  readonly createdAt: string
}

export type ClubTypeRecord = NamedRecord

/** A club role and the rights it gives its holders inside their club (domain/club-rights.ts). */
export interface ClubRoleRecord extends NamedRecord {
  /** May change the club's bank details, start the card-provider onboarding and refund. */
  readonly manageMoney: boolean
  /** May invite, remove, give other club roles, withdraw and resend invitations. */
  readonly manageMembers: boolean
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
  /** When a newer invitation to the same address and club (or this one sent again) took its place. */
  readonly replacedAt: string | null
  /** When the club withdrew it. */
  readonly withdrawnAt: string | null
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

/**
 * New payout details (IBAN or account holder) of a club that is active or has a live card-provider
 * account, waiting for an administrator's confirmation (domain/bank-review.ts). IBANs only masked.
 */
export interface BankReviewRecord {
  /** The IBAN confirmed last ('' when there was none). */
  readonly previousIbanMasked: string
  readonly newIbanMasked: string
  readonly changedAt: string
  /** Who changed them (their uid; the name below stays when the user is deleted later). */
  readonly changedBy: string | null
  readonly changedByName: string
}

export interface ClubRecord {
  readonly id: string
  readonly profile: ClubProfileRecord
  readonly status: ClubStatus
  readonly isChecked: boolean
  readonly checkedAt: string | null
  readonly checkedBy: string | null
  /** Pending confirmation of changed payout details; null when there is none. */
  readonly bankReview: BankReviewRecord | null
  /** Why and when an administrator deactivated the club; null unless it is INACTIVE. */
  readonly deactivationReason: string | null
  readonly deactivatedAt: string | null
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
  /** How it was paid by card; absent for donations that came another way (the seed's, imported ones). */
  readonly payment?: DonationPayment
}

/** What a donation adds to the totals: what was paid and not given back (refunded, or lost in a dispute). */
export const countedCents = (donation: DonationRecord): number =>
  donation.payment === undefined
    ? donation.amountCents
    : donation.payment.dispute === 'LOST'
      ? 0
      : donation.amountCents - donation.payment.refundedCents

export type DisputeState = 'OPEN' | 'WON' | 'LOST'

/** A card donation as the provider's events left it. */
export interface DonationPayment {
  readonly checkoutId: string
  readonly paymentIntentId: string
  /** What the provider has refunded so far (its running total, so events may come in any order). */
  readonly refundedCents: number
  readonly dispute: DisputeState | null
  /** When the provider created the dispute event applied last (epoch ms): an older one changes nothing. */
  readonly disputeEventAt: number | null
}

export type CheckoutState = 'OPEN' | 'PAID' | 'FAILED' | 'EXPIRED'

/** A donor's way to the provider's hosted checkout, from the form to a paid donation (or none). */
export interface CheckoutRecord {
  /** Unguessable: the thank-you page's link carries it. */
  readonly id: string
  readonly campaignId: string
  readonly clubId: string
  readonly accountId: string
  /** The provider's id of the hosted checkout; null until the provider has made it. */
  readonly sessionId: string | null
  readonly amountCents: number
  readonly donorName: string | null
  readonly email: string
  readonly message: string | null
  readonly state: CheckoutState
  /** The donation the paid checkout became. */
  readonly donationId: string | null
  readonly createdAt: string
  readonly expiresAt: string
  readonly updatedAt: string
}

/** A provider event the portal has applied: a second delivery of the same id changes nothing. */
export interface PaymentEventRecord {
  readonly id: string
  readonly type: string
  readonly accountId: string | null
  /** When the provider created it (epoch ms). */
  readonly createdAt: number
  readonly receivedAt: string
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
  /** When the provider created the `account.updated` event applied last (epoch ms); null before the first. */
  readonly providerEventAt?: number | null
}

export interface OnboardingLinkRecord {
  readonly id: string
  readonly accountId: string
  readonly clubId: string
  /** Where the provider sends the user back to (the app's origin). */
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

/** A person as an audit entry keeps them: as they were at the time. */
export interface AuditPersonRecord {
  /** Null for a person the portal never had a user for (not used yet; kept for imported entries). */
  readonly uid: string | null
  readonly name: string
  readonly email: string
}

/**
 * One entry of the audit log (domain/audit.ts): who did what when, to which club or user, and the values
 * before and after. Appended in the transaction of the change; never changed afterwards.
 */
export interface AuditEntryRecord {
  readonly id: string
  readonly at: string
  readonly action: AuditAction
  readonly actor: AuditPersonRecord
  readonly club: { readonly id: string; readonly name: string } | null
  readonly user: AuditPersonRecord | null
  readonly changes: readonly AuditChange[]
}

export type MailKind =
  'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'INVITATION' | 'CLUB_RELEASED' | 'DONATION_RECEIVED' | 'BANK_DETAILS_CHANGED'

/** A mail as the domain composes it; the mailer adds id and time when it sends or queues it. */
export interface OutgoingMail {
  readonly to: string
  readonly kind: MailKind
  readonly subject: string
  readonly text: string
  /**
   * The app link the mail carries, relative to the app's origin (`/…`). `text` holds it verbatim; a mailer
   * that delivers outside the app (server/mail) puts the app's origin in front of it there.
   */
  readonly link: string
}
