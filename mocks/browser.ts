/**
 * The mocked backend in the browser (`npm run dev`, the e2e build): an MSW service worker answers the
 * app's API and `/__mock/*` requests from an in-memory store that survives reloads (localStorage).
 * src/main.tsx imports this dynamically, and only in mocked mode.
 */
import { http, passthrough } from 'msw'
import { setupWorker } from 'msw/browser'
import { createMockBackend } from './backend.ts'
import { createKeptFileArchive } from './db/kept-file-archive.ts'
import { STATE_KEY, createStatePersistence, deserializeState } from './db/persistence.ts'
import type { ProviderLinkInfo, ProviderOutcome } from '#domain/onboarding.ts'
import { faultsFromSearchParams } from './control/control.ts'
import {
  PROVIDER_CHECKOUT_PATH,
  PROVIDER_LINK_PATH,
  PROVIDER_PAGE_PATH,
  PROVIDER_PAY_PATH,
  PROVIDER_SESSION_PATH,
  PROVIDER_SUBMIT_PATH,
} from '#adapters/simulated-card-provider/paths.ts'
import { createHandlers } from './handlers/all-handlers.ts'
import { API_PREFIX } from '#openapi/generated/operations.ts'
import { renderProviderPage } from '#adapters/simulated-card-provider/provider-dom.ts'
import { renderCheckoutPage } from '#adapters/simulated-card-provider/checkout-dom.ts'
import type { PayAnswer } from '#adapters/simulated-card-provider/checkout-dom.ts'
import type { CheckoutSessionInfo, ProviderMemory } from '#adapters/simulated-card-provider/simulated-provider.ts'
import { browserReceiptRenderer } from '#adapters/receipt-pdf/browser-renderer.ts'

export { STATE_KEY }

/**
 * Where the simulated card provider keeps its checkout sessions and accounts: its own key, as a third party
 * keeps its own records. The hosted checkout and the thank-you page are page loads of their own, each with
 * a new provider, which finds the session here.
 */
const PROVIDER_STATE_KEY = 'vereinsportal.mock-provider.state'

const providerMemory = (store: Storage | null): ProviderMemory => ({
  load: () => {
    try {
      return store?.getItem(PROVIDER_STATE_KEY) ?? null
    } catch {
      return null
    }
  },
  save: (text) => {
    try {
      store?.setItem(PROVIDER_STATE_KEY, text)
    } catch (error) {
      // The demo data's own saving reports a full or refused storage to the banner; this only adds a line.
      console.warn('[simulated provider] could not save its state', error)
    }
  },
})

/**
 * How the page learns whether the demo state is saved, without importing this module (src/ must not):
 * on `vereinsportal:mock-storage-query` this announces the status as `vereinsportal:mock-storage`
 * (detail `{ saved, reason }`), and again whenever it changes. src/lib/mock-storage-status.ts listens.
 */
const STATUS_EVENT = 'vereinsportal:mock-storage'
const QUERY_EVENT = 'vereinsportal:mock-storage-query'

const storage = (): Storage | null => {
  try {
    return window.localStorage
  } catch {
    return null // e.g. storage disabled: the demo still works, forgets on reload, and the banner says so
  }
}

let started: Promise<{ pageHandled: boolean }> | null = null

/**
 * Starts the worker, restores the saved state, applies fault URL parameters (`?mockDelay=800`,
 * `?mockFail=getClubOverview:500`, `?mockTokenLifetime=5`) and, on the simulated provider's page, renders
 * that page and answers `pageHandled: true` (the app then does not start).
 */
export const startMockBackend = (): Promise<{ pageHandled: boolean }> => (started ??= start())

