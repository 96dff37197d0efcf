/**
 * The simulated card provider: the twin of the Stripe Connect adapter for the mocked mode and `npm start`,
 * where no provider can be reached. It keeps its accounts, checkout sessions and refunds in memory (one
 * process, as the modes it serves; in the browser also in a storage of its own, `memory`, because every page
 * load there starts a new one; with several server processes in their database, `shared`), has a hosted checkout page (./checkout-html.ts, ./checkout-dom.ts) and a
 * hosted onboarding (./provider-html.ts, ./provider-dom.ts), and tells the portal what happened the way
 * Stripe does: Stripe-shaped events (#adapters/stripe-events/read-stripe-event.ts), signed with Stripe's
 * scheme and the webhook secret, delivered to the portal's webhook operation. So the portal's one webhook
 * operation serves both, and the mocked mode exercises the real path: a payment arrives as
 * `checkout.session.completed`, a submitted onboarding as `account.updated`.
 *
 * Test cards as Stripe's: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined; any other number
 * is refused as not a test card.
 */
import { InvalidEventError, ProviderError } from '#domain/payment-provider.ts'
import type {
  CheckoutInput,
  CheckoutState,
  HostedCheckout,
  PaymentProvider,
  ProviderAccount,
  ProviderRefund,
} from '#domain/payment-provider.ts'
import { readCheckoutState, readStripeEvent, stripeEvent } from '#adapters/stripe-events/read-stripe-event.ts'
import type { StripeAccount, StripeCheckoutSession } from '#adapters/stripe-events/read-stripe-event.ts'
import { signatureHeader, verifySignature } from '#adapters/stripe-events/signature.ts'
import type { ApiRequest } from '#domain/operation.ts'
import { API_PREFIX } from '#openapi/generated/operations.ts'
import type { OnboardingSubmission } from '#domain/onboarding.ts'
import type { PaymentRequirement } from '#openapi/generated/model/paymentRequirement.ts'
import { PROVIDER_CHECKOUT_PATH, PROVIDER_PAGE_PATH } from './paths.ts'

/**
 * The simulated provider's webhook secret. Public on purpose: the simulated provider only ever runs where
 * nothing real is paid (the mocked mode, `npm start` without Stripe's keys), and the contract suite signs
 * its own events with it to test the webhook's refusals.
 */
export const SIMULATED_WEBHOOK_SECRET = 'whsec_simulated_vereinsportal_development'

export const SUCCESS_CARD = '4242424242424242'
export const DECLINED_CARD = '4000000000000002'

/** What the simulated provider's state says of one checkout. */
export interface SimulatedSession {
  readonly input: CheckoutInput
  readonly sessionId: string
  status: 'open' | 'complete' | 'expired'
  paymentIntentId: string | null
  chargeId: string | null
  refundedCents: number
}

/** What the hosted checkout page shows of a session (the browser's page asks for it as JSON). */
export interface CheckoutSessionInfo {
  readonly session: string
  readonly status: SimulatedSession['status']
  readonly clubName: string
  readonly campaignName: string
  readonly amountCents: number
  readonly cancelUrl: string
}

export const checkoutSessionInfo = (session: SimulatedSession): CheckoutSessionInfo => ({
  session: session.sessionId,
  status: session.status,
  clubName: session.input.clubName,
  campaignName: session.input.campaignName,
  amountCents: session.input.amountCents,
  cancelUrl: session.input.cancelUrl,
})

/**
 * The provider's requirement key for each requirement the portal shows (domain/payment-events.ts reads
 * them back): the keys Stripe uses for the same details.
 */
const REQUIREMENT_KEYS: Readonly<Record<PaymentRequirement, string>> = {
  BUSINESS_DETAILS: 'business_profile.url',
  REPRESENTATIVE_IDENTITY: 'representative.verification.document',
  BANK_ACCOUNT: 'external_account',
  TERMS_ACCEPTANCE: 'tos_acceptance.date',
}
/** What "submitting part of the details" on the onboarding page leaves open: identity and bank account. */
const PARTIAL_OPEN_KEYS: readonly string[] = [REQUIREMENT_KEYS.REPRESENTATIVE_IDENTITY, REQUIREMENT_KEYS.BANK_ACCOUNT]

/**
 * The account after the club submitted the onboarding page: everything → it takes charges and pays out;
 * part → the business details and terms are in, identity and bank account (at least the bank account)
 * stay due. The page showed the club what is open (the portal's view, `submission.requirements`), so that
 * is what was submitted against, also for an account this provider has not kept (the demo seed's, or one
 * from before a restart).
 */
