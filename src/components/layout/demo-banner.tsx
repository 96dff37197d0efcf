import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react'
import { Button } from '#src/components/ui/button.tsx'
import { watchDemoStorage } from '#src/lib/mock-storage-status.ts'
import type { DemoDialog } from './demo-banner-dialogs.tsx'

// What the buttons open (the demo tools, the reset confirmation and the reset itself) loads when one is
// pressed. The bar is in the shell's first paint (app-shell.tsx), so nothing of the page moves down when it
// appears (CLS ≤ 0.02, the banner included). Annotated pure: the real build drops this module.
const DemoBannerDialogs = /* @__PURE__ */ lazy(() =>
  import('./demo-banner-dialogs.tsx').then((module) => ({ default: module.DemoBannerDialogs })),
)
// Shown only when the browser refuses to save the demo data: loaded then, with the demo tools' catalogue.
const DemoStorageNotice = /* @__PURE__ */ lazy(() =>
  import('#src/components/mock-tools/demo-storage-notice.tsx').then((module) => ({
    default: module.DemoStorageNotice,
  })),
)

/** False while the mocked backend in this page cannot save the demo data (src/lib/mock-storage-status.ts). */
const useDemoDataSaved = (): boolean => {
  const [saved, setSaved] = useState(true)
  useEffect(() => watchDemoStorage((status) => setSaved(status.saved)), [])
  return saved
}

/**
 * The shell's conditional banner (spec §2): shown in mocked mode, where everything a person does stays in
 * this browser. It offers the demo tools (mailbox, faults) and restoring the seed, and says so when the
 * browser cannot save the demo data (storage full, private mode), with the reset at hand.
 */
export const DemoBanner = () => {
  const { t } = useLingui()
  const [open, setOpen] = useState<DemoDialog | null>(null)
  const saved = useDemoDataSaved()
  // The button that opened a dialog gets the focus back when it closes (the dialog mounts already open).
  const opener = useRef<HTMLElement | null>(null)
  const show = (dialog: DemoDialog, event: MouseEvent<HTMLElement>) => {
    opener.current = event.currentTarget
    setOpen(dialog)
  }

  return (
    <aside aria-label={t`Demo-Modus`} className="bg-amber-100 text-amber-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm">
        <p>
          <Trans>
            <strong>Demo-Modus:</strong> Alle Daten sind Beispieldaten und bleiben in diesem Browser.
          </Trans>
        </p>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="ghost"
            className="text-amber-950 hover:bg-amber-200"
            onClick={(event) => show('tools', event)}
          >
            <Trans>Demo-Werkzeuge</Trans>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-amber-950 hover:bg-amber-200"
            onClick={(event) => show('reset', event)}
          >
            <Trans>Demo-Daten zurücksetzen</Trans>
          </Button>
        </div>
      </div>
      {!saved && (
        <Suspense fallback={null}>
          <div className="px-4">
            <DemoStorageNotice onReset={(event) => show('reset', event)} />
          </div>
        </Suspense>
      )}
      {open && (
        <Suspense fallback={null}>
          <DemoBannerDialogs open={open} onClose={() => setOpen(null)} returnFocus={() => opener.current} />
        </Suspense>
      )}
    </aside>
  )
}
