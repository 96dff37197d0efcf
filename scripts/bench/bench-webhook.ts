/**
 * The card-payment webhook under load, for `npm run bench:server`: donors start checkouts on the seed's
 * running campaign through the API (`createDonationCheckout`), then the provider's signed
 * `checkout.session.completed` events arrive at POST /payment/webhook, many at once, with redeliveries of
 * earlier events mixed in (some while the first delivery is still in flight). Afterwards exactly one
 * donation per paid checkout must exist and the campaign's and the club's totals must have risen by exactly
 * the sum paid; anything else is a failure, however fast.
 *
 * The events are what the simulated provider sends (`stripeEvent`), signed with Stripe's scheme and the
 * simulated provider's webhook secret at the moment each delivery leaves, as Stripe signs each attempt.
 */
import { createPrng } from '#adapters/demo-seed/prng.ts'
import { seedAccounts, seedCampaigns, seedClubs, seedPaymentAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import { stripeEvent } from '#adapters/stripe-events/read-stripe-event.ts'
import { signatureHeader } from '#adapters/stripe-events/signature.ts'
import { SIMULATED_WEBHOOK_SECRET } from '#adapters/simulated-card-provider/simulated-provider.ts'

export interface WebhookOptions {
  /** Paid checkouts, each delivered once as a new event. */
  readonly events: number
  /** Redeliveries of an earlier event id, mixed in among them. */
  readonly duplicates: number
  /** Deliveries (and, before, checkout requests) in flight at once. */
  readonly concurrency: number
}

export interface WebhookResult {
  readonly backend: string
  readonly deliveries: number
  readonly concurrency: number
  readonly seconds: number
  readonly eventsPerSecond: number
  readonly p50: number
  readonly p99: number
  readonly max: number
  /** Answered 200 `duplicate: false`: applied now. */
  readonly accepted: number
  /** Answered 200 `duplicate: true`: applied before, nothing changed. */
  readonly duplicatesReported: number
  /** Redeliveries that left while the first delivery of the same event was still unanswered. */
  readonly duplicatesWhileInFlight: number
  /** Anything but 200 with a receipt, or no answer. */
  readonly errors: number
  /** Refused deliveries of the warm-up's events (before the measured run). */
  readonly warmUpErrors: number
  readonly newDonations: { readonly campaign: number; readonly club: number; readonly expected: number }
  readonly raisedCents: { readonly campaign: number; readonly club: number; readonly expected: number }
  readonly checkouts: { readonly count: number; readonly perSecond: number; readonly p50: number; readonly p99: number }
  /** What did not match; empty when the webhook did exactly what it must. */
  readonly failures: readonly string[]
}

const API = '/api/backend/v1'
const CAMPAIGN = seedCampaigns.runningEnabled
const CLUB = seedClubs.volume
const ACCOUNT = seedPaymentAccounts.active.accountId
/** Checkouts whose events warm the server up (JIT, the statements' plans) before the measured run. */
export const WARM_UP = 50

const percentile = (sorted: readonly number[], p: number): number =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!

const round = (ms: number) => Math.round(ms * 10) / 10

/** Runs `work(i)` for i in [0, count) with at most `concurrency` at once. */
const pool = async (count: number, concurrency: number, work: (i: number) => Promise<void>): Promise<void> => {
  let next = 0
  const worker = async () => {
    while (next < count) await work(next++)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
}

const getJson = async <T>(base: string, path: string, token?: string): Promise<T> => {
  const response = await fetch(`${base}${API}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

interface Totals {
  campaignCents: number
  campaignCount: number
  clubCents: number
  clubCount: number
}

const totalsOf = async (base: string, token: string): Promise<Totals> => {
  const [campaign, overview] = await Promise.all([
    getJson<{ raisedCents: number; donationCount: number }>(base, `/giving/campaigns/${CAMPAIGN}`),
    getJson<{ donations: { totalCents: number; count: number } }>(base, `/club/cluboverview/${CLUB}`, token),
  ])
  return {
    campaignCents: campaign.raisedCents,
    campaignCount: campaign.donationCount,
    clubCents: overview.donations.totalCents,
    clubCount: overview.donations.count,
  }
}

interface Checkout {
  checkoutId: string
  sessionId: string
  amountCents: number
}

/** `count` checkouts through the API, as donors start them on the public page; with their latencies. */
const startCheckouts = async (
  base: string,
  count: number,
  concurrency: number,
  amountOf: (i: number) => number,
): Promise<{ checkouts: Checkout[]; latencies: number[]; seconds: number }> => {
  const checkouts: Checkout[] = new Array<Checkout>(count)
  const latencies: number[] = []
  const started = performance.now()
  await pool(count, concurrency, async (i) => {
    const amountCents = amountOf(i)
    const sent = performance.now()
    const response = await fetch(`${base}${API}/giving/campaigns/${CAMPAIGN}/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        amountCents,
        donorName: `Spenderin ${i}`,
        email: `spende-${i}@bench.demo.at`,
        message: null,
      }),
    })
    latencies.push(performance.now() - sent)
    if (response.status !== 201)
      throw new Error(`createDonationCheckout ${i}: ${response.status} ${await response.text()}`)
    const body = (await response.json()) as { checkoutId: string; url: string }
    const sessionId = new URL(body.url).searchParams.get('session')
    if (!sessionId) throw new Error(`createDonationCheckout ${i}: no session in ${body.url}`)
    checkouts[i] = { checkoutId: body.checkoutId, sessionId, amountCents }
  })
  return { checkouts, latencies, seconds: (performance.now() - started) / 1000 }
}

