import { Trans } from '@lingui/react/macro'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { getInFlightCount, subscribeInFlight } from '#src/api/client.ts'
import { Spinner } from '#src/components/ui/spinner.tsx'

/** Requests shorter than this never show the overlay, so quick calls do not flicker. */
export const OVERLAY_DELAY_MS = 200
/** Once shown, the overlay stays at least this long, for the same reason. */
export const OVERLAY_MIN_VISIBLE_MS = 400

/** True while requests are in flight, with the delay and minimum duration applied. */
export const useDebouncedBusy = (busy: boolean): boolean => {
  const [visible, setVisible] = useState(false)
  const [shownAt, setShownAt] = useState(0)

  useEffect(() => {
    if (busy && !visible) {
      const timer = setTimeout(() => {
        setShownAt(Date.now())
        setVisible(true)
      }, OVERLAY_DELAY_MS)
      return () => clearTimeout(timer)
    }
    if (!busy && visible) {
      const remaining = Math.max(0, OVERLAY_MIN_VISIBLE_MS - (Date.now() - shownAt))
      const timer = setTimeout(() => setVisible(false), remaining)
      return () => clearTimeout(timer)
    }
    return undefined
  }, [busy, visible, shownAt])

  return visible
}

/** Whether the overlay shows now: requests in flight (spec §1, §4), with the delay and minimum applied. */
// A prerendered page (src/prerender.tsx) was rendered with nothing in flight; hydration starts from that.
const nothingInFlight = () => 0

export const useLoadingOverlayVisible = (): boolean => {
  const inFlight = useSyncExternalStore(subscribeInFlight, getInFlightCount, nothingInFlight)
  return useDebouncedBusy(inFlight > 0)
}

/**
 * Spec §1, §4: a full-screen spinner while at least one backend request is in flight. The shell keeps its
 * header (the navigation with "Abmelden") above it meanwhile: a slow or hung request never
 * locks anybody in, and the client's timeout (src/api/client.ts) ends every request.
 */
export const LoadingOverlay = ({ visible }: { visible: boolean }) => {
  if (!visible) return null
  return (
    <div
      className="fixed inset-0 z-[60] flex items-center justify-center bg-white/60 backdrop-blur-[1px]"
      role="status"
      aria-live="polite"
      data-testid="loading-overlay"
    >
      <div className="flex items-center gap-3 rounded-lg bg-white px-5 py-4 shadow-lg">
        <Spinner className="size-6 text-brand-700" />
        <span className="font-medium text-slate-800">
          <Trans>Bitte warten …</Trans>
        </span>
      </div>
    </div>
  )
}
