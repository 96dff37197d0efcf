/**
 * The mocked backend in the browser (`npm run dev`, the e2e build): an MSW service worker answers the
 * app's API and `/__mock/*` requests from an in-memory store that survives reloads (localStorage).
 * src/main.tsx imports this dynamically, and only in mocked mode.
 */
import { http, passthrough } from 'msw'
import { setupWorker } from 'msw/browser'
import { createMockBackend } from './backend.ts'
import { STATE_KEY, createStatePersistence, deserializeState } from './db/persistence.ts'
import type { ProviderLinkInfo, ProviderOutcome } from '#domain/onboarding.ts'
import { faultsFromSearchParams } from './control/control.ts'
import { PROVIDER_PAGE_PATH } from '#adapters/simulated-card-provider/paths.ts'
import { createHandlers } from './handlers/all-handlers.ts'
import { API_PREFIX } from '#openapi/generated/operations.ts'
import { renderProviderPage } from '#adapters/simulated-card-provider/provider-dom.ts'

export { STATE_KEY }

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

  if (window.location.pathname === PROVIDER_PAGE_PATH) {
    const linkId = new URLSearchParams(window.location.search).get('link') ?? ''
    await renderProviderPage(document.getElementById('root') ?? document.body, linkId, {
      loadLink: async (id) => {
        const response = await fetch(`/__mock/provider/link?link=${encodeURIComponent(id)}`)
        return response.ok ? ((await response.json()) as ProviderLinkInfo) : null
      },
      submit: async (id, outcome: ProviderOutcome) => {
        const response = await fetch('/__mock/provider/submit', {
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