/** The provider's event that `checkout` was paid, as its body is sent (every delivery of it the same bytes). */
const paidEvent = (checkout: Checkout, id: string): string =>
  JSON.stringify(
    stripeEvent(
      'checkout.session.completed',
      {
        id: checkout.sessionId,
        object: 'checkout.session',
        client_reference_id: checkout.checkoutId,
        status: 'complete',
        payment_status: 'paid',
        payment_intent: `pi_bench_${checkout.checkoutId}`,
        amount_total: checkout.amountCents,
        currency: 'eur',
        metadata: { campaignId: CAMPAIGN, clubId: CLUB },
        customer_email: 'spende@bench.demo.at',
      },
      { id, created: Date.now(), account: ACCOUNT },
    ),
  )

type Answer = { ok: true; duplicate: boolean } | { ok: false; what: string }

const deliver = async (base: string, payload: string): Promise<Answer> => {
  try {
    const response = await fetch(`${base}${API}/payment/webhook`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signatureHeader(payload, SIMULATED_WEBHOOK_SECRET, Math.floor(Date.now() / 1000)),
      },
      body: payload,
    })
    const text = await response.text()
    if (response.status !== 200) return { ok: false, what: `${response.status} ${text.slice(0, 300)}` }
    const receipt = JSON.parse(text) as { received?: unknown; duplicate?: unknown }
    if (receipt.received !== true || typeof receipt.duplicate !== 'boolean')
      return { ok: false, what: `200 without a receipt: ${text.slice(0, 300)}` }
    return { ok: true, duplicate: receipt.duplicate }
  } catch (error) {
    return { ok: false, what: error instanceof Error ? error.message : String(error) }
  }
}

interface Delivery {
  /** Index into the events. */
  event: number
  /** A redelivery of an event delivered before (in the order they leave). */
  repeat: boolean
  /** Where it leaves in the sequence: the deliveries are sorted by it. */
  key: number
}

/**
 * The order the deliveries leave in: the events shuffled, and each redelivery somewhere after its event's
 * first delivery: half of them within the next `concurrency` deliveries (so mostly while the first is still
 * in flight), the others anywhere later.
 */
