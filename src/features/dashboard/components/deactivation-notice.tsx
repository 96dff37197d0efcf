import { Trans, useLingui } from '@lingui/react/macro'
import type { Club } from '#openapi/generated/model/club.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { formatDate } from '#src/lib/format.ts'

/** An inactive club reads why the administration deactivated it (the reason it gave), and since when. */
export const DeactivationNotice = ({ club }: { club: Club }) => {
  const { t } = useLingui()
  if (club.status !== 'INACTIVE' || !club.deactivationReason) return null
  return (
    <Alert tone="warning" role="status" title={t`Der Verein ist deaktiviert.`}>
      <p>
        {club.deactivatedAt ? (
          <Trans>
            Seit {formatDate(club.deactivatedAt)}. Grund: {club.deactivationReason}
          </Trans>
        ) : (
          <Trans>Grund: {club.deactivationReason}</Trans>
        )}
      </p>
      <p className="mt-1">
        <Trans>Fragen dazu beantwortet die Administration des Vereinsportals.</Trans>
      </p>
    </Alert>
  )
}
