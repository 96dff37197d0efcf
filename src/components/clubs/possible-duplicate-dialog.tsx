import { Trans, useLingui } from '@lingui/react/macro'
import { ConfirmDialog, useLastDefined } from '#src/components/ui/dialog.tsx'

export interface Namesake {
  name: string
  postalCode: string
}

interface PossibleDuplicateDialogProps {
  /** The club's name and postal code as entered, while the backend's warning (409 `possible-duplicate`) is open. */
  namesake: Namesake | null
  /** What the confirm button does: "Trotzdem registrieren", "Trotzdem speichern". */
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => void
  pending?: boolean
}

/**
 * Another club has the same name in the same postal code: maybe the club is registered already.
 * The person confirms that it is a different club, and the screen sends the request again with
 * `confirmDuplicate`; "Abbrechen" has the focus first, so Enter does not register a duplicate by accident.
 */
export const PossibleDuplicateDialog = ({
  namesake,
  confirmLabel,
  onCancel,
  onConfirm,
  pending = false,
}: PossibleDuplicateDialogProps) => {
  const { t } = useLingui()
  // The text stays while the dialog fades out.
  const shown = useLastDefined(namesake)
  return (
    <ConfirmDialog
      open={namesake !== null}
      onOpenChange={(open) => {
        if (!open) onCancel()
      }}
      title={t`Gibt es diesen Verein schon?`}
      description={t`Es gibt bereits einen Verein mit diesem Namen in dieser Postleitzahl. Bitte prüfen Sie, ob Ihr Verein schon registriert ist.`}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      pending={pending}
    >
      {shown && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">
            <Trans>Name</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{shown.name}</dd>
          <dt className="text-slate-600">
            <Trans>Postleitzahl</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{shown.postalCode}</dd>
        </dl>
      )}
      <p className="mt-3 text-sm text-slate-700">
        <Trans>
          Ist Ihr Verein schon registriert, bitten Sie dessen Vertreter/in um eine Einladung. Handelt es sich um einen
          anderen Verein, können Sie fortfahren.
        </Trans>
      </p>
    </ConfirmDialog>
  )
}