const schedule = (events: number, duplicates: number, concurrency: number, seed: number): Delivery[] => {
  const prng = createPrng(seed)
  const order = Array.from({ length: events }, (_, i) => i)
  for (let i = order.length - 1; i > 0; i--) {
    const j = prng.int(0, i)
    ;[order[i], order[j]] = [order[j]!, order[i]!]
  }
  const deliveries: Delivery[] = order.map((event, position) => ({ event, repeat: false, key: position }))
  for (let d = 0; d < duplicates; d++) {
    const position = prng.int(0, events - 1)
    const offset = d % 2 === 0 ? 0.5 + prng.next() * concurrency : 0.5 + prng.next() * (events - position)
    deliveries.push({ event: order[position]!, repeat: true, key: position + offset })
  }
  return deliveries.sort((a, b) => a.key - b.key)
}

/** Signs in a seed account at the local identity (the server's own sign-in, as the bench's reads do). */
export type SignIn = (base: string, email: string) => Promise<string>

export const measureWebhook = async (
  backend: string,
  base: string,
  options: WebhookOptions,
  signIn: SignIn,
): Promise<WebhookResult> => {
  const { events, duplicates, concurrency } = options
  const token = await signIn(base, seedAccounts.verein.email)
  const campaign = await getJson<{ minimumDonationCents: number; acceptance: { accepting: boolean } }>(
    base,
    `/giving/campaigns/${CAMPAIGN}`,
  )
  if (!campaign.acceptance.accepting) throw new Error(`${backend}: the campaign ${CAMPAIGN} takes no donations`)
  const prng = createPrng(0x5e4d)
  const minimum = Math.max(100, campaign.minimumDonationCents)
  // Amounts from the minimum to 250 € in whole euros and some odd cents, so a lost or doubled one shows.
  const amounts = Array.from({ length: WARM_UP + events }, () => minimum + prng.int(0, 24_900))

  const made = await startCheckouts(base, WARM_UP + events, concurrency, (i) => amounts[i]!)
  const checkoutLatencies = made.latencies.toSorted((a, b) => a - b)
  console.log(
    `  ${backend.padEnd(26)} ${`${WARM_UP + events} checkouts (createDonationCheckout)`.padEnd(44)} ${(made.checkouts.length / made.seconds).toFixed(0).padStart(6)} req/s  p50 ${round(percentile(checkoutLatencies, 50))} ms  p99 ${round(percentile(checkoutLatencies, 99))} ms`,
  )
  const warmUp = made.checkouts.slice(0, WARM_UP)
  const paid = made.checkouts.slice(WARM_UP)
  const runId = Date.now().toString(36)
  const payloads = paid.map((checkout, i) => paidEvent(checkout, `evt_bench_${runId}_${i}`))

  // Refused warm-up deliveries count as errors too (they are the same deliveries), but do not stop the run.
  const warmUpErrors: string[] = []
  await pool(warmUp.length, concurrency, async (i) => {
    const answer = await deliver(base, paidEvent(warmUp[i]!, `evt_bench_${runId}_warm_${i}`))
    if (!answer.ok) warmUpErrors.push(answer.what)
  })

  const before = await totalsOf(base, token)
  const deliveries = schedule(events, duplicates, concurrency, 0xde11)
  const inFlight = new Map<number, number>()
  const latencies: number[] = []
  const errors: string[] = []
  let accepted = 0
  let acceptedCents = 0
  let duplicatesReported = 0
  let duplicatesWhileInFlight = 0
  const started = performance.now()
  await pool(deliveries.length, concurrency, async (i) => {
    const delivery = deliveries[i]!
    if (delivery.repeat && (inFlight.get(delivery.event) ?? 0) > 0) duplicatesWhileInFlight++
    inFlight.set(delivery.event, (inFlight.get(delivery.event) ?? 0) + 1)
    const sent = performance.now()
    const answer = await deliver(base, payloads[delivery.event]!)
    latencies.push(performance.now() - sent)
    inFlight.set(delivery.event, inFlight.get(delivery.event)! - 1)
    if (!answer.ok) errors.push(answer.what)
    else if (answer.duplicate) duplicatesReported++
    else {
      accepted++
      acceptedCents += paid[delivery.event]!.amountCents
    }
  })
  const seconds = (performance.now() - started) / 1000
  const after = await totalsOf(base, token)

  const expectedCents = paid.reduce((sum, checkout) => sum + checkout.amountCents, 0)
  const failures: string[] = []
  const expect = (what: string, actual: number, expected: number) => {
    if (actual !== expected) failures.push(`${what}: ${actual}, expected ${expected}`)
  }
  expect('errors', errors.length, 0)
  expect('errors while warming up', warmUpErrors.length, 0)
  expect('accepted (duplicate: false)', accepted, events)
  expect('duplicates reported (duplicate: true)', duplicatesReported, duplicates)
  expect('new donations of the campaign', after.campaignCount - before.campaignCount, events)
  expect('new donations of the club', after.clubCount - before.clubCount, events)
  expect('campaign raised, cents', after.campaignCents - before.campaignCents, expectedCents)
  expect('club total, cents', after.clubCents - before.clubCents, expectedCents)
  // Whatever went wrong, what was reported applied must be exactly what the totals show.
  expect(
    'campaign raised against the events answered duplicate: false, cents',
    after.campaignCents - before.campaignCents,
    acceptedCents,
  )
  const shown = [...new Set([...warmUpErrors, ...errors])].slice(0, 3)
  if (shown.length > 0) failures.push(`first errors: ${shown.join(' | ')}`)

  latencies.sort((a, b) => a - b)
  return {
    backend,
    deliveries: deliveries.length,
    concurrency,
    seconds,
    eventsPerSecond: deliveries.length / seconds,
    p50: round(percentile(latencies, 50)),
    p99: round(percentile(latencies, 99)),
    max: round(latencies.at(-1) ?? 0),
    accepted,
    duplicatesReported,
    duplicatesWhileInFlight,
    errors: errors.length,
    warmUpErrors: warmUpErrors.length,
    newDonations: {
      campaign: after.campaignCount - before.campaignCount,
      club: after.clubCount - before.clubCount,
      expected: events,
    },
    raisedCents: {
      campaign: after.campaignCents - before.campaignCents,
      club: after.clubCents - before.clubCents,
      expected: expectedCents,
    },
    checkouts: {
      count: made.checkouts.length,
      perSecond: made.checkouts.length / made.seconds,
      p50: round(percentile(checkoutLatencies, 50)),
      p99: round(percentile(checkoutLatencies, 99)),
    },
    failures,
  }
}

