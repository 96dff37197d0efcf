/**
 * Card-provider accounts (spec §4: added, deactivated/rejected, deleted) with a simulated hosted
 * onboarding: `ONBOARDING` → `ACTIVE` when the provider has every detail; `ONBOARDING`/`ACTIVE` →
 * `REJECTED` by an administrator; deleting removes the account. At most one live account per club.
 */
import { rejectPaymentAccountBodyReasonMin } from '#openapi/generated/zod/payments/payments.zod.ts'
import type { OnboardingLink } from '#openapi/generated/model/onboardingLink.ts'
import { change, recordAudit } from './audit.ts'
import { requireClubRight } from './club-rights.ts'
import { getClub } from './common.ts'
import { defineOperations, json, noContent } from './operation.ts'
import type { ApiRequest } from './operation.ts'
import { ALL_REQUIREMENTS, applyAccountUpdate } from './payment-events.ts'
import { ProviderError, providerCall } from './payment-provider.ts'
import type { Ports } from './ports.ts'
import { notFound, problem } from './problem.ts'
import type { ClubRecord, OnboardingLinkRecord, PaymentAccountRecord } from './records.ts'
import { MINUTE_MS, isoInstant } from './time.ts'
import { normalizedText } from './validation.ts'
import { accountOfClub, toPaymentAccount } from './views.ts'

/** Provider links are single-use and short-lived. */
export const ONBOARDING_LINK_MINUTES = 15

const newLink = async (
  ports: Ports,
  now: number,
  request: ApiRequest,
  club: ClubRecord,
  account: PaymentAccountRecord,
): Promise<OnboardingLink> => {
  // Earlier links of the account stop working: only the newest one leads to the onboarding.
  await ports.onboardingLinks.deleteByAccount(account.accountId)
  const link: OnboardingLinkRecord = {
    id: ports.ids.token(16),
    accountId: account.accountId,
    clubId: account.clubId,
    returnOrigin: request.appOrigin,
    createdAt: isoInstant(now),
    expiresAt: isoInstant(now + ONBOARDING_LINK_MINUTES * MINUTE_MS),
    usedAt: null,
  }
  await ports.onboardingLinks.insert(link)
  const clubQuery = `?clubId=${encodeURIComponent(club.id)}`
  const provided = await providerCall(() =>
    ports.payments.onboardingLink({
      accountId: account.accountId,
      refreshUrl: `${request.appOrigin}/payment${clubQuery}`,
      returnUrl: `${request.appOrigin}/payment/return${clubQuery}`,
      linkId: link.id,
      requestOrigin: request.origin,
    }),
  )
  return {
    account: toPaymentAccount(account, club),
    url: provided.url,
    // The earlier of the two: the portal's link and the provider's both end then.
    expiresAt: Date.parse(provided.expiresAt) < Date.parse(link.expiresAt) ? provided.expiresAt : link.expiresAt,
  }
}

/** The account named in the path, which must belong to the club named there too. */
const accountInClub = async (
  ports: Ports,
  accountId: string,
  clubId: string,
): Promise<{ club: ClubRecord; account: PaymentAccountRecord }> => {
  const club = await getClub(ports, clubId)
  const account = await ports.paymentAccounts.get(accountId)
  if (!account || account.clubId !== clubId) throw notFound('Payment account', accountId)
  return { club, account }
}

