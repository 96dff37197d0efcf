/**
 * A club's bank details as money depends on them: IBAN and BIC held to each other, the bank's name taken
 * from the IBAN (never from a BIC), every change recorded, and new payout details of a club that takes
 * money put into review until an administrator confirms them
 * (docs/decisions/0015-bank-review-and-audit-log.md).
 *
 * The rule of the review: a new IBAN or account holder of a club that is ACTIVE, or that has a live
 * card-provider account (ONBOARDING or ACTIVE), starts it. While it is pending the card-provider account
 * is not used for payouts (`PaymentAccount.payoutsBlocked`); donations are still taken.
 */
import type { BankInfo } from '#openapi/generated/model/bankInfo.ts'
import type { BankReviewDetails } from '#openapi/generated/model/bankReviewDetails.ts'
import { bicMatchesIban, knownBankOfIban, maskIban } from '#checks/iban.ts'
import { auditPerson, change, recordAudit } from './audit.ts'
import { membersWithRight } from './club-rights.ts'
import { getClub } from './common.ts'
import { bankDetailsChangedMail } from './mails.ts'
import { defineOperations, json, requireCaller, requireFreshSignIn } from './operation.ts'
import type { OperationContext } from './operation.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import type { BankReviewRecord, ClubRecord, FileRecord } from './records.ts'
import { isoInstant } from './time.ts'
import type { FieldErrors } from './validation.ts'
import { accountOfClub, byUploadNewestFirst, toClub, toStoredFile } from './views.ts'

/** The details whose change needs a fresh sign-in and is recorded. */
export const bankDetailsDiffer = (a: BankInfo, b: BankInfo): boolean =>
  a.iban !== b.iban || a.bic !== b.bic || a.accountHolder !== b.accountHolder

/**
 * IBAN and BIC must belong together: the BIC's country is the IBAN's, and for an Austrian IBAN whose bank
 * code the portal knows, the BIC is that bank's (a 400 on `bankInfo.bic`, code `bic_mismatch`).
 */
export const checkBicAgainstIban = (errors: FieldErrors, bankInfo: BankInfo): void => {
  const match = bicMatchesIban(bankInfo.iban, bankInfo.bic)
  if (match === 'country') {
    errors.add(
      'bankInfo.bic',
      `The BIC is of another country (${bankInfo.bic.slice(4, 6)}) than the IBAN (${bankInfo.iban.slice(0, 2)}).`,
      'bic_mismatch',
    )
  } else if (match === 'bank') {
    const bank = knownBankOfIban(bankInfo.iban)!
    errors.add(
      'bankInfo.bic',
      `The IBAN's bank code ${bank.code} is ${bank.name}, whose BIC is ${bank.bic}.`,
      'bic_mismatch',
    )
  }
}

/** For an IBAN of a bank the portal knows, that bank's name; otherwise the name as given. */
export const withKnownBankName = (bankInfo: BankInfo): BankInfo => {
  const bank = knownBankOfIban(bankInfo.iban)
  return bank ? { ...bankInfo, bankName: bank.name } : bankInfo
}

/** Whether new payout details of the club must be confirmed: it takes money, or can through its account. */
const takesMoney = async (ports: Ports, club: ClubRecord): Promise<boolean> => {
  if (club.status === 'ACTIVE') return true
  const account = await accountOfClub(ports, club.id)
  return account !== null && account.status !== 'REJECTED'
}

const maskedOrNull = (iban: string): string | null => (iban === '' ? null : maskIban(iban))

/**
 * What an administrator checks before confirming a review (never shown to staff): the bank details in
 * full, and the club's documents and legitimation scans (`files`: the club's files), newest first.
 */
