/**
 * The simulated provider's hosted checkout as plain HTML (a form, no script), served by the server and by
 * mock:server: the campaign and amount, a "Kartennummer" field that takes Stripe's test cards, and a link
 * back to the campaign. It stands in for a third party, so it looks like the onboarding page, not the portal.
 */
import type { SimulatedSession } from './simulated-provider.ts'

export const CHECKOUT_TEXTS = {
  documentTitle: 'Spende bezahlen – Simulierter Zahlungsanbieter',
  brand: 'PayDemo · Simulierter Zahlungsanbieter',
  heading: 'Spende bezahlen',
  intro: (clubName: string, campaignName: string) =>
    `Spende an „${clubName}“ für „${campaignName}“. Dies ist eine Simulation für die Entwicklung: Es wird kein echtes Geld bewegt.`,
  amount: 'Betrag',
  cardNumber: 'Kartennummer',
  cardHint: 'Testkarten: 4242 4242 4242 4242 (erfolgreich), 4000 0000 0000 0002 (abgelehnt).',
  pay: (amount: string) => `${amount} bezahlen`,
  cancel: 'Abbrechen und zurück zur Kampagne',
  declined: 'Ihre Karte wurde abgelehnt. Bitte verwenden Sie eine andere Karte.',
  notATestCard: 'Diese Kartennummer ist keine Testkarte. Bitte verwenden Sie 4242 4242 4242 4242.',
  closed: 'Diese Zahlung ist abgeschlossen oder abgelaufen.',
  unknown: 'Diese Zahlung gibt es nicht.',
} as const

export type CheckoutMessage = 'declined' | 'not-a-test-card' | 'closed' | null

const MESSAGES: Readonly<Record<Exclude<CheckoutMessage, null>, string>> = {
  declined: CHECKOUT_TEXTS.declined,
  'not-a-test-card': CHECKOUT_TEXTS.notATestCard,
  closed: CHECKOUT_TEXTS.closed,
}

const escape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')

export const euros = (cents: number): string =>
  new Intl.NumberFormat('de-AT', { style: 'currency', currency: 'EUR' }).format(cents / 100)

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f1fb;color:#1d1b2f;margin:0}
header{background:#4b3bb5;color:#fff;padding:12px 24px;font-weight:600}
main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:24px 28px;box-shadow:0 2px 12px #0001}
h1{font-size:1.4rem;margin-top:0}
form{display:flex;flex-direction:column;gap:12px;margin-top:20px}
label{font-weight:600}
input{font:inherit;padding:10px 12px;border-radius:8px;border:1px solid #8a84b8}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #4b3bb5;background:#4b3bb5;color:#fff;cursor:pointer}
[role=alert]{color:#a1132a;font-weight:600}
small{opacity:.8}
a{color:#4b3bb5}`

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
    const amount = euros(session.input.amountCents)
    const alert = message ? `<p role="alert" id="card-error">${escape(MESSAGES[message])}</p>` : ''
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
<title>${escape(CHECKOUT_TEXTS.documentTitle)}</title><style>${STYLE}</style></head>
<body><header>${escape(CHECKOUT_TEXTS.brand)}</header><main>${content}</main></body></html>`
}
