import { useCallback, useSyncExternalStore } from 'react'

/**
 * The active club (spec §3: "held client-side"): which of a representative's clubs the dashboard and the
 * screens around it show. It lives in localStorage, one entry per user, so it survives a reload and two
 * people sharing a browser do not inherit each other's choice. Storage can be unavailable (private
 * mode, quota, disabled cookies): then the choice simply lasts as long as the page.
 */

const PREFIX = 'vereinsportal.activeClub.'

export const activeClubStorageKey = (uid: string): string => `${PREFIX}${uid}`

const memory = new Map<string, string>()
const listeners = new Set<() => void>()

const storage = (): Storage | undefined => {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

const notify = () => listeners.forEach((listener) => listener())

export const getActiveClubId = (uid: string): string | null => {
  const key = activeClubStorageKey(uid)
  try {
    const store = storage()
    if (store) return store.getItem(key)
  } catch {
    // Storage refused: the in-memory copy below holds the choice.
  }
  return memory.get(key) ?? null
}

export const setActiveClubId = (uid: string, clubId: string): void => {
  const key = activeClubStorageKey(uid)
  try {
    const store = storage()
    if (!store) throw new Error('no storage')
    store.setItem(key, clubId)
  } catch {
    // Without storage the choice lasts as long as the page.
    memory.set(key, clubId)
  }
  notify()
}

export const clearActiveClubId = (uid: string): void => {
  const key = activeClubStorageKey(uid)
  memory.delete(key)
  try {
    storage()?.removeItem(key)
  } catch {
    // Nothing stored, nothing to remove.
  }
  notify()
}

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener)
  // Another tab switching the club changes this tab's choice too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

/** The active club of `uid` (null while none is chosen or nobody is signed in), re-rendering on change. */
export const useActiveClubId = (uid: string | null | undefined): string | null => {
  const snapshot = useCallback(() => (uid ? getActiveClubId(uid) : null), [uid])
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}

export interface ActiveClubInput {
  /** The stored choice, if any. */
  stored: string | null
  /** The `id` search parameter of `/home`, if any. */
  requested: string | undefined
  /** The user's own clubs, in the backend's order (by name). */
  ownClubIds: readonly string[]
  /** Administrators and staff may open any club; representatives only their own. */
  mayOpenAnyClub: boolean
}

export interface ActiveClubChoice {
  /** The club to show, or null when there is none (an administrator without clubs of their own). */
  clubId: string | null
  /** Whether the choice differs from what is stored and should be saved. */
  changed: boolean
  /** The URL named a club this user may not open (the dashboard says so instead of failing). */
  denied: boolean
}

/**
 * Which club `/home` shows. Spec §2: without an active club, the `id` parameter sets it; otherwise the
 * first club of the user. A link that names a club (`/home?id=…`) also wins over an older choice, so a
 * bookmarked or shared dashboard URL shows the club it names (the club switcher writes `id` too, so the
 * URL and the choice never disagree). Ids a representative may not open, and stored ids of clubs they
 * no longer belong to, are ignored.
 */
export const chooseActiveClub = ({
  stored,
  requested,
  ownClubIds,
  mayOpenAnyClub,
}: ActiveClubInput): ActiveClubChoice => {
  const allowed = (id: string | null | undefined): id is string =>
    Boolean(id) && (mayOpenAnyClub || ownClubIds.includes(id as string))
  const clubId = allowed(requested) ? requested : allowed(stored) ? stored : (ownClubIds[0] ?? null)
  return { clubId, changed: clubId !== null && clubId !== stored, denied: Boolean(requested) && !allowed(requested) }
}