export const bankReviewDetails = (club: ClubRecord, files: readonly FileRecord[]): BankReviewDetails => ({
  iban: club.profile.bankInfo.iban,
  bic: club.profile.bankInfo.bic,
  accountHolder: club.profile.bankInfo.accountHolder,
  bankName: club.profile.bankInfo.bankName,
  documents: files
    .filter(
      (file) => file.kind === 'DOCUMENT' || file.label === 'LEGITIMATION_FRONT' || file.label === 'LEGITIMATION_BACK',
    )
    .sort(byUploadNewestFirst)
    .map(toStoredFile),
})

/** The change's mail to every member who may manage the club's money, in address order. */
const tellMoneyManagers = async (ctx: OperationContext, club: ClubRecord, next: BankInfo, inReview: boolean) => {
  const { ports } = ctx
  const memberships = await membersWithRight(ports, club.id, 'money')
  const users = await ports.users.getMany(memberships.map((membership) => membership.uid))
  const recipients = [...users.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
  const changedBy = auditPerson(requireCaller(ctx).user).name
  for (const user of recipients) {
    await ports.mailer.send(
      bankDetailsChangedMail(user.email, user.firstName, {
        club: { id: club.id, name: club.profile.name },
        changedBy,
        ibanMasked: next.iban === '' ? '' : maskIban(next.iban),
        accountHolder: next.accountHolder,
        inReview,
      }),
    )
  }
}

/**
 * What saving `next` as the club's bank details does besides storing them: the audit entry of the change
 * (IBANs masked), for new payout details of a club that takes money the review, and a mail to every member
 * who may manage the club's money. Returns the club's review after the change (the pending one stays
 * pending; its previous IBAN stays the one confirmed last).
 */
export const applyBankChange = async (
  ctx: OperationContext,
  club: ClubRecord,
  next: BankInfo,
): Promise<BankReviewRecord | null> => {
  const previous = club.profile.bankInfo
  if (!bankDetailsDiffer(previous, next)) return club.bankReview
  const caller = requireCaller(ctx)
  const payoutChanged = previous.iban !== next.iban || previous.accountHolder !== next.accountHolder
  const review: BankReviewRecord | null =
    payoutChanged && (await takesMoney(ctx.ports, club))
      ? {
          previousIbanMasked: club.bankReview?.previousIbanMasked ?? maskIban(previous.iban),
          newIbanMasked: maskIban(next.iban),
          changedAt: isoInstant(ctx.now),
          changedBy: caller.user.uid,
          changedByName: auditPerson(caller.user).name,
        }
      : club.bankReview
  const changes = [
    ...(previous.iban !== next.iban
      ? [change('bankInfo.iban', maskedOrNull(previous.iban), maskedOrNull(next.iban))]
      : []),
    ...(previous.bic !== next.bic ? [change('bankInfo.bic', previous.bic || null, next.bic || null)] : []),
    ...(previous.accountHolder !== next.accountHolder
      ? [change('bankInfo.accountHolder', previous.accountHolder || null, next.accountHolder || null)]
      : []),
    ...(club.bankReview === null && review !== null ? [change('bankReview', null, 'PENDING')] : []),
  ]
  await recordAudit(ctx, { action: 'BANK_DETAILS_CHANGED', club, changes })
  await tellMoneyManagers(ctx, club, next, review !== null)
  return review
}

export const bankReviewOperations = defineOperations({
  confirmBankReview: {
    run: async (ctx, { params }) => {
      const club = await getClub(ctx.ports, params.clubId)
      requireFreshSignIn(ctx, 'Confirming new bank details')
      const review = club.bankReview
      if (!review) throw problem('invalid-transition', 'The club has no new bank details awaiting confirmation.')
      const saved: ClubRecord = { ...club, bankReview: null, updatedAt: isoInstant(ctx.now) }
      await ctx.ports.clubs.update(saved)
      await recordAudit(ctx, {
        action: 'BANK_REVIEW_CONFIRMED',
        club: saved,
        changes: [
          change('bankReview', 'PENDING', null),
          change('bankInfo.iban', review.previousIbanMasked || null, review.newIbanMasked || null),
        ],
      })
      return json(200, await toClub(ctx.ports, saved))
    },
  },
})
