import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useState } from 'react'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/dialog'
import { resetDemoData } from '@/lib/mock-control'

const MockToolsPanel = lazy(() =>
  import('@/components/mock-tools/mock-tools-panel').then((module) => ({ default: module.MockToolsPanel })),
)

/**
 * The shell's conditional banner (spec §2): shown in mocked mode, where everything a person does stays in
 * this browser. It offers the demo tools (mailbox, faults) and restoring the seed.
 */
export const DemoBanner = () => {
  const { t } = useLingui()
  const [toolsOpen, setToolsOpen] = useState(false)
  const [confirmReset, setConfirmReset] = useState(false)
  const [resetting, setResetting] = useState(false)

  const reset = async () => {
    setResetting(true)
    await resetDemoData()
    window.location.reload()
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
            onClick={() => setToolsOpen(true)}
          >
            <Trans>Demo-Werkzeuge</Trans>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-amber-950 hover:bg-amber-200"
            onClick={() => setConfirmReset(true)}
          >
            <Trans>Demo-Daten zurücksetzen</Trans>
          </Button>
        </div>
      </div>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={<Trans>Demo-Daten zurücksetzen?</Trans>}
        description={
          <Trans>Alle Änderungen in diesem Browser gehen verloren; die Beispieldaten werden neu geladen.</Trans>
        }
        confirmLabel={<Trans>Zurücksetzen</Trans>}
        destructive
        pending={resetting}
        onConfirm={() => void reset()}
      />
      {toolsOpen && (
        <Suspense fallback={null}>
          <MockToolsPanel open={toolsOpen} onOpenChange={setToolsOpen} />
        </Suspense>
      )}
    </aside>
  )
}
