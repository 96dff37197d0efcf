/** Records → the contract's response shapes, with everything computed that the contract computes. */
import type { BankReview } from '#openapi/generated/model/bankReview.ts'
import type { DonationStatus } from '#openapi/generated/model/donationStatus.ts'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import type { CampaignPhase } from '#openapi/generated/model/campaignPhase.ts'
import type { Club } from '#openapi/generated/model/club.ts'
import type { ClubField } from '#openapi/generated/model/clubField.ts'
import type { BillingAddress } from '#openapi/generated/model/billingAddress.ts'
import type { Completeness } from '#openapi/generated/model/completeness.ts'
import type { Donation } from '#openapi/generated/model/donation.ts'
import type { PaymentAccount } from '#openapi/generated/model/paymentAccount.ts'
import type { StoredFile } from '#openapi/generated/model/storedFile.ts'
import type { User } from '#openapi/generated/model/user.ts'
import { clubCountry } from './club-checks.ts'
import { newestFirst } from './common.ts'
import type { DonationTotals, Ports } from './ports.ts'
import type {
  BankReviewRecord,
  CampaignRecord,
  ReceiptRecord,
  ClubRecord,
  DonationRecord,
  FileLabel,
  FileRecord,
  PaymentAccountRecord,
  UserRecord,
} from './records.ts'
import { isoInstant, viennaDay } from './time.ts'

export const toUser = (user: UserRecord): User => ({
  uid: user.uid,
  email: user.email,
  firstName: user.firstName,
  lastName: user.lastName,
  role: user.role,
  emailVerified: user.emailVerified,
  createdAt: user.createdAt,
})

export const toStoredFile = (file: FileRecord): StoredFile => ({
  id: file.id,
  label: file.label,
  name: file.name,
  path: file.path,
  contentType: file.contentType,
  size: file.size,
  uploadedAt: file.uploadedAt,
})

export const byUploadNewestFirst = newestFirst<FileRecord>(
  (file) => file.uploadedAt,
  (file) => file.id,
)

/** A club's files, newest first. */
export const filesOfClub = async (ports: Ports, clubId: string): Promise<FileRecord[]> =>
  (await ports.files.listByClub(clubId)).sort(byUploadNewestFirst)

/** The current file with a label that exists only once per club (logo, scans, the two documents). */
export const currentFile = (files: readonly FileRecord[], label: FileLabel): FileRecord | null =>
  files.find((file) => file.label === label) ?? null

/** With `sameAsClubAddress` the club address is used, and the response repeats it (contract). */
export const effectiveBillingAddress = (club: ClubRecord): BillingAddress => {
  const { billingAddress, address } = club.profile
  return billingAddress.sameAsClubAddress
    ? { sameAsClubAddress: true, ...address, country: clubCountry(address), additionalInformation: '' }
    : { ...billingAddress }
}

const filled = (value: string | null): boolean => value !== null && value.trim().length > 0

/**
 * Every profile field that counts, in form order (the `ClubField` enum's order). `files` newest first;
 * `typeExists` whether the club's type is a known one.
 */
export const computeCompleteness = (
  club: ClubRecord,
  files: readonly FileRecord[],
  typeExists: boolean,
): Completeness => {
  const { profile } = club
  const billing = effectiveBillingAddress(club)
  const checks: ReadonlyArray<readonly [ClubField, boolean]> = [
    ['name', filled(profile.name)],
    ['zvrNumber', filled(profile.zvrNumber)],
    ['vatNumber', filled(profile.vatNumber)],
    ['donationNumber', filled(profile.donationNumber)],
    ['description', filled(profile.description)],
    ['shortDescription', filled(profile.shortDescription)],
    ['address.street', filled(profile.address.street)],
    ['address.houseNumber', filled(profile.address.houseNumber)],
    ['address.postalCode', filled(profile.address.postalCode)],
    ['address.city', filled(profile.address.city)],
    ['bankInfo.bankName', filled(profile.bankInfo.bankName)],
    ['bankInfo.iban', filled(profile.bankInfo.iban)],
    ['bankInfo.bic', filled(profile.bankInfo.bic)],
    ['bankInfo.accountHolder', filled(profile.bankInfo.accountHolder)],
    ['billingAddress.street', filled(billing.street)],
    ['billingAddress.houseNumber', filled(billing.houseNumber)],
    ['billingAddress.postalCode', filled(billing.postalCode)],
    ['billingAddress.city', filled(billing.city)],
    ['billingAddress.country', filled(billing.country)],
    ['legitimation.firstName', filled(profile.legitimation.firstName)],
    ['legitimation.lastName', filled(profile.legitimation.lastName)],
    ['legitimation.phoneNumber', filled(profile.legitimation.phoneNumber)],
    ['legitimation.birthDate', filled(profile.legitimation.birthDate)],
    ['legitimation.email', filled(profile.legitimation.email)],
    ['legitimation.documentKind', profile.legitimation.documentKind !== null],
    ['legitimation.front', currentFile(files, 'LEGITIMATION_FRONT') !== null],
    ['legitimation.back', currentFile(files, 'LEGITIMATION_BACK') !== null],
    ['documents.spend2Form', currentFile(files, 'SPEND2_FORM') !== null],
    ['documents.deductibilityNotice', currentFile(files, 'DEDUCTIBILITY_NOTICE') !== null],
    ['clubTypeId', filled(profile.clubTypeId) && typeExists],
    ['logo', currentFile(files, 'LOGO') !== null],
  ]
  const missing = checks.filter(([, ok]) => !ok).map(([field]) => field)
  return { complete: missing.length === 0, missing }
}

