import './messages.ts'
import { Trans } from '@lingui/react/macro'
import type { MouseEvent } from 'react'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'

/**
 * Shown by the demo banner while the browser refuses to save the demo data (storage full, disabled,
 * private mode): what is done now is lost on reload, unless the demo data is reset (the seed is small to
 * save). Loaded only then, with the demo tools' catalogue.
 */
export const DemoStorageNotice = ({ onReset }: { onReset: (event: MouseEvent<HTMLElement>) => void }) => (
  <Alert
    role="alert"
    tone="warning"
    className="mx-auto mb-2 max-w-6xl"
    title={<Trans>Die Demo-Daten werden nicht gespeichert</Trans>}
    actions={
      <Button size="sm" variant="secondary" onClick={onReset}>
        <Trans>Demo-Daten zurücksetzen</Trans>
      </Button>
    }
  >
    <Trans>
      Die Demo-Daten konnten nicht im Browser gespeichert werden (Speicher voll oder privater Modus). Änderungen gehen
      beim Neuladen verloren.
    </Trans>
  </Alert>
)
