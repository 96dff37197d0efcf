import { useBlocker } from '@tanstack/react-router'

export interface UnsavedChangesPrompt {
  /** Whether a navigation is on hold and the question should show. */
  open: boolean
  /** Leave anyway (the held navigation continues; the changes are lost). */
  leave: () => void
  /** Stay on the page (the held navigation is dropped). */
  stay: () => void
}

/**
 * Asks before leaving a screen with unsaved changes: in-app navigation (links, back button) is held by the
 * router's blocker and the screen shows its own German dialog with the returned state (e.g. `ConfirmDialog`);
 * closing or reloading the tab gets the browser's `beforeunload` question (browsers show their own text).
 * Navigation that only changes the search of the same page (tabs, steps) is never held.
 */
export const useUnsavedChanges = (dirty: boolean): UnsavedChangesPrompt => {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => dirty && current.pathname !== next.pathname,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  })
  return {
    open: blocker.status === 'blocked',
    leave: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
  }
}
