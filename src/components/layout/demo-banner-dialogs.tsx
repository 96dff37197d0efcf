import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { resetDemoData } from '#src/lib/mock-control.ts'

const MockToolsPanel = lazy(() =>
  import('#src/components/mock-tools/mock-tools-panel.tsx').then((module) => ({ default: module.MockToolsPanel })),
)

export type DemoDialog = 'tools' | 'reset'

/** The demo banner's dialogs (demo-banner.tsx), loaded when one of its buttons is pressed. */
export const DemoBannerDialogs = ({
  open,
  onClose,
  returnFocus,
}: {
  open: DemoDialog
  onClose: () => void
  /** The button that opened the dialog. */
  returnFocus: () => HTMLElement | null
}) => {
  const [resetting, setResetting] = useState(false)
  const onOpenChange = (next: boolean) => {
    if (!next) onClose()
  }

  const reset = async () => {
    setResetting(true)
    await resetDemoData()
    window.location.reload()
  }

  return (
    <>
      <ConfirmDialog
        open={open === 'reset'}
        onOpenChange={onOpenChange}
        fallbackFocus={returnFocus}
        title={<Trans>Demo-Daten zurücksetzen?</Trans>}
        description={
          <Trans>Alle Änderungen in diesem Browser gehen verloren; die Beispieldaten werden neu geladen.</Trans>
        }
        confirmLabel={<Trans>Zurücksetzen</Trans>}
        destructive
        pending={resetting}
        onConfirm={() => void reset()}
      />
      {open === 'tools' && (
        <Suspense fallback={null}>
          <MockToolsPanel open onOpenChange={onOpenChange} />
        </Suspense>
      )}
    </>
  )
}