const fileOrNull = (file: FileRecord | null): StoredFile | null => (file ? toStoredFile(file) : null)

export const toClub = async (ports: Ports, club: ClubRecord): Promise<Club> => {
  const files = await filesOfClub(ports, club.id)
  const typeExists = club.profile.clubTypeId !== '' && (await ports.clubTypes.get(club.profile.clubTypeId)) !== null
  return clubView(club, files, typeExists)
}

/** The contract's `Club` from a club, its files (newest first) and whether its type exists. */
export const clubView = (club: ClubRecord, files: readonly FileRecord[], typeExists: boolean): Club => {
  const { profile } = club
  return {
    name: profile.name,
    zvrNumber: profile.zvrNumber,
    vatNumber: profile.vatNumber,
    donationNumber: profile.donationNumber,
    description: profile.description,
    shortDescription: profile.shortDescription,
    // The country also for a club stored before addresses named one (Austria).
    address: { ...profile.address, country: clubCountry(profile.address) },
    bankInfo: { ...profile.bankInfo },
    billingAddress: effectiveBillingAddress(club),
    legitimation: { ...profile.legitimation },
    clubTypeId: profile.clubTypeId,
    clubSize: profile.clubSize,
    id: club.id,
    status: club.status,
    bankReview: toBankReview(club.bankReview),
    deactivationReason: club.deactivationReason,
    deactivatedAt: club.deactivatedAt,
    isChecked: club.isChecked,
    checkedAt: club.checkedAt,
    logo: fileOrNull(currentFile(files, 'LOGO')),
    legitimationFiles: {
      front: fileOrNull(currentFile(files, 'LEGITIMATION_FRONT')),
      back: fileOrNull(currentFile(files, 'LEGITIMATION_BACK')),
    },
    documents: {
      spend2Form: fileOrNull(currentFile(files, 'SPEND2_FORM')),
      deductibilityNotice: fileOrNull(currentFile(files, 'DEDUCTIBILITY_NOTICE')),
    },
    completeness: computeCompleteness(club, files, typeExists),
    createdAt: club.createdAt,
    updatedAt: club.updatedAt,
  }
}

/** Derived from `from`, `to` and today in Vienna. */
export const campaignPhase = (campaign: Pick<CampaignRecord, 'from' | 'to'>, now: number): CampaignPhase => {
  const today = viennaDay(now)
  return today < campaign.from ? 'UPCOMING' : today > campaign.to ? 'ENDED' : 'RUNNING'
}

const NO_DONATIONS: DonationTotals = { count: 0, cents: 0 }

/** Campaigns as the contract has them, with what they raised. */
export const toCampaigns = async (
  ports: Ports,
  campaigns: readonly CampaignRecord[],
  now: number,
): Promise<Campaign[]> => {
  const totals = await ports.donations.campaignTotals(campaigns.map((campaign) => campaign.documentId))
  return campaigns.map((campaign) => campaignView(campaign, totals.get(campaign.documentId) ?? NO_DONATIONS, now))
}

export const toCampaign = async (ports: Ports, campaign: CampaignRecord, now: number): Promise<Campaign> =>
  (await toCampaigns(ports, [campaign], now))[0]!

