import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { Completeness } from '#openapi/generated/model/completeness.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { CLUB_FIELD_LABELS } from '#src/lib/labels/club-labels.ts'

/**
 * Spec §2: when the profile is incomplete, a clear hint with what is missing and the way to fix it. The
 * club can only be released (and take donations) once everything is filled in (spec §4).
 */
export const CompletenessHint = ({
  clubId,
  clubName,
  completeness,
  canEdit,
}: {
  clubId: string
  /** For somebody who is not a member of the club (administration, staff): the hint names the club. */
  clubName?: string | undefined
  completeness: Completeness
  canEdit: boolean
}) => {
  const { t, i18n } = useLingui()
  if (completeness.complete) return null
  const count = completeness.missing.length
  return (
    <Alert
      tone="warning"
      title={
        clubName ? (
          <Trans>Das Vereinsprofil von {clubName} ist noch nicht vollständig</Trans>
        ) : (
          <Trans>Ihr Vereinsprofil ist noch nicht vollständig</Trans>
        )
      }
      actions={
        canEdit && (
          <ButtonLink to="/club/$clubId/$showSaveAlert" params={{ clubId, showSaveAlert: true }}>
            <Trans>Profil vervollständigen</Trans>
          </ButtonLink>
        )
      }
    >
      <p>
        <Trans>Ein Verein kann erst freigegeben werden, wenn alle Angaben vorhanden sind.</Trans>{' '}
        <Plural value={count} one="Es fehlt noch # Angabe:" other="Es fehlen noch # Angaben:" />
      </p>
      <ul className="mt-2 grid list-disc gap-x-8 gap-y-0.5 pl-5 sm:grid-cols-2" aria-label={t`Fehlende Angaben`}>
        {completeness.missing.map((field) => (
          <li key={field}>{i18n._(CLUB_FIELD_LABELS[field])}</li>
        ))}
      </ul>
    </Alert>
  )
}
