/**
 * The mocked backend in the browser (`npm run dev`, the e2e build): an MSW service worker answers the
 * app's API and `/__mock/*` requests from an in-memory store that survives reloads (localStorage).
 * src/main.tsx imports this dynamically, and only in mocked mode.
 */
import { http, passthrough } from 'msw'
import { setupWorker } from 'msw/browser'
import { createMockBackend } from './backend.ts'
import { deserializeState, serializeState } from './db/persistence.ts'
import type { ProviderLinkInfo, ProviderOutcome } from '../domain/onboarding.ts'
import { faultsFromSearchParams } from './control/control.ts'
import { PROVIDER_PAGE_PATH } from './provider/paths.ts'
import { createHandlers } from './handlers/all-handlers.ts'
import { API_PREFIX } from './handlers/api-route.ts'
import { renderProviderPage } from './provider/provider-dom.ts'

export const STATE_KEY = 'vereinsportal.mock-backend.state'

const storage = (): Storage | null => {
  try {
    return window.localStorage
  } catch {
    return null // e.g. storage disabled: the demo still works, it just forgets on reload
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
  const store = storage()
  const restored = store?.getItem(STATE_KEY) ?? null
  const backend = createMockBackend({ initialState: deserializeState(restored) ?? undefined })

  // Save after every change; follow changes another tab saved, so two tabs don't overwrite each other.
  // serializeState reuses the text of unchanged tables, and an unchanged whole is not written again.
  let lastSaved: string | null = restored
  let applyingRemote = false
  backend.store.subscribe((state) => {
    if (applyingRemote || !store) return
    try {
      const text = serializeState(state)
      if (text === lastSaved) return
      lastSaved = text
      store.setItem(STATE_KEY, lastSaved)
    } catch (error) {
      console.warn('[mock backend] could not save the demo data', error)
    }
  })
  window.addEventListener('storage', (event) => {
    if (event.key !== STATE_KEY || event.newValue === lastSaved) return
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
    backend.store.transact((tx) => tx.setSingleton('settings', { firebaseEmulatorProject: env.VITE_FIREBASE_PROJECT_ID ?? null }))
  }

  const faults = faultsFromSearchParams(new URLSearchParams(window.location.search))
  if (faults) backend.store.transact((tx) => tx.setSingleton('faults', { ...tx.singleton('faults'), ...faults }))

  // The worker asks this page about every request, assets included, and MSW works out a request's cookies
  // for each handler it tries: what is neither the API nor the control plane goes on at the first one.
  const mocked = (url: URL) => url.pathname.includes('/__mock/') || url.pathname.includes(`${API_PREFIX}/`)
  const worker = setupWorker(
    http.all(({ request }) => !mocked(new URL(request.url)), () => passthrough()),
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
