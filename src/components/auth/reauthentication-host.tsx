import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'
import {
  isReauthenticationPending,
  registerReauthenticationPresenter,
  subscribeReauthentication,
} from '#src/lib/auth/reauthentication.ts'

// The dialog (and Radix with it) loads the first time it is needed, not with the shell.
const ReauthenticateDialog = lazy(() =>
  import('./reauthenticate-dialog.tsx').then((module) => ({ default: module.ReauthenticateDialog })),
)

/**
 * Mounted once in the shell: while it is there, a change the backend refuses for an old sign-in waits for
 * the person's password instead of failing (src/lib/auth/reauthentication.ts), and the dialog asks for it.
 */
export const ReauthenticationHost = () => {
  useEffect(() => registerReauthenticationPresenter(), [])
  const pending = useSyncExternalStore(
    subscribeReauthentication,
    isReauthenticationPending,
    // A prerendered page (src/prerender.tsx) was rendered with nothing waiting.
    () => false,
  )
  const [needed, setNeeded] = useState(pending)
  if (pending && !needed) setNeeded(true)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <ReauthenticateDialog open={pending} />
    </Suspense>
  )
}
