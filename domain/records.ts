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
import type { TransmissionCategory, TransmissionRecord } from './tax-transmission.ts'

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
  /** Whose consent to the transmission covers it, or a company's; absent or null: neither. */
  readonly tax?: DonationTaxRecord | null
  /** The name and address the donor asked a receipt to be made out to; absent or null: none asked for. */
  readonly receiptAddress?: ReceiptAddressRecord | null
  /**
   * The key of the donor's receipt link (the confirmation mail's `/spendenbestaetigung/<token>`):
   * unguessable, set with `receiptAddress` when the payment arrives; absent or null: no link.
   */
  readonly receiptToken?: string | null
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
  /** The donor's data and consent for the transmission, or a company's donation; absent or null: none. */
  readonly tax?: CheckoutTaxRecord | null
  /** The donor asked for a receipt made out to this name and address; absent or null: none asked for. */
  readonly receiptAddress?: ReceiptAddressRecord | null
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

/** One entry on the BMF list as the club entered it or an administrator confirmed it (domain/tax-status.ts). */
export interface DeductibilityFieldsRecord {
  /** `SO-1158` (domain/tax-transmission.ts `parseRegisterNumber`). */
  readonly registerNumber: string
  readonly category: TransmissionCategory
  readonly validFrom: string
  /** The first day it no longer held; null while it holds. */
  readonly revokedOn: string | null
}

export interface DeductibilityEntryRecord {
  readonly id: string
  /** What an administrator confirmed against the BMF list; null before the first confirmation. */
  readonly confirmed:
    (DeductibilityFieldsRecord & { readonly confirmedAt: string; readonly confirmedByName: string }) | null
  /** The club's change waiting for confirmation; null when there is none. */
  readonly pending: DeductibilityFieldsRecord | null
  readonly changedAt: string
}

/** A club's tax data: one per club, created with the first entry. */
export interface ClubTaxRecord {
  readonly clubId: string
  readonly taxNumber: string | null
  /** When the club last reported (entered by the club). */
  readonly lastReportOn: string | null
  /** Oldest first. */
  readonly entries: readonly DeductibilityEntryRecord[]
  readonly updatedAt: string
}

export type BpkState = 'NONE' | 'FOUND' | 'NO_MATCH' | 'AMBIGUOUS' | 'ERROR'

/**
 * A donor who gave their data for the transmission, recognised across the club's donations by name and
 * date of birth (`matchKey`). `number` is the club's running number (never repeated), the `RefNr` is made
 * from it. The vbPK is stored as the bPK service last gave it and is never a key.
 */
export interface TaxDonorRecord {
  readonly id: string
  readonly clubId: string
  readonly number: number
  readonly refNr: string
  readonly firstName: string
  readonly lastName: string
  readonly birthDate: string
  /** `taxDonorKey(firstName, lastName, birthDate)` (domain/tax-donors.ts); unique per club. */
  readonly matchKey: string
  readonly bpkState: BpkState
  readonly vbpk: string | null
  readonly bpkMessage: string | null
  readonly createdAt: string
  readonly updatedAt: string
}

export type TaxConsentScopeRecord = 'DONATION' | 'UNTIL_WITHDRAWN'

/** A donor's consent as given on the donation page: its text and time; withdrawn for the future. */
export interface TaxConsentRecord {
  /** Unguessable: the withdrawal link carries it. */
  readonly id: string
  readonly clubId: string
  readonly donorId: string
  /** The address of the checkout it was given with: a consent "until withdrawn" covers its later donations. */
  readonly email: string
  readonly scope: TaxConsentScopeRecord
  readonly text: string
  readonly givenAt: string
  readonly withdrawnAt: string | null
}

/** What a checkout carries for the tax office until it is paid (then the consent is recorded). */
export type CheckoutTaxRecord =
  | { readonly company: true }
  | {
      readonly company: false
      readonly firstName: string
      readonly lastName: string
      readonly birthDate: string
      readonly scope: TaxConsentScopeRecord
      readonly text: string
    }

