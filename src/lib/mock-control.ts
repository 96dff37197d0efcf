/**
 * The app's calls to the mocked backend's control plane (`/__mock/*`, docs/handoff/mock-identity-protocol.md)
 * for the demo tools: reset, fault injection and the demo mailbox. Only meaningful in mocked mode.
 */
import { API_PREFIX, apiBaseUrl } from '#src/api/client.ts'
import { clearOfflineStorage } from './storage/offline-storage.ts'

export interface MockMail {
  id: string
  to: string
  kind:
    'VERIFY_EMAIL' | 'PASSWORD_RESET' | 'INVITATION' | 'CLUB_RELEASED' | 'DONATION_RECEIVED' | 'BANK_DETAILS_CHANGED'
  subject: string
  text: string
  /** An app URL such as `/acceptInvitation?token=…`. */
  link: string
  sentAt: string
}

export interface MockFailure {
  operationId: string
  status: number
  /** How many more requests fail; null for all of them. */
  remaining: number | null
}

export interface MockFaults {
  delayMs: number
  failures: MockFailure[]
  tokenLifetimeSeconds: number
}

/** The mocked backend answers on the API's origin (the page's own in the browser). */
const controlUrl = (path: string): string => `${apiBaseUrl().slice(0, -API_PREFIX.length)}/__mock${path}`

const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const response = await fetch(controlUrl(path), {
    method,
    headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${method} /__mock${path}: ${response.status}`)
  return (response.status === 204 ? undefined : await response.json()) as T
}

/** Restores the seed (data, mailbox, faults) and forgets uploaded files. The caller reloads the page. */
export const resetDemoData = async (): Promise<void> => {
  await call<void>('POST', '/reset')
  await clearOfflineStorage().catch((error: unknown) => console.warn('Could not clear the offline file storage', error))
}

export const getMailbox = (): Promise<MockMail[]> => call('GET', '/mailbox')
export const clearMailbox = (): Promise<void> => call('DELETE', '/mailbox')

export const getFaults = (): Promise<MockFaults> => call('GET', '/faults')
/** Changes the given settings; the others stay. */
export const setFaults = (faults: Partial<MockFaults>): Promise<MockFaults> => call('PUT', '/faults', faults)

/** The operationIds a failure can name. */
export const getMockOperations = (): Promise<string[]> => call('GET', '/operations')