export const accountAfterOnboarding = (submission: OnboardingSubmission): ProviderAccount => {
  if (submission.outcome === 'COMPLETE')
    return {
      accountId: submission.accountId,
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
    }
  const open = submission.requirements
    .map((item) => REQUIREMENT_KEYS[item])
    .filter((key) => PARTIAL_OPEN_KEYS.includes(key))
  return {
    accountId: submission.accountId,
    chargesEnabled: false,
    payoutsEnabled: false,
    detailsSubmitted: true,
    requirementsDue: open.length > 0 ? open : [REQUIREMENT_KEYS.BANK_ACCOUNT],
  }
}

/** Where the provider keeps its state beyond one instance (the browser's localStorage): text in, text out. */
export interface ProviderMemory {
  load(): string | null
  save(text: string): void
}

/**
 * The state kept where every instance reads and writes it in turn (several server processes: their
 * database). `update` runs `work` on the stored text (null: none yet) while no other instance anywhere
 * does, and stores the text it returns; nothing is stored when `work` throws.
 */
export interface SharedProviderState {
  update<T>(work: (text: string | null) => { readonly result: T; readonly text: string }): Promise<T>
}

export type PayOutcome =
  | { readonly outcome: 'paid'; readonly redirect: string }
  | { readonly outcome: 'declined' | 'not-a-test-card' | 'closed' }

export interface SimulatedProviderOptions {
  /** The webhook secret its events are signed with (the portal verifies them with the same). */
  readonly webhookSecret: string
  readonly now: () => number
  /** URL-safe random text for ids. */
  readonly token: () => string
  /**
   * Delivers one signed event to the portal's webhook operation and settles when the portal answered.
   * The provider never waits for it inside the portal's own unit of work (a refund's), only after.
   */
  readonly deliver: (payload: string, signature: string) => Promise<void>
  /** Where a delivery that failed is told (it is not retried: the thank-you page asks anyway). */
  readonly onDeliveryError?: (error: unknown) => void
  /**
   * Keeps the provider's state where the next instance finds it: in the browser each page load makes a new
   * provider, and the hosted checkout and the thank-you page are page loads of their own. Absent: memory only.
   */
  readonly memory?: ProviderMemory
  /** Instead of `memory`: the state shared by instances in several processes, read and written in turns. */
  readonly shared?: SharedProviderState
}

export interface SimulatedProvider extends PaymentProvider {
  /** The session behind the hosted checkout page, or null. */
  session(sessionId: string): Promise<SimulatedSession | null>
  /** The donor submits a card number on the hosted page. */
  pay(sessionId: string, cardNumber: string): Promise<PayOutcome>
  /**
   * The club submitted the hosted onboarding: the account changes here, and the portal learns it from the
   * `account.updated` event, as from Stripe. Settles once the event has been delivered.
   */
  submitOnboarding(submission: OnboardingSubmission): Promise<void>
  /** Settles when every event sent so far has been delivered (tests, and a page that waits for it). */
  delivered(): Promise<void>
  /**
   * Forgets every account, session and refund: when the portal's data goes back to the demo seed, the
   * provider must not remember what the portal no longer knows (an account it completed, a paid session).
   * Without `shared` it has forgotten by the time it returns.
   */
  forget(): Promise<void>
}

/** The provider's state in `memory`. */
interface SavedProviderState {
  readonly accounts: ProviderAccount[]
  readonly sessions: SimulatedSession[]
  readonly refunds: [string, ProviderRefund][]
  readonly checkouts: [string, HostedCheckout][]
}

const replace = <K, V>(map: Map<K, V>, entries: Iterable<readonly [K, V]>): void => {
  map.clear()
  for (const [key, value] of entries) map.set(key, value)
}

