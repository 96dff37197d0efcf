/** Records → the contract's response shapes, with everything computed that the contract computes. */
import type { Campaign } from '../../src/api/generated/query/model/campaign.ts'
import type { CampaignPhase } from '../../src/api/generated/query/model/campaignPhase.ts'
import type { Club } from '../../src/api/generated/query/model/club.ts'
import type { ClubField } from '../../src/api/generated/query/model/clubField.ts'
import type { BillingAddress } from '../../src/api/generated/query/model/billingAddress.ts'
import type { Completeness } from '../../src/api/generated/query/model/completeness.ts'
import type { Donation } from '../../src/api/generated/query/model/donation.ts'
import type { PaymentAccount } from '../../src/api/generated/query/model/paymentAccount.ts'
import type { StoredFile } from '../../src/api/generated/query/model/storedFile.ts'
import type { User } from '../../src/api/generated/query/model/user.ts'
import { campaignTotals } from '../db/indexes.ts'
import type { Tx } from '../db/store.ts'
import type {
  CampaignRecord,
  ClubRecord,
  DonationRecord,
  FileLabel,
  FileRecord,
  PaymentAccountRecord,
  UserRecord,
} from '../db/types.ts'
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

/** A club's files, newest first. */
export const filesOfClub = (tx: Tx, clubId: string): FileRecord[] => {
  const files: FileRecord[] = []
  for (const file of tx.table('files').values()) if (file.clubId === clubId) files.push(file)
  return files.sort((a, b) => (a.uploadedAt < b.uploadedAt ? 1 : a.uploadedAt > b.uploadedAt ? -1 : a.id < b.id ? 1 : -1))
}

/** The current file with a label that exists only once per club (logo, scans, the two documents). */
export const currentFile = (files: readonly FileRecord[], label: FileLabel): FileRecord | null =>
  files.find((file) => file.label === label) ?? null

/** With `sameAsClubAddress` the club address is used, and the response repeats it (contract). */
export const effectiveBillingAddress = (club: ClubRecord): BillingAddress => {
  const { billingAddress, address } = club.profile
  return billingAddress.sameAsClubAddress
    ? { sameAsClubAddress: true, ...address, country: 'AT', additionalInformation: '' }
    : { ...billingAddress }
}

const filled = (value: string | null): boolean => value !== null && value.trim().length > 0

/** Every profile field that counts, in form order (the `ClubField` enum's order). */
export const computeCompleteness = (tx: Tx, club: ClubRecord, files: readonly FileRecord[]): Completeness => {
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
    ['clubTypeId', filled(profile.clubTypeId) && tx.table('clubTypes').has(profile.clubTypeId)],
    ['logo', currentFile(files, 'LOGO') !== null],
  ]
  const missing = checks.filter(([, ok]) => !ok).map(([field]) => field)
  return { complete: missing.length === 0, missing }
}

const fileOrNull = (file: FileRecord | null): StoredFile | null => (file ? toStoredFile(file) : null)

export const toClub = (tx: Tx, club: ClubRecord): Club => {
  const files = filesOfClub(tx, club.id)
  const { profile } = club
  return {
    name: profile.name,
    zvrNumber: profile.zvrNumber,
    vatNumber: profile.vatNumber,
    donationNumber: profile.donationNumber,
    description: profile.description,
    shortDescription: profile.shortDescription,
    address: { ...profile.address },
    bankInfo: { ...profile.bankInfo },
    billingAddress: effectiveBillingAddress(club),
    legitimation: { ...profile.legitimation },
    clubTypeId: profile.clubTypeId,
    clubSize: profile.clubSize,
    id: club.id,
    status: club.status,
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
    completeness: computeCompleteness(tx, club, files),
    createdAt: club.createdAt,
    updatedAt: club.updatedAt,
  }
}

/** Derived from `from`, `to` and today in Vienna. */
export const campaignPhase = (campaign: Pick<CampaignRecord, 'from' | 'to'>, now: number): CampaignPhase => {
  const today = viennaDay(now)
  return today < campaign.from ? 'UPCOMING' : today > campaign.to ? 'ENDED' : 'RUNNING'
}

export const toCampaign = (tx: Tx, campaign: CampaignRecord, now: number): Campaign => {
  const totals = campaignTotals(tx.map('donations'), campaign.documentId)
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

export const toDonation = (tx: Tx, donation: DonationRecord): Donation => ({
  id: donation.id,
  clubId: donation.clubId,
  campaignId: donation.campaignId,
  campaignName: donation.campaignId === null ? null : (tx.table('campaigns').get(donation.campaignId)?.name ?? null),
  amountCents: donation.amountCents,
  currency: 'EUR',
  donorName: donation.donorName,
  message: donation.message,
  donatedAt: isoInstant(donation.at),
})

export const toPaymentAccount = (account: PaymentAccountRecord): PaymentAccount => ({
  accountId: account.accountId,
  clubId: account.clubId,
  status: account.status,
  chargesEnabled: account.chargesEnabled,
  payoutsEnabled: account.payoutsEnabled,
  requirements: [...account.requirements],
  rejectReason: account.rejectReason,
  createdAt: account.createdAt,
  updatedAt: account.updatedAt,
})

/** The club's account: the live one, else a rejected one, else none (the contract's `account`). */
export const accountOfClub = (tx: Tx, clubId: string): PaymentAccountRecord | null => {
  let found: PaymentAccountRecord | null = null
  for (const account of tx.table('paymentAccounts').values()) {
    if (account.clubId !== clubId) continue
    if (account.status !== 'REJECTED') return account
    found = account
  }
  return found
}
