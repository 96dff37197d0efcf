import { Trans, useLingui } from '@lingui/react/macro'
import type { ClubField } from '#openapi/generated/model/clubField.ts'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { CLUB_FIELD_LABELS } from '#src/lib/labels/club-labels.ts'

interface IncompleteSaveDialogProps {
  missing: readonly ClubField[] | null
  onCancel: () => void
  onConfirm: () => void
  pending: boolean
}

/**
 * Spec §4: incomplete data may be saved, after a confirmation that says what is still missing (the club
 * cannot be released until everything is there).
 */
export const IncompleteSaveDialog = ({ missing, onCancel, onConfirm, pending }: IncompleteSaveDialogProps) => {
  const { t, i18n } = useLingui()
  return (
    <ConfirmDialog
      open={missing !== null}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
      title={t`Unvollständige Daten speichern?`}
      description={t`Das Vereinsprofil ist noch nicht vollständig. Sie können trotzdem speichern und später ergänzen – freigeschaltet werden kann der Verein aber erst, wenn alle Angaben vorliegen.`}
      confirmLabel={t`Trotzdem speichern`}
      onConfirm={onConfirm}
      pending={pending}
    >
      <p className="text-sm font-medium text-slate-900">
        <Trans>Es fehlt noch:</Trans>
      </p>
      <ul className="mt-2 list-disc pl-5 text-sm text-slate-800" aria-label={t`Fehlende Angaben`}>
        {(missing ?? []).map((field) => (
          <li key={field}>{i18n._(CLUB_FIELD_LABELS[field])}</li>
        ))}
      </ul>
    </ConfirmDialog>
  )
}