const start = async (): Promise<{ pageHandled: boolean }> => {
  const persistence = createStatePersistence(storage())
  const announce = () => window.dispatchEvent(new CustomEvent(STATUS_EVENT, { detail: persistence.status() }))
  persistence.subscribe(announce)
  window.addEventListener(QUERY_EVENT, announce)
  // The key signing this browser's ID tokens is kept beside the state, so a reload keeps the session. A
  // reset of the demo data keeps it too: it restores data, not the installation (decision 23).
  const backend = createMockBackend({
    initialState: persistence.load() ?? undefined,
    signingKey: persistence.signingKey(),
    providerMemory: providerMemory(storage()),
    // The same PDFs as the server's, made in the page (pdfkit's browser build, loaded on the first receipt).
    receiptRenderer: browserReceiptRenderer,
    keptFileArchive: createKeptFileArchive(),
  })

  // Save after every change; follow changes another tab saved, so two tabs don't overwrite each other.
  // serializeState reuses the text of unchanged tables, and an unchanged whole is not written again.
  let applyingRemote = false
  backend.store.subscribe((state) => {
    if (!applyingRemote) persistence.save(state)
  })
  window.addEventListener('storage', (event) => {
    if (event.key !== STATE_KEY || !persistence.adopt(event.newValue)) return
    const next = event.newValue === null ? null : deserializeState(event.newValue)
    applyingRemote = true
    try {
      if (next) backend.store.replace(next)
      else backend.reset()
    } finally {
      applyingRemote = false
    }
  })

  // The Firebase-mode e2e project signs in against the Auth emulator and still uses this backend.
  const env = import.meta.env
  if (env.VITE_AUTH === 'firebase' && env.VITE_FIREBASE_AUTH_EMULATOR_HOST && env.VITE_FIREBASE_PROJECT_ID) {
    backend.store.transact((tx) =>
      tx.setSingleton('settings', { firebaseEmulatorProject: env.VITE_FIREBASE_PROJECT_ID ?? null }),
    )
  }

  const faults = faultsFromSearchParams(new URLSearchParams(window.location.search))
  if (faults) backend.store.transact((tx) => tx.setSingleton('faults', { ...tx.singleton('faults'), ...faults }))

  // The worker asks this page about every request, assets included, and MSW works out a request's cookies
  // for each handler it tries: what is neither the API nor the control plane goes on at the first one.
  const mocked = (url: URL) => url.pathname.includes('/__mock/') || url.pathname.includes(`${API_PREFIX}/`)
  const worker = setupWorker(
    http.all(
      ({ request }) => !mocked(new URL(request.url)),
      () => passthrough(),
    ),
    ...createHandlers(backend),
  )
  await worker.start({
    serviceWorker: { url: `${env.BASE_URL}mockServiceWorker.js` },
    // Assets, the dev server and anything not mocked go to the network without a warning.
    onUnhandledFrame: 'bypass',
    quiet: !env.DEV,
  })

  const root = () => document.getElementById('root') ?? document.body
  if (window.location.pathname === PROVIDER_CHECKOUT_PATH) {
    const sessionId = new URLSearchParams(window.location.search).get('session') ?? ''
    await renderCheckoutPage(root(), sessionId, {
      loadSession: async (id) => {
        const response = await fetch(`${PROVIDER_SESSION_PATH}?session=${encodeURIComponent(id)}`)
        return response.ok ? ((await response.json()) as CheckoutSessionInfo) : null
      },
      // Answered once the payment's event has reached this page's backend (and so the saved demo data):
      // the thank-you page, a page load of its own, finds the donation recorded.
      pay: async (id, cardNumber) => {
        const response = await fetch(PROVIDER_PAY_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ session: id, cardNumber }),
        })
        if (![200, 402, 409].includes(response.status)) throw new Error(`provider pay: ${response.status}`)
        return (await response.json()) as PayAnswer
      },
      navigate: (url) => window.location.assign(url),
    })
    return { pageHandled: true }
  }
  if (window.location.pathname === PROVIDER_PAGE_PATH) {
    const linkId = new URLSearchParams(window.location.search).get('link') ?? ''
    await renderProviderPage(root(), linkId, {
      loadLink: async (id) => {
        const response = await fetch(`${PROVIDER_LINK_PATH}?link=${encodeURIComponent(id)}`)
        return response.ok ? ((await response.json()) as ProviderLinkInfo) : null
      },
      submit: async (id, outcome: ProviderOutcome) => {
        const response = await fetch(PROVIDER_SUBMIT_PATH, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ link: id, outcome }),
        })
        if (!response.ok) throw new Error(`provider submit: ${response.status}`)
        return ((await response.json()) as { redirectTo: string }).redirectTo
      },
      navigate: (url) => window.location.assign(url),
    })
    return { pageHandled: true }
  }
  return { pageHandled: false }
}
