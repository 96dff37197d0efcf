/**
 * The active club (spec §3: "held client-side"): which of a representative's clubs the dashboard and the
 * screens around it show, one entry per user, so two people sharing a browser do not inherit each other's
 * choice; sign-out and a user switch forget it (src/lib/auth/session-sync.ts).
 *
 * Where it is held depends on the build:
 * - the real product (`VITE_MOCKS=false`) keeps it in memory only: nothing of the user but the Firebase
 *   SDK's own session sits in browser storage. The dashboard's URL (`/home?id=…`, which the club switcher
 *   writes) still brings the same club back after a reload;
 * - the mocked build keeps it in localStorage, beside the mocked backend's data and the offline session.
 * Storage can be unavailable (private mode, quota, disabled cookies): then the choice simply lasts as long
 * as the page.
 */

const PREFIX = 'vereinsportal.activeClub.'

export const activeClubStorageKey = (uid: string): string => `${PREFIX}${uid}`

const memory = new Map<string, string>()

/**
 * Browser storage, in the mocked build only. The variable is read here, at call time, not through
 * lib/config's constant, so a test can switch the build with `vi.stubEnv('VITE_MOCKS', 'false')`.
 */
const storage = (): Storage | undefined => {
  if (import.meta.env.VITE_MOCKS === 'false') return undefined
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

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
}

export const clearActiveClubId = (uid: string): void => {
  const key = activeClubStorageKey(uid)
  memory.delete(key)
  try {
    // Also in the real build: an entry an earlier version stored must not outlive the session either.
    globalThis.localStorage.removeItem(key)
  } catch {
    // Nothing stored, nothing to remove.
  }
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
  /**
   * The `pick` search parameter of `/home`: an administrator or staff member asked for the club picker
   * ("Anderen Verein wählen"), so neither the stored choice nor their own first club is opened.
   */
  pick?: boolean
}

export interface ActiveClubChoice {
  /**
   * The club to show, or null for the club picker: an administrator or staff member without clubs of
   * their own, or one who asked for the picker (`pick`).
   */
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
 * no longer belong to, are ignored. Administrators and staff who ask for the picker (`pick`, without an
 * `id`) get none, even when they have clubs of their own; for representatives `pick` means nothing.
 */
export const chooseActiveClub = ({
  stored,
  requested,
  ownClubIds,
  mayOpenAnyClub,
  pick = false,
}: ActiveClubInput): ActiveClubChoice => {
  const allowed = (id: string | null | undefined): id is string =>
    Boolean(id) && (mayOpenAnyClub || ownClubIds.includes(id as string))
  if (mayOpenAnyClub && pick && !requested) return { clubId: null, changed: false, denied: false }
  const clubId = allowed(requested) ? requested : allowed(stored) ? stored : (ownClubIds[0] ?? null)
  return { clubId, changed: clubId !== null && clubId !== stored, denied: Boolean(requested) && !allowed(requested) }
}