export const paymentOperations = defineOperations({
  createPaymentAccount: {
    run: async (ctx, { params }) => {
      const { ports, now, request } = ctx
      const club = await getClub(ports, params.clubId)
      if (club.status !== 'ACTIVE') throw problem('club-not-active', 'Only active clubs get a card-provider account.')
      const existing = await accountOfClub(ports, club.id)
      if (existing && existing.status !== 'REJECTED') {
        throw problem('payment-account-exists', `The club has a ${existing.status.toLowerCase()} account already.`)
      }
      // A rejected account is replaced: afterwards the club has exactly one account again.
      if (existing) {
        await ports.onboardingLinks.deleteByAccount(existing.accountId)
        await ports.paymentAccounts.delete(existing.accountId)
      }
      // The same key while nothing changed: a retry after a lost answer gets the same provider account.
      const created = await providerCall(() =>
        ports.payments.createAccount({
          clubId: club.id,
          clubName: club.profile.name,
          email: club.profile.legitimation.email || null,
          idempotencyKey: `club-${club.id}-account-after-${existing?.accountId ?? 'none'}`,
        }),
      )
      const account: PaymentAccountRecord = {
        accountId: created.accountId,
        clubId: club.id,
        status: 'ONBOARDING',
        chargesEnabled: false,
        payoutsEnabled: false,
        requirements: ALL_REQUIREMENTS,
        rejectReason: null,
        createdAt: isoInstant(now),
        updatedAt: isoInstant(now),
      }
      await ports.paymentAccounts.insert(account)
      await recordAudit(ctx, {
        action: 'PAYMENT_ACCOUNT_CREATED',
        club,
        changes: [
          change('paymentAccount.accountId', existing?.accountId ?? null, account.accountId),
          change('paymentAccount.status', existing?.status ?? null, account.status),
        ],
      })
      return json(201, await newLink(ports, now, request, club, account))
    },
  },

  getPaymentAccount: {
    // While a club is in the onboarding the provider is asked too: its `account.updated` event may not
    // have arrived when the club comes back from the provider's pages to `/payment/return`.
    mode: 'write',
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async ({ ports, now }, { params }) => {
      const club = await getClub(ports, params.clubId)
      let account = await accountOfClub(ports, club.id)
      if (account?.status === 'ONBOARDING') {
        // An account the provider does not know (the demo seed's) or a provider out of reach: what the
        // portal knows stands.
        const current = await ports.payments.account(account.accountId).catch((error: unknown) => {
          if (error instanceof ProviderError) return null
          throw error
        })
        if (current) {
          await applyAccountUpdate(ports, current, now, now)
          account = await accountOfClub(ports, club.id)
        }
      }
      return json(200, { account: account ? toPaymentAccount(account, club) : null })
    },
  },

  createOnboardingLink: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params }) => {
      const { ports, now, request } = ctx
      const club = await getClub(ports, params.clubId)
      // The onboarding gives the card provider the club's payout details: the money right's.
      await requireClubRight(ctx, club.id, 'money')
      const account = await accountOfClub(ports, club.id)
      if (!account || account.status !== 'ONBOARDING') {
        throw problem('payment-account-state', 'The club has no account in onboarding.')
      }
      return json(201, await newLink(ports, now, request, club, account))
    },
  },

  rejectPaymentAccount: {
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      const { club, account } = await accountInClub(ports, params.accountId, params.clubId)
      const rejectReason = normalizedText('reason', body.reason, rejectPaymentAccountBodyReasonMin)
      if (account.status === 'REJECTED') throw problem('payment-account-state', 'The account is rejected already.')
      await ports.onboardingLinks.deleteByAccount(account.accountId)
      const rejected: PaymentAccountRecord = {
        ...account,
        status: 'REJECTED',
        chargesEnabled: false,
        payoutsEnabled: false,
        rejectReason,
        updatedAt: isoInstant(now),
      }
      await ports.paymentAccounts.update(rejected)
      await recordAudit(ctx, {
        action: 'PAYMENT_ACCOUNT_REJECTED',
        club,
        changes: [
          change('paymentAccount.accountId', account.accountId, account.accountId),
          change('paymentAccount.status', account.status, rejected.status),
          change('paymentAccount.rejectReason', account.rejectReason, rejectReason),
        ],
      })
      return json(200, toPaymentAccount(rejected, club))
    },
  },

  deletePaymentAccount: {
    run: async (ctx, { params }) => {
      const { ports } = ctx
      const { club, account } = await accountInClub(ports, params.accountId, params.clubId)
      await ports.onboardingLinks.deleteByAccount(account.accountId)
      await ports.paymentAccounts.delete(account.accountId)
      await recordAudit(ctx, {
        action: 'PAYMENT_ACCOUNT_DELETED',
        club,
        changes: [
          change('paymentAccount.accountId', account.accountId, null),
          change('paymentAccount.status', account.status, null),
        ],
      })
      return noContent()
    },
  },
})
