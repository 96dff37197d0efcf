/**
 * A stand-in for Stripe's API on 127.0.0.1 (node:http, a free port, plain http), for the Stripe adapter's
 * tests: it records every request as the SDK sent it (method, path, the `Stripe-Account` and
 * `Idempotency-Key` headers, the form-encoded body read with URLSearchParams, so `line_items[0][price_data]
 * [unit_amount]` is one key) and answers with Stripe-shaped objects built from what was sent: accounts,
 * account links, Checkout Sessions, refunds; unknown ids and refused calls with Stripe's error object.
 * `failNext` scripts an answer for the next request to a path (a 500, a declined call).
 *
 * Not Stripe: it checks no parameter beyond what its answers need and knows only these endpoints.
 */
import { randomBytes } from 'node:crypto'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'

export interface RecordedRequest {
  readonly method: string
  /** The path without the query (`/v1/checkout/sessions`). */
  readonly path: string
  readonly query: Readonly<Record<string, string>>
  readonly stripeAccount: string | undefined
  readonly idempotencyKey: string | undefined
  readonly authorization: string | undefined
  readonly stripeVersion: string | undefined
  readonly contentType: string | undefined
  /** The body exactly as received. */
  readonly rawBody: string
  /** The form body, one entry per bracket key as the SDK encodes it (`metadata[clubId]`). */
  readonly form: Readonly<Record<string, string>>
}

export interface ScriptedAnswer {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
}

export interface StripeStandIn {
  readonly host: string
  readonly port: number
  readonly requests: RecordedRequest[]
  /** Answers the next request to `method path` (the path with its ids) with `answer`, once. */
  failNext(method: string, path: string, answer: ScriptedAnswer): void
  /** Lets the donor pay a session: `complete`, `paid`, with a PaymentIntent. */
  completeSession(sessionId: string): string
  /** Marks a connected account as onboarded (charges and payouts on, nothing due). */
  onboard(accountId: string): void
  reset(): void
  close(): Promise<void>
}