const euros = (cents: number) =>
  (cents / 100).toLocaleString('de-AT', { style: 'currency', currency: 'EUR', minimumFractionDigits: 2 })

/** The result as bench:server prints it, a few lines. */
export const describeWebhook = (result: WebhookResult): string =>
  [
    `  ${result.backend.padEnd(26)} ${`webhook, ${result.deliveries} deliveries`.padEnd(44)} ${result.eventsPerSecond.toFixed(0).padStart(6)} events/s  p50 ${result.p50} ms  p99 ${result.p99} ms  max ${result.max} ms  (${result.concurrency} in flight, ${result.seconds.toFixed(1)} s)`,
    `  ${''.padEnd(26)} accepted ${result.accepted}, duplicates reported ${result.duplicatesReported} (${result.duplicatesWhileInFlight} sent while the first was in flight), errors ${result.errors}${result.warmUpErrors > 0 ? ` (and ${result.warmUpErrors} of the ${WARM_UP} warm-up deliveries)` : ''}`,
    `  ${''.padEnd(26)} new donations: campaign ${result.newDonations.campaign}, club ${result.newDonations.club} (expected ${result.newDonations.expected}); raised: campaign ${euros(result.raisedCents.campaign)}, club ${euros(result.raisedCents.club)} (expected ${euros(result.raisedCents.expected)})`,
    result.failures.length === 0
      ? `  ${''.padEnd(26)} counts and totals exact`
      : `  ${''.padEnd(26)} WRONG: ${result.failures.join('; ')}`,
  ].join('\n')
