/**
 * The simulated provider's hosted checkout: the same German texts and the same look for the browser (DOM,
 * checkout-dom.ts) and the server (HTML, checkout-html.ts). It stands in for a third party, so it looks like
 * the onboarding page, not the portal.
 */
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
  error: 'Die Zahlung konnte nicht übermittelt werden. Bitte versuchen Sie es erneut.',
} as const

/** Why the last attempt did not pay. */
export type CheckoutMessage = 'declined' | 'not-a-test-card' | 'closed' | null

export const CHECKOUT_MESSAGES: Readonly<Record<Exclude<CheckoutMessage, null>, string>> = {
  declined: CHECKOUT_TEXTS.declined,
  'not-a-test-card': CHECKOUT_TEXTS.notATestCard,
  closed: CHECKOUT_TEXTS.closed,
}

/**
 * Scoped to the page's own classes and explicit about margins and sizes: in the browser the page is drawn
 * into the app's document, whose stylesheet resets headings, paragraphs and form controls.
 */
export const CHECKOUT_STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f1fb;color:#1d1b2f;margin:0}
.provider-header{background:#4b3bb5;color:#fff;padding:12px 24px;font-weight:600}
.provider-main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:24px 28px;box-shadow:0 2px 12px #0001}
.provider-main h1{font-size:1.4rem;font-weight:600;margin:0 0 .75rem}
.provider-main p{margin:0 0 .5rem}
.provider-main form{display:flex;flex-direction:column;gap:12px;margin:20px 0 16px}
.provider-main label{font-weight:600}
.provider-main input{font:inherit;padding:10px 12px;border-radius:8px;border:1px solid #8a84b8;background:#fff;color:inherit}
.provider-main input[aria-invalid=true]{border-color:#a1132a}
.provider-main button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #4b3bb5;background:#4b3bb5;color:#fff;cursor:pointer}
.provider-main button:disabled{opacity:.6;cursor:progress}
.provider-main :is(input,button,a):focus-visible{outline:3px solid #f0b400;outline-offset:2px}
.provider-main [role=alert]{color:#a1132a;font-weight:600}
.provider-main small{opacity:.8}
.provider-main a{color:#4b3bb5;text-decoration:underline}
@media (max-width:600px){.provider-main{margin:16px;padding:20px}}`
