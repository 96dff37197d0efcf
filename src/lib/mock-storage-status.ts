/**
 * Whether the mocked backend in this browser could save the demo data (mocked mode only). The backend
 * (mocks/browser.ts, which src/ must not import) announces its status as a window event, and again on
 * request; this is the page's side of that small protocol, beside the control plane's calls in
 * ./mock-control.ts. Its own module, without imports, because the demo banner in the shell's first paint
 * watches it.
 */

export interface DemoStorageStatus {
  /** False when the browser refused to save the last change (storage full, disabled, private mode). */
  saved: boolean
  reason: 'quota' | 'unavailable' | null
}

/** The backend's announcement (detail: DemoStorageStatus). */
export const DEMO_STORAGE_EVENT = 'vereinsportal:mock-storage'
/** Asks the backend to announce its current status. */
export const DEMO_STORAGE_QUERY_EVENT = 'vereinsportal:mock-storage-query'

const isStatus = (value: unknown): value is DemoStorageStatus =>
  value !== null && typeof value === 'object' && typeof (value as { saved?: unknown }).saved === 'boolean'

/**
 * Calls `listener` with the current status (when a mocked backend runs in this page) and with every
 * change; returns the unsubscribe.
 */
export const watchDemoStorage = (listener: (status: DemoStorageStatus) => void): (() => void) => {
  const onStatus = (event: Event) => {
    const detail: unknown = (event as CustomEvent<unknown>).detail
    if (isStatus(detail)) listener(detail)
  }
  window.addEventListener(DEMO_STORAGE_EVENT, onStatus)
  window.dispatchEvent(new Event(DEMO_STORAGE_QUERY_EVENT))
  return () => window.removeEventListener(DEMO_STORAGE_EVENT, onStatus)
}
