/**
 * The provider page in the browser: mocks/browser.ts renders it as plain DOM (the app does not start on
 * this path), with the same texts as the mock server's HTML page.
 */
import type { ProviderLinkInfo, ProviderOutcome } from '#domain/onboarding.ts'
import { element } from './dom-element.ts'
import { PROVIDER_TEXTS, REQUIREMENT_LABELS, statusMessage } from './texts.ts'

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f3f1fb;color:#1d1b2f;margin:0}
.provider-header{background:#4b3bb5;color:#fff;padding:12px 24px;font-weight:600}
.provider-main{max-width:560px;margin:32px auto;background:#fff;border-radius:12px;padding:24px 28px;box-shadow:0 2px 12px #0001}
.provider-main h1{font-size:1.4rem;font-weight:600;margin:0 0 .75rem}
.provider-main p{margin:0 0 .5rem}
.provider-main ul{list-style:disc;padding-left:1.5rem;margin:0 0 .75rem}
.provider-actions{display:flex;flex-direction:column;gap:12px;margin-top:20px}
.provider-actions button{font:inherit;padding:10px 16px;border-radius:8px;border:1px solid #4b3bb5;background:#fff;color:#4b3bb5;cursor:pointer;text-align:left}
.provider-actions button.primary{background:#4b3bb5;color:#fff}
.provider-actions button:focus-visible{outline:3px solid #f0b400;outline-offset:2px}
.provider-actions small{display:block;font-weight:normal;opacity:.8}`

export interface ProviderPageDeps {
  /** Fetches `/__mock/provider/link`, or null when the link is unknown. */
  loadLink: (linkId: string) => Promise<ProviderLinkInfo | null>
  /** Posts `/__mock/provider/submit` and answers where to go next. */
  submit: (linkId: string, outcome: ProviderOutcome) => Promise<string>
  navigate: (url: string) => void
}

export const renderProviderPage = async (root: HTMLElement, linkId: string, deps: ProviderPageDeps): Promise<void> => {
  document.title = PROVIDER_TEXTS.documentTitle
  document.documentElement.lang = 'de'
  document.head.append(element('style', STYLE))
  const main = element('main', undefined, { class: 'provider-main' })
  root.replaceChildren(element('header', PROVIDER_TEXTS.brand, { class: 'provider-header' }), main)
  main.append(element('h1', PROVIDER_TEXTS.heading))

  const info = await deps.loadLink(linkId).catch(() => null)
  const alert = element('p', '', { role: 'alert' })
  const actions = element('div', undefined, { class: 'provider-actions' })

  const button = (outcome: ProviderOutcome, label: string, hint: string, primary = false) => {
    const node = element('button', label, { type: 'button', ...(primary ? { class: 'primary' } : {}) })
    if (hint) node.append(element('small', hint))
    node.addEventListener('click', () => {
      actions.querySelectorAll('button').forEach((candidate) => candidate.setAttribute('disabled', ''))
      deps
        .submit(linkId, outcome)
        .then(deps.navigate)
        .catch(() => {
          alert.textContent = PROVIDER_TEXTS.error
          actions.querySelectorAll('button').forEach((candidate) => candidate.removeAttribute('disabled'))
        })
    })
    return node
  }

  if (!info) {
    alert.textContent = PROVIDER_TEXTS.unknown
    main.append(alert)
    return
  }
  if (info.status !== 'OPEN') {
    alert.textContent = statusMessage(info.status)
    actions.append(button('CANCEL', PROVIDER_TEXTS.back, ''))
    main.append(alert, actions)
    return
  }
  main.append(element('p', PROVIDER_TEXTS.intro(info.clubName)))
  if (info.requirements.length > 0) {
    const list = element('ul')
    for (const item of info.requirements) list.append(element('li', REQUIREMENT_LABELS[item]))
    main.append(element('p', PROVIDER_TEXTS.open), list)
  }
  actions.append(
    button('COMPLETE', PROVIDER_TEXTS.complete, PROVIDER_TEXTS.completeHint, true),
    button('PARTIAL', PROVIDER_TEXTS.partial, PROVIDER_TEXTS.partialHint),
    button('CANCEL', PROVIDER_TEXTS.cancel, PROVIDER_TEXTS.cancelHint),
  )
  main.append(alert, actions)
}
