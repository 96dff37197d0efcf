import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, useEffect } from 'react'
import { Dialog, useLastDefined } from '#src/components/ui/dialog.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { whenIdle } from '#src/lib/when-idle.ts'
import type { ClubAction } from './club-release-item.tsx'

// The form (react-hook-form, zod) is its own chunk, fetched when the release tab is idle.
const loadForms = () => import('./reason-dialog-forms.tsx')
const DeactivateForm = lazy(() => loadForms().then((module) => ({ default: module.DeactivateForm })))

type DeactivateAction = Extract<ClubAction, { kind: 'deactivate' }>

/**
 * Deactivating a club (or rejecting a registration) asks for the reason: the club reads it on its
 * dashboard, and the audit log keeps it.
 */
export const DeactivateClubDialog = ({ action, onClose }: { action: DeactivateAction | null; onClose: () => void }) => {
  const { t } = useLingui()
  const shown = useLastDefined(action)
  const club = shown?.club
  useEffect(() => whenIdle(() => void loadForms()), [])
  return (
    <Dialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`${club?.name ?? ''} deaktivieren?`}
      description={
        club?.status === 'PROCESSING'
          ? t`Die Registrierung wird abgelehnt: Der Verein wird inaktiv. Er kann später wieder aktiviert werden, wenn sein Profil vollständig ist. Der Grund wird dem Verein angezeigt.`
          : t`Der Verein wird inaktiv und kann keine Spenden mehr annehmen, bis er wieder aktiviert wird. Der Grund wird dem Verein angezeigt.`
      }
    >
      {action && (
        <Suspense fallback={<LoadingBlock />}>
          <DeactivateForm key={action.club.id} action={action} onDone={onClose} />
        </Suspense>
      )}
    </Dialog>
  )
}