/** Stripe's error object (https://docs.stripe.com/api/errors). */
export const stripeError = (
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
): ScriptedAnswer => ({
  status,
  body: { error: { ...error, request_log_url: 'https://dashboard.stripe.com/test/logs/req_standin' } },
})

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`
const seconds = () => Math.floor(Date.now() / 1000)

/** `metadata[a]=1&metadata[b]=2` → `{ a: '1', b: '2' }`. */
const nested = (form: Record<string, string>, prefix: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  )

const readBody = (request: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

export const startStripeStandIn = async (): Promise<StripeStandIn> => {
  const requests: RecordedRequest[] = []
  const scripted = new Map<string, ScriptedAnswer[]>()
  const accounts = new Map<string, Record<string, unknown>>()
  const sessions = new Map<string, Record<string, unknown>>()

  const account = (accountId: string, form: Record<string, string>): Record<string, unknown> => ({
    id: accountId,
    object: 'account',
    business_profile: { name: form['business_profile[name]'] ?? null, mcc: null, url: null },
    business_type: form.business_type ?? null,
    capabilities: { card_payments: 'inactive', transfers: 'inactive' },
    charges_enabled: false,
    controller: {
      fees: { payer: form['controller[fees][payer]'] ?? 'account' },
      is_controller: true,
      losses: { payments: form['controller[losses][payments]'] ?? 'stripe' },
      requirement_collection: form['controller[requirement_collection]'] ?? 'stripe',
      stripe_dashboard: { type: form['controller[stripe_dashboard][type]'] ?? 'express' },
      type: 'application',
    },
    country: form.country ?? 'AT',
    created: seconds(),
    default_currency: 'eur',
    details_submitted: false,
    email: form.email ?? null,
    metadata: nested(form, 'metadata'),
    payouts_enabled: false,
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
      disabled_reason: 'requirements.past_due',
      errors: [],
      eventually_due: ['business_profile.url', 'external_account', 'tos_acceptance.date'],
      past_due: ['external_account', 'representative.first_name'],
      pending_verification: [],
    },
    type: 'none',
  })

  const session = (stripeAccount: string | undefined, form: Record<string, string>): Record<string, unknown> => {
    const sessionId = id('cs_test')
    const amount =
      Number(form['line_items[0][price_data][unit_amount]'] ?? 0) * Number(form['line_items[0][quantity]'] ?? 1)
    return {
      id: sessionId,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: form.cancel_url ?? null,
      client_reference_id: form.client_reference_id ?? null,
      created: seconds(),
      currency: form['line_items[0][price_data][currency]'] ?? 'eur',
      customer_email: form.customer_email ?? null,
      expires_at: Number(form.expires_at ?? seconds() + 86_400),
      livemode: false,
      locale: form.locale ?? null,
      metadata: nested(form, 'metadata'),
      mode: form.mode ?? 'payment',
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      submit_type: form.submit_type ?? null,
      success_url: form.success_url ?? null,
      url: `https://checkout.stripe.com/c/pay/${sessionId}#standin`,
      // Where the stand-in keeps the account the session was made on (not a Stripe field).
      _account: stripeAccount ?? null,
    }
  }

  const answer = (response: ServerResponse, { status, body, headers = {} }: ScriptedAnswer) => {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json',
      'request-id': `req_${randomBytes(7).toString('hex')}`,
      'stripe-version': '2026-10-28.endive',
      ...headers,
    })
    response.end(text)
  }

  const missing = (kind: string, value: string) =>
    stripeError(404, {
      type: 'invalid_request_error',
      code: 'resource_missing',
      message: `No such ${kind}: '${value}'`,
      param: 'id',
    })

  const route = (recorded: RecordedRequest): ScriptedAnswer => {
    const { method, path, form, stripeAccount } = recorded
    const ok = (body: unknown): ScriptedAnswer => ({ status: 200, body })
    if (method === 'POST' && path === '/v1/accounts') {
      const created = account(id('acct'), form)
      accounts.set(created.id as string, created)
      return ok(created)
    }
    const accountMatch = /^\/v1\/accounts\/([\w]+)$/.exec(path)
    if (method === 'GET' && accountMatch) {
      const found = accounts.get(accountMatch[1]!)
      return found ? ok(found) : missing('account', accountMatch[1]!)
    }
    if (method === 'POST' && path === '/v1/account_links') {
      if (!form.account || !accounts.has(form.account)) return missing('account', form.account ?? '')
      return ok({
        object: 'account_link',
        created: seconds(),
        expires_at: seconds() + 300,
        url: `https://connect.stripe.com/setup/e/${form.account}/${randomBytes(9).toString('hex')}`,
      })
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const created = session(stripeAccount, form)
      sessions.set(created.id as string, created)
      const { _account: _, ...visible } = created
      return ok(visible)
    }
    const sessionMatch = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path)
    if (method === 'GET' && sessionMatch) {
      const found = sessions.get(sessionMatch[1]!)
      // A direct charge's session lives on the club's account: without (or with another) Stripe-Account, none.
      if (!found || found._account !== (stripeAccount ?? null)) return missing('checkout.session', sessionMatch[1]!)
      const { _account: _, ...visible } = found
      return ok(visible)
    }
    if (method === 'POST' && path === '/v1/refunds') {
      return ok({
        id: id('re'),
        object: 'refund',
        amount: Number(form.amount),
        charge: id('ch'),
        created: seconds(),
        currency: 'eur',
        metadata: nested(form, 'metadata'),
        payment_intent: form.payment_intent ?? null,
        reason: null,
        status: 'succeeded',
      })
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${path}).`,
    })
  }

  const server = createServer((request, response) => {
    void (async () => {
      const rawBody = await readBody(request)
      const url = new URL(request.url ?? '/', 'http://stand-in')
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        stripeAccount: header(request, 'stripe-account'),
        idempotencyKey: header(request, 'idempotency-key'),
        authorization: header(request, 'authorization'),
        stripeVersion: header(request, 'stripe-version'),
        contentType: header(request, 'content-type'),
        rawBody,
        form: Object.fromEntries(new URLSearchParams(rawBody)),
      }
      requests.push(recorded)
      const queue = scripted.get(`${recorded.method} ${recorded.path}`)
      const next = queue?.shift()
      answer(response, next ?? route(recorded))
    })().catch((error: unknown) => {
      response.writeHead(500).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0

  return {
    host: '127.0.0.1',
    port,
    requests,
    failNext: (method, path, scriptedAnswer) => {
      const key = `${method} ${path}`
      scripted.set(key, [...(scripted.get(key) ?? []), scriptedAnswer])
    },
    completeSession: (sessionId) => {
      const found = sessions.get(sessionId)
      if (!found) throw new Error(`no session ${sessionId}`)
      const paymentIntent = id('pi')
      Object.assign(found, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent })
      return paymentIntent
    },
    onboard: (accountId) => {
      const found = accounts.get(accountId)
      if (!found) throw new Error(`no account ${accountId}`)
      Object.assign(found, {
        charges_enabled: true,
        payouts_enabled: true,
        details_submitted: true,
        capabilities: { card_payments: 'active', transfers: 'active' },
        requirements: { ...(found.requirements as object), currently_due: [], past_due: [], disabled_reason: null },
      })
    },
    reset: () => {
      requests.length = 0
      scripted.clear()
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
