/**
 * The hosted checkout in the browser: mocks/browser.ts renders it as plain DOM (the app does not start on
 * this path, and the service worker does not answer page loads), with the same texts and style as the
 * server's HTML page (checkout-texts.ts). It asks for the session and posts the card number as JSON.
 */
import type { CheckoutSessionInfo } from './simulated-provider.ts'
import { element } from './dom-element.ts'
import { formatEuroCents } from '#domain/money.ts'
import { CHECKOUT_MESSAGES, CHECKOUT_STYLE, CHECKOUT_TEXTS } from './checkout-texts.ts'

/** What the provider answers to a card number (`POST /__mock/provider/pay`). */
export type PayAnswer =
  | { readonly outcome: 'paid'; readonly redirectTo: string }
  | { readonly outcome: 'declined' | 'not-a-test-card' | 'closed' }

export interface CheckoutPageDeps {
  /** Fetches `/__mock/provider/session`, or null when the session is unknown. */
  loadSession: (sessionId: string) => Promise<CheckoutSessionInfo | null>
  /** Posts `/__mock/provider/pay`; rejects when no answer came. */
  pay: (sessionId: string, cardNumber: string) => Promise<PayAnswer>
  navigate: (url: string) => void
}

const cancelLink = (cancelUrl: string) => {
  const paragraph = element('p')
  paragraph.append(element('a', CHECKOUT_TEXTS.cancel, { href: cancelUrl }))
  return paragraph
}

export const renderCheckoutPage = async (
  root: HTMLElement,
  sessionId: string,
  deps: CheckoutPageDeps,
): Promise<void> => {
  document.title = CHECKOUT_TEXTS.documentTitle
  document.documentElement.lang = 'de'
  document.head.append(element('style', CHECKOUT_STYLE))
  const main = element('main', undefined, { class: 'provider-main' })
  root.replaceChildren(element('header', CHECKOUT_TEXTS.brand, { class: 'provider-header' }), main)
  main.append(element('h1', CHECKOUT_TEXTS.heading))

  const session = await deps.loadSession(sessionId).catch(() => null)
  if (!session) {
    main.append(element('p', CHECKOUT_TEXTS.unknown, { role: 'alert' }))
    return
  }
  const closed = () => {
    main.replaceChildren(
      element('h1', CHECKOUT_TEXTS.heading),
      element('p', CHECKOUT_TEXTS.closed, { role: 'alert' }),
      cancelLink(session.cancelUrl),
    )
  }
  if (session.status !== 'open') {
    closed()
    return
  }

  const amount = formatEuroCents(session.amountCents)
  const amountLine = element('p', `${CHECKOUT_TEXTS.amount}: `)
  amountLine.append(element('strong', amount))
  // In the page from the start, so a screen reader announces the message when it is written into it.
  const alert = element('p', '', { role: 'alert', id: 'card-error' })
  const form = element('form', undefined, { method: 'post' })
  const input = element('input', undefined, {
    id: 'card',
    name: 'cardNumber',
    inputmode: 'numeric',
    autocomplete: 'cc-number',
    required: '',
    'aria-describedby': 'card-hint',
  })
  const button = element('button', CHECKOUT_TEXTS.pay(amount), { type: 'submit' })
  form.append(
    element('label', CHECKOUT_TEXTS.cardNumber, { for: 'card' }),
    input,
    element('small', CHECKOUT_TEXTS.cardHint, { id: 'card-hint' }),
    button,
  )

  const say = (message: string, invalid: boolean) => {
    alert.textContent = message
    if (invalid) {
      input.setAttribute('aria-invalid', 'true')
      input.setAttribute('aria-describedby', 'card-hint card-error')
    } else {
      input.removeAttribute('aria-invalid')
      input.setAttribute('aria-describedby', 'card-hint')
    }
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    if (button.disabled) return
    button.disabled = true
    deps
      .pay(sessionId, input.value)
      .then((answer) => {
        if (answer.outcome === 'paid') {
          deps.navigate(answer.redirectTo)
          return
        }
        if (answer.outcome === 'closed') {
          closed()
          return
        }
        say(CHECKOUT_MESSAGES[answer.outcome], true)
        button.disabled = false
        input.focus()
      })
      .catch(() => {
        say(CHECKOUT_TEXTS.error, false)
        button.disabled = false
      })
  })

  main.append(
    element('p', CHECKOUT_TEXTS.intro(session.clubName, session.campaignName)),
    amountLine,
    alert,
    form,
    cancelLink(session.cancelUrl),
  )
}
