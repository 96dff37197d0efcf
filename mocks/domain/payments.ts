/**
 * Card-provider accounts (spec §4: added, deactivated/rejected, deleted) with a simulated hosted
 * onboarding: `ONBOARDING` → `ACTIVE` when the provider has every detail; `ONBOARDING`/`ACTIVE` →
 * `REJECTED` by an administrator; deleting removes the account. At most one live account per club.
 */
import {
  CreateOnboardingLinkParams,
  CreatePaymentAccountParams,
  DeletePaymentAccountParams,
  GetPaymentAccountParams,
  RejectPaymentAccountBody,
  RejectPaymentAccountParams,
  rejectPaymentAccountBodyReasonMin,
} from '../../src/api/generated/zod/payments/payments.zod.ts'
import type { OnboardingLink } from '../../src/api/generated/query/model/onboardingLink.ts'
import type { PaymentRequirement } from '../../src/api/generated/query/model/paymentRequirement.ts'
import type { Tx } from '../db/store.ts'
import type { OnboardingLinkRecord, PaymentAccountRecord } from '../db/types.ts'
import { getClub } from './common.ts'
import { randomToken } from './crypto.ts'
import { defineOperation, json, noContent } from './operation.ts'
import type { ApiRequest } from './operation.ts'
import { notFound, problem } from './problem.ts'
import { MINUTE_MS, isoInstant } from './time.ts'
import { normalizedText } from './validation.ts'
import { accountOfClub, toPaymentAccount } from './views.ts'

/** Provider links are single-use and short-lived. */
export const ONBOARDING_LINK_MINUTES = 15
export const ALL_REQUIREMENTS: readonly PaymentRequirement[] = ['BUSINESS_DETAILS', 'REPRESENTATIVE_IDENTITY', 'BANK_ACCOUNT', 'TERMS_ACCEPTANCE']

export const providerPagePath = '/__mock/provider/onboarding'

const dropLinks = (tx: Tx, accountId: string): void => {
  for (const link of [...tx.table('onboardingLinks').values()]) if (link.accountId === accountId) tx.delete('onboardingLinks', link.id)
}

const newLink = (tx: Tx, now: number, request: ApiRequest, account: PaymentAccountRecord): OnboardingLink => {
  // Earlier links of the account stop working: only the newest one leads to the onboarding.
  dropLinks(tx, account.accountId)
  const id = randomToken(16)
  const link: OnboardingLinkRecord = {
    id,
    accountId: account.accountId,
    clubId: account.clubId,
    returnOrigin: request.appOrigin,
    createdAt: isoInstant(now),
    expiresAt: isoInstant(now + ONBOARDING_LINK_MINUTES * MINUTE_MS),
    usedAt: null,
  }
  tx.put('onboardingLinks', id, link)
  return {
    account: toPaymentAccount(account),
    url: `${request.origin}${providerPagePath}?link=${encodeURIComponent(id)}`,
    expiresAt: link.expiresAt,
  }
}

/** The account named in the path, which must belong to the club named there too. */
const accountInClub = (tx: Tx, accountId: string, clubId: string): PaymentAccountRecord => {
  getClub(tx, clubId)
  const account = tx.table('paymentAccounts').get(accountId)
  if (!account || account.clubId !== clubId) throw notFound('Payment account', accountId)
  return account
}

export const paymentOperations = {
  createPaymentAccount: defineOperation({
    params: CreatePaymentAccountParams,
    run: ({ tx, now, request }, { params }) => {
      const club = getClub(tx, params.clubId)
      if (club.status !== 'ACTIVE') throw problem('club-not-active', 'Only active clubs get a card-provider account.')
      const existing = accountOfClub(tx, club.id)
      if (existing && existing.status !== 'REJECTED') {
        throw problem('payment-account-exists', `The club has a ${existing.status.toLowerCase()} account already.`)
      }
      // A rejected account is replaced: afterwards the club has exactly one account again.
      if (existing) {
        dropLinks(tx, existing.accountId)
        tx.delete('paymentAccounts', existing.accountId)
      }
      const accountId = `acct_${randomToken(12).replace(/[-_]/g, 'x')}`
      const account = tx.put('paymentAccounts', accountId, {
        accountId,
        clubId: club.id,
        status: 'ONBOARDING',
        chargesEnabled: false,
        payoutsEnabled: false,
        requirements: ALL_REQUIREMENTS,
        rejectReason: null,
        createdAt: isoInstant(now),
        updatedAt: isoInstant(now),
      })
      return json(201, newLink(tx, now, request, account))
    },
  }),

  getPaymentAccount: defineOperation({
    params: GetPaymentAccountParams,
    scope: (tx, { params }) => ({ clubId: getClub(tx, params.clubId).id }),
    run: ({ tx }, { params }) => {
      const account = accountOfClub(tx, getClub(tx, params.clubId).id)
      return json(200, { account: account ? toPaymentAccount(account) : null })
    },
  }),

  createOnboardingLink: defineOperation({
    params: CreateOnboardingLinkParams,
    scope: (tx, { params }) => ({ clubId: getClub(tx, params.clubId).id }),
    run: ({ tx, now, request }, { params }) => {
      const account = accountOfClub(tx, getClub(tx, params.clubId).id)
      if (!account || account.status !== 'ONBOARDING') {
        throw problem('payment-account-state', 'The club has no account in onboarding.')
      }
      return json(201, newLink(tx, now, request, account))
    },
  }),

  rejectPaymentAccount: defineOperation({
    params: RejectPaymentAccountParams,
    body: RejectPaymentAccountBody,
    run: ({ tx, now }, { params, body }) => {
      const account = accountInClub(tx, params.accountId, params.clubId)
      const rejectReason = normalizedText('reason', body.reason, rejectPaymentAccountBodyReasonMin)
      if (account.status === 'REJECTED') throw problem('payment-account-state', 'The account is rejected already.')
      dropLinks(tx, account.accountId)
      const rejected = tx.put('paymentAccounts', account.accountId, {
        ...account,
        status: 'REJECTED',
        chargesEnabled: false,
        payoutsEnabled: false,
        rejectReason,
        updatedAt: isoInstant(now),
      })
      return json(200, toPaymentAccount(rejected))
    },
  }),

  deletePaymentAccount: defineOperation({
    params: DeletePaymentAccountParams,
    run: ({ tx }, { params }) => {
      const account = accountInClub(tx, params.accountId, params.clubId)
      dropLinks(tx, account.accountId)
      tx.delete('paymentAccounts', account.accountId)
      return noContent()
    },
  }),
}