const campaignView = (campaign: CampaignRecord, totals: DonationTotals, now: number): Campaign => {
  return {
    name: campaign.name,
    description: campaign.description,
    goalCents: campaign.goalCents,
    amountCents: campaign.amountCents,
    date: campaign.date,
    time: campaign.time,
    from: campaign.from,
    to: campaign.to,
    currency: 'EUR',
    minimumDonationCents: campaign.minimumDonationCents,
    documentId: campaign.documentId,
    clubId: campaign.clubId,
    enabled: campaign.enabled,
    phase: campaignPhase(campaign, now),
    raisedCents: totals.cents,
    donationCount: totals.count,
    createdAt: campaign.createdAt,
  }
}

/** Donations as the contract has them, with the names of their campaigns and the receipts that cover them. */
export const toDonations = async (ports: Ports, donations: readonly DonationRecord[]): Promise<Donation[]> => {
  const campaignIds = [
    ...new Set(donations.flatMap((donation) => (donation.campaignId === null ? [] : [donation.campaignId]))),
  ]
  const [campaigns, receipts] = await Promise.all([
    campaignIds.length > 0 ? ports.campaigns.getMany(campaignIds) : new Map<string, CampaignRecord>(),
    donations.length > 0
      ? ports.receipts.issuedForDonations(donations.map((donation) => donation.id))
      : new Map<string, ReceiptRecord>(),
  ])
  return donations.map((donation) => {
    const receipt = receipts.get(donation.id)
    return donationView(
      donation,
      donation.campaignId === null ? null : (campaigns.get(donation.campaignId)?.name ?? null),
      receipt ? { id: receipt.id, number: receipt.number } : null,
    )
  })
}

/** Disputed while a dispute is open or was lost; else by how much of it was refunded. */
export const donationStatus = (donation: DonationRecord): DonationStatus => {
  const payment = donation.payment
  if (!payment) return 'PAID'
  if (payment.dispute === 'OPEN' || payment.dispute === 'LOST') return 'DISPUTED'
  if (payment.refundedCents === 0) return 'PAID'
  return payment.refundedCents >= donation.amountCents ? 'REFUNDED' : 'PARTIALLY_REFUNDED'
}

/** What a refund may still give back: only a card payment, not disputed, and not beyond what was paid. */
export const refundableCents = (donation: DonationRecord): number => {
  const payment = donation.payment
  if (!payment || payment.dispute === 'OPEN' || payment.dispute === 'LOST') return 0
  return Math.max(0, donation.amountCents - payment.refundedCents)
}

const donationView = (
  donation: DonationRecord,
  campaignName: string | null,
  receipt: Donation['receipt'],
): Donation => ({
  id: donation.id,
  clubId: donation.clubId,
  campaignId: donation.campaignId,
  campaignName,
  amountCents: donation.amountCents,
  refundedCents: donation.payment?.refundedCents ?? 0,
  refundableCents: refundableCents(donation),
  status: donationStatus(donation),
  currency: 'EUR',
  donorName: donation.donorName,
  message: donation.message,
  donatedAt: isoInstant(donation.at),
  receipt,
  receiptAddress: donation.receiptAddress ? { ...donation.receiptAddress } : null,
})

/** The contract's `BankReview` (domain/bank-review.ts), or null. */
export const toBankReview = (review: BankReviewRecord | null): BankReview | null =>
  review === null
    ? null
    : {
        status: 'PENDING',
        previousIbanMasked: review.previousIbanMasked,
        newIbanMasked: review.newIbanMasked,
        changedAt: review.changedAt,
        changedByName: review.changedByName,
      }

/**
 * The contract's `PaymentAccount`. `club` is the account's club: while its new bank details await
 * confirmation (`bankReview`), the account is not used for payouts (`payoutsBlocked`).
 */
export const toPaymentAccount = (
  account: PaymentAccountRecord,
  club: Pick<ClubRecord, 'bankReview'>,
): PaymentAccount => ({
  accountId: account.accountId,
  clubId: account.clubId,
  status: account.status,
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
  payoutsBlocked: club.bankReview !== null,
  requirements: [...account.requirements],
  rejectReason: account.rejectReason,
  createdAt: account.createdAt,
  updatedAt: account.updatedAt,
})

/** The club's account among its accounts: the live one, else a rejected one, else none (the contract's `account`). */
export const currentAccount = (accounts: readonly PaymentAccountRecord[]): PaymentAccountRecord | null =>
  accounts.find((account) => account.status !== 'REJECTED') ?? accounts[0] ?? null

export const accountOfClub = async (ports: Ports, clubId: string): Promise<PaymentAccountRecord | null> =>
  currentAccount(await ports.paymentAccounts.listByClub(clubId))
