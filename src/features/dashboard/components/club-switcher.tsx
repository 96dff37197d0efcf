import { useLingui } from '@lingui/react/macro'
import type { ClubSummary } from '#openapi/generated/model/clubSummary.ts'
import { SelectField } from '#src/components/ui/field.tsx'

/** For representatives of several clubs: which club the dashboard shows (the active club). */
export const ClubSwitcher = ({
  clubs,
  activeClubId,
  onSwitch,
}: {
  clubs: readonly ClubSummary[]
  activeClubId: string
  onSwitch: (clubId: string) => void
}) => {
  const { t } = useLingui()
  const known = clubs.some((club) => club.id === activeClubId)
  return (
    <SelectField
      label={t`Aktiver Verein`}
      containerClassName="w-full sm:w-auto"
      className="sm:min-w-72"
      value={known ? activeClubId : ''}
      placeholder={known ? undefined : t`Anderer Verein`}
      options={clubs.map((club) => ({
        value: club.id,
        label: club.clubRoleName ? `${club.name} (${club.clubRoleName})` : club.name,
      }))}
      onChange={(event) => event.target.value && onSwitch(event.target.value)}
    />
  )
}