/** What a donation is for the transmission: whose consent covers it, or a company's (never transmitted). */
export type DonationTaxRecord =
  | { readonly company: true; readonly donorId: null; readonly consentId: null }
  | { readonly company: false; readonly donorId: string; readonly consentId: string }

export type TransmissionModeRecord = 'TEST' | 'PRODUCTION'
export type ProtocolStatusRecord = 'OK' | 'TWOK' | 'NOK'

export interface TransmissionProtocolRecord {
  readonly status: ProtocolStatusRecord
  readonly importedAt: string
  readonly errors: ReadonlyArray<{ readonly refNr: string | null; readonly message: string }>
}

/** One file of a transmission: its records exactly as written, and the protocol once imported. */
export interface TransmissionPartRecord {
  readonly part: number
  /** Unique per club (the store keeps it so): the protocol names it. */
  readonly messageRefId: string
  readonly records: readonly TransmissionRecord[]
  readonly protocol: TransmissionProtocolRecord | null
}

/** A year's transmission as made: the files are written again from it, byte for byte. */
export interface TaxTransmissionRecord {
  readonly id: string
  readonly clubId: string
  readonly year: number
  readonly mode: TransmissionModeRecord
  readonly category: TransmissionCategory
  readonly taxNumber: string | null
  /** Epoch ms: the files' `Timestamp`. */
  readonly createdAt: number
  readonly createdByName: string
  readonly parts: readonly TransmissionPartRecord[]
}

/** A donor's name and postal address as a receipt prints them (`street` with the house number). */
export interface ReceiptAddressRecord {
  readonly name: string
  readonly street: string
  readonly postalCode: string
  readonly city: string
  readonly country: string
}

export interface ReceiptLineRecord {
  readonly donationId: string
  readonly day: string
  /** What the receipt confirms: paid less refunded when it was issued. */
  readonly amountCents: number
  /** A waiver of reimbursement (Verzicht auf Erstattung von Aufwendungen): never for a card donation. */
  readonly waiver: boolean
}

/**
 * A receipt as issued (domain/receipts.ts): the PDF is archived at `file.path` and never changed; a wrong
 * one is withdrawn (its donations may be receipted again) and another issued. `sequence` is the club's
 * running number (never given twice), `number` its printed form.
 */
export interface ReceiptRecord {
  readonly id: string
  readonly clubId: string
  readonly sequence: number
  readonly number: string
  readonly kind: 'SINGLE' | 'ANNUAL'
  readonly country: 'AT' | 'DE'
  readonly year: number | null
  readonly donor: ReceiptAddressRecord
  readonly lines: readonly ReceiptLineRecord[]
  readonly totalCents: number
  readonly place: string
  readonly issuedOn: string
  readonly issuedAt: string
  /** Who of the club issued it; null: issued with the donor's confirmation (they asked on the donation page). */
  readonly issuedByName: string | null
  readonly status: 'ISSUED' | 'WITHDRAWN'
  readonly withdrawnAt: string | null
  readonly withdrawnByName: string | null
  readonly withdrawReason: string | null
  readonly replacesId: string | null
  readonly file: { readonly path: string; readonly sha256: string; readonly size: number }
}

/** What a club's receipts print besides the donation; `germany` for a club whose seat is in Germany. */
export interface ReceiptSettingsRecord {
  readonly clubId: string
  readonly place: string
  readonly signerName: string
  readonly signerRole: string
  readonly germany: {
    readonly purposes: string
    readonly exemption: {
      readonly kind: 'FREISTELLUNGSBESCHEID' | 'FEST_60A'
      readonly taxOffice: string
      readonly taxNumber: string
      readonly issuedOn: string
      readonly lastPeriod: string | null
    }
  } | null
  readonly updatedAt: string
}
