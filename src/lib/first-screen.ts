import { whenIdle } from './when-idle.ts'

/*
 * "After the first screen": what a page needs only later (the sign-in provider's check of a stored session,
 * the toasts' code, the parts of a screen below its fold) waits until the router has shown the first screen
 * and the browser is idle, so it does not take the connection or the main thread from that screen. The app
 * (main.tsx) says that it will report the first screen; elsewhere (component tests, the prerender) there is
 * no first screen to wait for.
 */

let shown = true
const waiting = new Set<() => void>()

/** The app will call `firstScreenShown()`; until then `afterFirstScreen` waits. */
export const awaitFirstScreen = (): void => {
  shown = false
}

export const firstScreenShown = (): void => {
  if (shown) return
  shown = true
  for (const start of [...waiting]) start()
  waiting.clear()
}

/**
 * Runs `task` once the first screen is shown and the browser is idle (at the latest `timeout` ms after the
 * first screen). Returns the cancellation, so it fits `useEffect(() => afterFirstScreen(task), [])`.
 */
export const afterFirstScreen = (task: () => void, timeout = 2000): (() => void) => {
  let cancelIdle: (() => void) | undefined
  const start = () => {
    waiting.delete(start)
    cancelIdle = whenIdle(task, timeout)
  }
  if (shown) start()
  else waiting.add(start)
  return () => {
    waiting.delete(start)
    cancelIdle?.()
  }
}