export const createSimulatedProvider = (options: SimulatedProviderOptions): SimulatedProvider => {
  const accounts = new Map<string, ProviderAccount>()
  const sessions = new Map<string, SimulatedSession>()
  const refundsByKey = new Map<string, ProviderRefund>()
  const byKey = new Map<string, HostedCheckout>()
  const pending = new Set<Promise<void>>()
  const newId = (prefix: string) => `${prefix}_sim_${options.token().replace(/[-_]/g, 'x')}`

  // The state as `memory` last had it: read again when another instance (another page) has changed it.
  let remembered: string | null = null
  const recall = () => {
    if (options.memory) load(options.memory.load())
  }
  /** The state of `text`, unless it is what this instance has already (or nothing, or unreadable). */
  const load = (text: string | null) => {
    if (text === null || text === remembered) return
    try {
      const saved = JSON.parse(text) as SavedProviderState
      if (![saved.accounts, saved.sessions, saved.refunds, saved.checkouts].every(Array.isArray)) return
      replace(
        accounts,
        saved.accounts.map((account) => [account.accountId, account]),
      )
      replace(
        sessions,
        saved.sessions.map((session) => [session.sessionId, session]),
      )
      replace(refundsByKey, saved.refunds)
      replace(byKey, saved.checkouts)
      remembered = text
    } catch {
      // Unreadable (another version's): this instance starts afresh and overwrites it with its next change.
    }
  }
  const serialize = (): string => {
    const state: SavedProviderState = {
      accounts: [...accounts.values()],
      sessions: [...sessions.values()],
      refunds: [...refundsByKey],
      checkouts: [...byKey],
    }
    return JSON.stringify(state)
  }
  const remember = () => {
    if (!options.memory) return
    remembered = serialize()
    options.memory.save(remembered)
  }

  /** Events of the running turn, delivered once it has ended (with `shared`: once its state is stored). */
  let outgoing: Array<() => Promise<void>> = []
  const send = (type: string, object: Record<string, unknown>, account: string): void => {
    const event = stripeEvent(type, object as never, { id: newId('evt'), created: options.now(), account })
    const payload = JSON.stringify(event)
    const header = signatureHeader(payload, options.webhookSecret, Math.floor(options.now() / 1000))
    outgoing.push(() => {
      // After the current turn: a refund's own unit of work must end before its event is applied.
      const delivery = Promise.resolve()
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)))
        .then(() => options.deliver(payload, header))
        .catch((error: unknown) => options.onDeliveryError?.(error))
      pending.add(delivery)
      void delivery.finally(() => pending.delete(delivery))
      return delivery
    })
  }

  /**
   * One operation on the state: `work` reads and changes the maps without pausing, so nothing else runs
   * in between; its events are sent afterwards. Without `shared` it runs before `turn` returns.
   */
  const turn = async <T>(work: () => T): Promise<{ result: T; deliveries: Promise<void> }> => {
    const run = () => {
      outgoing = []
      try {
        return { result: work(), queued: outgoing }
      } finally {
        outgoing = []
      }
    }
    let done: { result: T; queued: Array<() => Promise<void>> }
    const { shared } = options
    if (shared) {
      done = await shared.update((text) => {
        // What the instances stored last (nothing yet: the empty state).
        if (text === null) {
          for (const map of [accounts, sessions, refundsByKey, byKey]) map.clear()
          remembered = null
        }
        load(text)
        try {
          const ran = run()
          remembered = serialize()
          return { result: ran, text: remembered }
        } catch (error) {
          // Nothing is stored: the next turn reads the stored state again, whatever this one changed.
          remembered = null
          throw error
        }
      })
    } else {
      recall()
      done = run()
    }
    return {
      result: done.result,
      deliveries: Promise.all(done.queued.map((deliver) => deliver())).then(() => undefined),
    }
  }
  const inTurn = async <T>(work: () => T): Promise<T> => (await turn(work)).result

  const accountObject = (account: ProviderAccount): StripeAccount => ({
    id: account.accountId,
    object: 'account',
    charges_enabled: account.chargesEnabled,
    payouts_enabled: account.payoutsEnabled,
    details_submitted: account.detailsSubmitted,
    requirements: { currently_due: [...account.requirementsDue], past_due: [] },
  })

  const sessionObject = (session: SimulatedSession): StripeCheckoutSession => ({
    id: session.sessionId,
    object: 'checkout.session',
    client_reference_id: session.input.checkoutId,
    status: session.status,
    payment_status: session.paymentIntentId !== null ? 'paid' : 'unpaid',
    payment_intent: session.paymentIntentId,
    amount_total: session.input.amountCents,
    currency: 'eur',
    metadata: { ...session.input.metadata },
    customer_email: session.input.donorEmail,
  })

  /** A session past its time expires (once), as Stripe's do, and says so. */
  const current = (session: SimulatedSession): SimulatedSession => {
    if (session.status === 'open' && options.now() >= session.input.expiresAt) {
      session.status = 'expired'
      remember()
      send('checkout.session.expired', { ...sessionObject(session) }, session.input.accountId)
    }
    return session
  }

  const sessionOf = (accountId: string, sessionId: string): SimulatedSession => {
    const session = sessions.get(sessionId)
    if (!session || session.input.accountId !== accountId)
      throw new ProviderError(`No such checkout.session: '${sessionId}'`, 'resource_missing', true)
    return current(session)
  }

  return {
    name: 'simulated',

    createAccount: () =>
      inTurn(() => {
        const account: ProviderAccount = {
          accountId: newId('acct'),
          chargesEnabled: false,
          payoutsEnabled: false,
          detailsSubmitted: false,
          requirementsDue: [
            'business_profile.url',
            'external_account',
            'representative.verification.document',
            'tos_acceptance.date',
          ],
        }
        accounts.set(account.accountId, account)
        remember()
        return account
      }),

    account: (accountId) =>
      inTurn(() => {
        const account = accounts.get(accountId)
        if (!account) throw new ProviderError(`No such account: '${accountId}'`, 'resource_missing', true)
        return account
      }),

    // The page works on the portal's own single-use link, which ends first (domain/payments.ts).
    onboardingLink: async ({ linkId, requestOrigin }) => ({
      url: `${requestOrigin}${PROVIDER_PAGE_PATH}?link=${encodeURIComponent(linkId)}`,
      expiresAt: new Date(options.now() + 60 * 60_000).toISOString(),
    }),

    createCheckout: (input) =>
      inTurn(() => {
        const again = byKey.get(input.idempotencyKey)
        if (again) return again
        const sessionId = newId('cs')
        sessions.set(sessionId, {
          input,
          sessionId,
          status: 'open',
          paymentIntentId: null,
          chargeId: null,
          refundedCents: 0,
        })
        const hosted: HostedCheckout = {
          sessionId,
          url: `${input.requestOrigin}${PROVIDER_CHECKOUT_PATH}?session=${encodeURIComponent(sessionId)}`,
          expiresAt: new Date(input.expiresAt).toISOString(),
        }
        byKey.set(input.idempotencyKey, hosted)
        remember()
        return hosted
      }),

    checkout: (accountId, sessionId): Promise<CheckoutState> =>
      inTurn(() => readCheckoutState(sessionObject(sessionOf(accountId, sessionId)))),

    refund: (input) =>
      inTurn(() => {
        const again = refundsByKey.get(input.idempotencyKey)
        if (again) return again
        const session = [...sessions.values()].find(
          (candidate) =>
            candidate.paymentIntentId === input.paymentIntentId && candidate.input.accountId === input.accountId,
        )
        if (!session)
          throw new ProviderError(`No such payment_intent: '${input.paymentIntentId}'`, 'resource_missing', true)
        const left = session.input.amountCents - session.refundedCents
        if (input.amountCents > left)
          throw new ProviderError('Refund amount is greater than the unrefunded amount.', 'amount_too_large', true)
        session.refundedCents += input.amountCents
        const refund: ProviderRefund = { refundId: newId('re'), status: 'succeeded', amountCents: input.amountCents }
        refundsByKey.set(input.idempotencyKey, refund)
        remember()
        send(
          'charge.refunded',
          {
            id: session.chargeId,
            object: 'charge',
            amount: session.input.amountCents,
            amount_refunded: session.refundedCents,
            payment_intent: session.paymentIntentId,
          },
          session.input.accountId,
        )
        return refund
      }),

    readEvent: async (payload, header, now) => {
      verifySignature(payload, header, options.webhookSecret, now)
      let json: unknown
      try {
        json = JSON.parse(payload)
      } catch {
        throw new InvalidEventError('payload', 'The delivery is not JSON.')
      }
      return readStripeEvent(json)
    },

    session: (sessionId) =>
      inTurn(() => {
        const session = sessions.get(sessionId)
        return session ? current(session) : null
      }),

    pay: async (sessionId, cardNumber) => {
      const { result, deliveries } = await turn((): PayOutcome => {
        const session = sessions.get(sessionId)
        if (!session || current(session).status !== 'open') return { outcome: 'closed' }
        const digits = cardNumber.replace(/[\s-]/g, '')
        if (digits === DECLINED_CARD) return { outcome: 'declined' }
        if (digits !== SUCCESS_CARD) return { outcome: 'not-a-test-card' }
        session.status = 'complete'
        session.paymentIntentId = newId('pi')
        session.chargeId = newId('ch')
        remember()
        send('checkout.session.completed', { ...sessionObject(session) }, session.input.accountId)
        return { outcome: 'paid', redirect: session.input.successUrl }
      })
      // The donor's thank-you page follows once the portal has the payment.
      await deliveries
      return result
    },

    submitOnboarding: async (submission) => {
      const { deliveries } = await turn(() => {
        const account = accountAfterOnboarding(submission)
        accounts.set(account.accountId, account)
        remember()
        send('account.updated', accountObject(account), account.accountId)
      })
      await deliveries
    },

    delivered: async () => {
      while (pending.size > 0) await Promise.all([...pending])
    },

    forget: () =>
      inTurn(() => {
        for (const map of [accounts, sessions, refundsByKey, byKey]) map.clear()
        remember()
      }),
  }
}

/** A delivery to the portal's webhook as an edge hands it to the domain: the raw body and its signature. */
export const deliveryRequest = (payload: string, signature: string): ApiRequest => ({
  method: 'POST',
  path: `${API_PREFIX}/payment/webhook`,
  origin: 'http://localhost',
  appOrigin: 'http://localhost',
  params: {},
  query: new URLSearchParams(),
  authorization: null,
  body: JSON.parse(payload) as unknown,
  rawBody: payload,
  headers: { 'content-type': 'application/json', 'stripe-signature': signature },
})
