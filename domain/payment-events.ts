/**
 * What the card provider's signed events change, each applied exactly once: the event's id is recorded in
 * the same transaction as its effect (PaymentEventLog), so a redelivery, a replay or the same event
 * arriving five times at once changes nothing more. Events about one object may come in any order: a
 * refund carries the provider's running total, a dispute and an account update are applied only when newer
 * than the last one applied, and a refund or dispute of a payment whose completion has not arrived yet is
 * refused (not recorded), so the provider delivers it again after the completion.
 */
import { ProviderError, InvalidEventError } from './payment-provider.ts'
import type { CheckoutState, ProviderAccount, ProviderEvent } from './payment-provider.ts'
import { defineOperations, json } from './operation.ts'
import type { OperationContext } from './operation.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import type {
  CheckoutRecord,
  DonationPayment,
  DonationRecord,
  DonationTaxRecord,
  PaymentAccountRecord,
} from './records.ts'
import { isoInstant, viennaDay } from './time.ts'
import type { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import { donationReceivedMail } from './mails.ts'
import { issueRequestedReceipt, receiptCountryOf, receiptLink } from './receipts.ts'
import { consentLink, donationTaxOf } from './tax-donors.ts'

/**
 * What records the provider's reports takes turns (UnitOfWork.run): many events at once for one campaign
 * would otherwise all write its totals of the day and conflict.
 */
export const PAYMENT_EVENTS_SERIAL_KEY = 'payment-events'

/** Everything the provider may ask of a club, in the order the screens list it. */
export const ALL_REQUIREMENTS: readonly PaymentRequirement[] = [
  'BUSINESS_DETAILS',
  'REPRESENTATIVE_IDENTITY',
  'BANK_ACCOUNT',
  'TERMS_ACCEPTANCE',
]

/** The provider's requirement keys, as the portal's coarse requirements the club is shown. */
const requirementOf = (key: string): PaymentRequirement => {
  if (key.startsWith('external_account')) return 'BANK_ACCOUNT'
  if (key.startsWith('tos_acceptance')) return 'TERMS_ACCEPTANCE'
  if (key.startsWith('representative') || key.startsWith('person') || key.includes('verification'))
    return 'REPRESENTATIVE_IDENTITY'
  return 'BUSINESS_DETAILS'
}

/** The account as the provider now has it: ACTIVE once it can take charges and pay out, else ONBOARDING. */
export const followProvider = (
  account: PaymentAccountRecord,
  provider: ProviderAccount,
  eventAt: number,
  now: number,
): PaymentAccountRecord => {
  const ready = provider.chargesEnabled && provider.payoutsEnabled && provider.requirementsDue.length === 0
  const due = [...new Set(provider.requirementsDue.map(requirementOf))]
  return {
    ...account,
    // A rejection is the portal's own decision; the provider's later news does not undo it.
    status: account.status === 'REJECTED' ? 'REJECTED' : ready ? 'ACTIVE' : 'ONBOARDING',
    chargesEnabled: account.status !== 'REJECTED' && provider.chargesEnabled,
    payoutsEnabled: account.status !== 'REJECTED' && provider.payoutsEnabled,
    requirements: ready ? [] : due.length > 0 ? ALL_REQUIREMENTS.filter((r) => due.includes(r)) : [...ALL_REQUIREMENTS],
    providerEventAt: eventAt,
    updatedAt: isoInstant(now),
  }
}

/**
 * The provider's news of an account (`account.updated`, as of `eventAt`), unless newer news was applied
 * already. Exported for the simulated onboarding page where no simulated provider sends events (the server
 * with Stripe's keys, for a link handed out before they were set) and for `getPaymentAccount`, which asks the
 * provider while a club is in the onboarding.
 */
export const applyAccountUpdate = async (
  ports: Pick<Ports, 'paymentAccounts'>,
  provider: ProviderAccount,
  eventAt: number,
  now: number,
): Promise<void> => {
  const account = await ports.paymentAccounts.get(provider.accountId)
  if (!account) throw invalidEvent(`The account ${provider.accountId} is not one of the portal's.`)
  if ((account.providerEventAt ?? -Infinity) > eventAt) return
  await ports.paymentAccounts.update(followProvider(account, provider, eventAt, now))
}

const donationOf = (
  checkout: CheckoutRecord,
  paymentIntentId: string,
  now: number,
  tax: DonationTaxRecord | null,
  receiptToken: string | null,
): DonationRecord => ({
  // The checkout's id: a second completion of the same checkout finds the donation there.
  id: checkout.id,
  clubId: checkout.clubId,
  campaignId: checkout.campaignId,
  amountCents: checkout.amountCents,
  donorName: checkout.donorName,
  message: checkout.message,
  at: now,
  day: viennaDay(now),
  payment: { checkoutId: checkout.id, paymentIntentId, refundedCents: 0, dispute: null, disputeEventAt: null },
  tax,
  receiptAddress: checkout.receiptAddress ?? null,
  receiptToken,
})

/**
 * Settles an open checkout with what the provider says of it (its event, or the thank-you page's
 * question): paid → one donation and a confirmation mail; expired or failed → nothing recorded.
 * A checkout that is settled already stays as it is.
 */
export const settleCheckout = async (
  ctx: Pick<OperationContext, 'ports' | 'now'>,
  checkout: CheckoutRecord,
  state: Pick<CheckoutState, 'status' | 'paymentStatus' | 'paymentIntentId'>,
  failed: 'expired' | 'payment-failed' | null = null,
): Promise<CheckoutRecord> => {
  const { ports, now } = ctx
  if (checkout.state !== 'OPEN') return checkout
  if (state.status === 'complete' && state.paymentStatus === 'paid' && state.paymentIntentId !== null) {
    // The consent is recorded only with the donation it came with (a donation recorded already has its own).
    const recorded = await ports.donations.get(checkout.id)
    const { tax, consentId } = recorded ? { tax: null, consentId: null } : await donationTaxOf(ports, checkout, now)
    // The key of the donor's receipt link: unguessable, as the consent's id.
    const receiptToken = checkout.receiptAddress ? ports.ids.token(18) : null
    const donation = donationOf(checkout, state.paymentIntentId, now, tax, receiptToken)
    if (!recorded && (await ports.donations.insert(donation))) {
      const [club, campaign, receipt] = await Promise.all([
        ports.clubs.get(checkout.clubId),
        ports.campaigns.get(checkout.campaignId),
        issueRequestedReceipt(ctx, donation),
      ])
      await ports.mailer.send(
        donationReceivedMail({
          to: checkout.email,
          donorName: checkout.donorName,
          clubName: club?.profile.name ?? '',
          campaignId: checkout.campaignId,
          campaignName: campaign?.name ?? '',
          amountCents: checkout.amountCents,
          consentLink: consentId === null ? null : consentLink(consentId),
          receipt:
            receiptToken === null || !club
              ? null
              : { link: receiptLink(receiptToken), number: receipt?.number ?? null, country: receiptCountryOf(club) },
        }),
      )
    }
    const paid: CheckoutRecord = { ...checkout, state: 'PAID', donationId: donation.id, updatedAt: isoInstant(now) }
    await ports.checkouts.update(paid)
    return paid
  }
  if (failed !== null || state.status === 'expired') {
    const closed: CheckoutRecord = {
      ...checkout,
      state: failed === 'payment-failed' ? 'FAILED' : 'EXPIRED',
      updatedAt: isoInstant(now),
    }
    await ports.checkouts.update(closed)
    return closed
  }
  return checkout
}

const invalidEvent = (detail: string) => problem('invalid-event', detail)

/** The card donation of a provider payment, or a refusal that makes the provider deliver the event again. */
const paidDonation = async (
  ports: Ports,
  paymentIntentId: string,
): Promise<DonationRecord & { payment: DonationPayment }> => {
  const donation = await ports.donations.findByPaymentIntent(paymentIntentId)
  if (!donation?.payment) throw problem('event-out-of-order', `No donation was recorded for ${paymentIntentId} yet.`)
  return donation as DonationRecord & { payment: DonationPayment }
}

const checkoutOfEvent = async (
  ports: Ports,
  event: { sessionId: string; checkoutId: string | null; accountId: string | null },
): Promise<CheckoutRecord> => {
  const checkout =
    (event.checkoutId !== null ? await ports.checkouts.get(event.checkoutId) : null) ??
    (await ports.checkouts.findBySession(event.sessionId))
  if (!checkout || checkout.sessionId !== event.sessionId || checkout.accountId !== event.accountId)
    throw invalidEvent(`The checkout ${event.sessionId} is not one of the portal's.`)
  return checkout
}

const applyEvent = async (ctx: OperationContext, event: ProviderEvent): Promise<void> => {
  const { ports, now } = ctx
  switch (event.kind) {
    case 'checkout-completed': {
      const checkout = await checkoutOfEvent(ports, event)
      if (event.amountCents !== checkout.amountCents || event.currency.toLowerCase() !== 'eur')
        throw invalidEvent(`The checkout ${event.sessionId} was paid with another amount than it was made for.`)
      await settleCheckout(ctx, checkout, {
        status: 'complete',
        paymentStatus: event.paymentStatus,
        paymentIntentId: event.paymentIntentId,
      })
      return
    }
    case 'checkout-failed': {
      const checkout = await checkoutOfEvent(ports, event)
      await settleCheckout(
        ctx,
        checkout,
        { status: 'expired', paymentStatus: 'unpaid', paymentIntentId: null },
        event.reason,
      )
      return
    }
    case 'charge-refunded': {
      const donation = await paidDonation(ports, event.paymentIntentId)
      // The provider's running total: an older event with a smaller total changes nothing.
      const refundedCents = Math.min(
        donation.amountCents,
        Math.max(donation.payment.refundedCents, event.amountRefundedCents),
      )
      if (refundedCents !== donation.payment.refundedCents)
        await ports.donations.updatePayment(donation.id, { ...donation.payment, refundedCents })
      return
    }
    case 'dispute-opened':
    case 'dispute-closed': {
      const donation = await paidDonation(ports, event.paymentIntentId)
      const last = donation.payment.disputeEventAt
      if (last !== null && last > event.created) return
      const dispute = event.kind === 'dispute-opened' ? 'OPEN' : event.outcome === 'lost' ? 'LOST' : 'WON'
      await ports.donations.updatePayment(donation.id, { ...donation.payment, dispute, disputeEventAt: event.created })
      return
    }
    case 'account-updated':
      await applyAccountUpdate(ports, event.account, event.created, now)
      return
    case 'other':
      return
  }
}

export const paymentEventOperations = defineOperations({
  receivePaymentEvent: {
    serialKey: PAYMENT_EVENTS_SERIAL_KEY,
    run: async (ctx) => {
      const { ports, now, request } = ctx
      const signature = request.headers['stripe-signature'] ?? ''
      let event: ProviderEvent
      try {
        event = await ports.payments.readEvent(request.rawBody ?? '', signature, now)
      } catch (error) {
        if (error instanceof InvalidEventError) throw invalidEvent(error.message)
        if (error instanceof ProviderError) throw invalidEvent(error.message)
        throw error
      }
      if (event.accountId !== null && !(await ports.paymentAccounts.get(event.accountId)))
        throw invalidEvent(`The account ${event.accountId} is not one of the portal's.`)
      const first = await ports.paymentEvents.record({
        id: event.id,
        type: event.type,
        accountId: event.accountId,
        createdAt: event.created,
        receivedAt: isoInstant(now),
      })
      if (!first) return json(200, { received: true, duplicate: true })
      await applyEvent(ctx, event)
      return json(200, { received: true, duplicate: false })
    },
  },
})
