/**
 * The one open question "please confirm your password" between the transport and the dialog that asks it.
 *
 * When the backend wants a recent sign-in (401 `reauthentication-required`), `src/api/client.ts` calls
 * `requestReauthentication()` (wired in main.tsx) and waits. The dialog in the shell
 * (`src/components/auth/reauthenticate-dialog.tsx`) shows while a request is open, and settles it: true once
 * the password was confirmed, false when the person cancelled. Requests that need it at the same time share
 * the one question. Without a mounted dialog nobody can ask, and the request fails at once as before.
 */

interface Pending {
  promise: Promise<boolean>
  resolve: (confirmed: boolean) => void
}

let pending: Pending | null = null
let presenters = 0
const listeners = new Set<() => void>()

const notify = () => listeners.forEach((listener) => listener())

/** For the transport: resolves true when the person confirmed their sign-in, false when not. */
export const requestReauthentication = (): Promise<boolean> => {
  if (presenters === 0) return Promise.resolve(false)
  if (!pending) {
    let resolve!: (confirmed: boolean) => void
    const promise = new Promise<boolean>((done) => {
      resolve = done
    })
    pending = { promise, resolve }
    notify()
  }
  return pending.promise
}

/** For the dialog: answers the open question (and every request waiting on it). */
export const settleReauthentication = (confirmed: boolean): void => {
  const open = pending
  if (!open) return
  pending = null
  open.resolve(confirmed)
  notify()
}

/** Whether a request waits for the person (`useSyncExternalStore` snapshot). */
export const isReauthenticationPending = (): boolean => pending !== null

export const subscribeReauthentication = (listener: () => void): (() => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * The dialog announces itself while mounted, so a request is only held when somebody can answer it.
 * Returns the function that withdraws it; the last one to go cancels an open question.
 */
export const registerReauthenticationPresenter = (): (() => void) => {
  presenters += 1
  let registered = true
  return () => {
    if (!registered) return
    registered = false
    presenters -= 1
    if (presenters === 0) settleReauthentication(false)
  }
}
