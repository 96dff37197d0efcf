import { Trans, useLingui } from '@lingui/react/macro'
import { forwardRef } from 'react'
import type { Completeness } from '#openapi/generated/model/completeness.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { CLUB_FIELD_LABELS } from '#src/lib/labels/club-labels.ts'

/** Whether the profile is complete, from the backend's `completeness`, listing what is missing. */
export const CompletenessSummary = ({ completeness }: { completeness: Completeness }) => {
  const { t, i18n } = useLingui()
  if (completeness.complete) {
    return (
      <Alert tone="success" role="status" title={t`Das Profil ist vollständig.`}>
        <Trans>Alle Angaben und Dokumente liegen vor. Der Verein kann nach der Prüfung freigeschaltet werden.</Trans>
      </Alert>
    )
  }
  return (
    <Alert tone="warning" role="status" title={t`Das Profil ist noch unvollständig.`}>
      <p>
        <Trans>Der Verein kann erst freigeschaltet werden, wenn alle Angaben vorliegen. Es fehlt noch:</Trans>
      </p>
      <ul className="mt-1 list-disc columns-1 pl-5 sm:columns-2" aria-label={t`Fehlende Angaben`}>
        {completeness.missing.map((field) => (
          <li key={field}>{i18n._(CLUB_FIELD_LABELS[field])}</li>
        ))}
      </ul>
    </Alert>
  )
}

/**
 * The save alert (route flag `showSaveAlert=true`): after a successful save the page says so in place,
 * together with what the backend reports as still missing, and moves the focus there.
 */
export const SaveAlert = forwardRef<
  HTMLDivElement,
  {
    completeness: Completeness
    onClose: () => void
    /** For administrators, who save other people's clubs: the text names the club instead of "Ihr Profil". */
    clubName?: string | undefined
  }
>(function SaveAlert({ completeness, onClose, clubName }, ref) {
  const { t, i18n } = useLingui()
  return (
    <div ref={ref} tabIndex={-1} className="outline-none">
      <Alert
        tone={completeness.complete ? 'success' : 'info'}
        role="status"
        title={t`Vereinsdaten wurden aktualisiert`}
        actions={
          <button type="button" className="text-sm font-medium underline" onClick={onClose}>
            <Trans>Hinweis schließen</Trans>
          </button>
        }
      >
        {completeness.complete ? (
          clubName ? (
            <Trans>Das Profil von {clubName} ist jetzt vollständig. Der Verein kann freigegeben werden.</Trans>
          ) : (
            <Trans>
              Ihr Profil ist jetzt vollständig. Wir prüfen Ihre Angaben und schalten den Verein danach frei.
            </Trans>
          )
        ) : (
          <>
            <p>
              <Trans>Gespeichert. Für die Freischaltung fehlt noch:</Trans>
            </p>
            <ul className="mt-1 list-disc pl-5">
              {completeness.missing.map((field) => (
                <li key={field}>{i18n._(CLUB_FIELD_LABELS[field])}</li>
              ))}
            </ul>
          </>
        )}
      </Alert>
    </div>
  )
})
