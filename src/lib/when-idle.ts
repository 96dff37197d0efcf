/**
 * Runs `task` once the browser is idle (at the latest after `timeout` ms): for fetching a chunk a screen
 * will likely need soon (a dialog, another tab) without competing with what it shows first. Returns the
 * cancellation, so it fits `useEffect(() => whenIdle(load), [])`.
 */
export const whenIdle = (task: () => void, timeout = 2000): (() => void) => {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(task, 200)
  return () => clearTimeout(timer)
}
