/**
 * The simulated provider's hosted checkout as plain HTML (a form, no script), served by the server and by
 * mock:server: the campaign and amount, a "Kartennummer" field that takes Stripe's test cards, and a link
 * back to the campaign. The browser's version (checkout-dom.ts) has the same texts and style (checkout-texts.ts).
 */
import type { SimulatedSession } from './simulated-provider.ts'
import { formatEuroCents } from '#domain/money.ts'
import { CHECKOUT_MESSAGES, CHECKOUT_STYLE, CHECKOUT_TEXTS } from './checkout-texts.ts'
import type { CheckoutMessage } from './checkout-texts.ts'

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

/** The page for a session (null: unknown), with the message of the last attempt, if any. */
export const checkoutPageHtml = (
  session: SimulatedSession | null,
  sessionId: string,
  message: CheckoutMessage = null,
): string => {
  let content: string
  if (!session) {
    content = `<h1>${escape(CHECKOUT_TEXTS.heading)}</h1><p role="alert">${escape(CHECKOUT_TEXTS.unknown)}</p>`
  } else if (session.status !== 'open') {
    content = `<h1>${escape(CHECKOUT_TEXTS.heading)}</h1><p role="alert">${escape(CHECKOUT_TEXTS.closed)}</p>
<p><a href="${escape(session.input.cancelUrl)}">${escape(CHECKOUT_TEXTS.cancel)}</a></p>`
  } else {
    const amount = formatEuroCents(session.input.amountCents)
    const alert = message ? `<p role="alert" id="card-error">${escape(CHECKOUT_MESSAGES[message])}</p>` : ''
    content = `<h1>${escape(CHECKOUT_TEXTS.heading)}</h1>
<p>${escape(CHECKOUT_TEXTS.intro(session.input.clubName, session.input.campaignName))}</p>
<p>${escape(CHECKOUT_TEXTS.amount)}: <strong>${escape(amount)}</strong></p>
${alert}
<form method="post"><input type="hidden" name="session" value="${escape(sessionId)}">
<label for="card">${escape(CHECKOUT_TEXTS.cardNumber)}</label>
<input id="card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required aria-describedby="card-hint${message ? ' card-error' : ''}"${message ? ' aria-invalid="true"' : ''}>
<small id="card-hint">${escape(CHECKOUT_TEXTS.cardHint)}</small>
<button type="submit">${escape(CHECKOUT_TEXTS.pay(amount))}</button>
</form>
<p><a href="${escape(session.input.cancelUrl)}">${escape(CHECKOUT_TEXTS.cancel)}</a></p>`
  }
  return `<!doctype html>
<html lang="de"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(CHECKOUT_TEXTS.documentTitle)}</title><style>${CHECKOUT_STYLE}</style></head>
<body><header class="provider-header">${escape(CHECKOUT_TEXTS.brand)}</header><main class="provider-main">${content}</main></body></html>`
}
