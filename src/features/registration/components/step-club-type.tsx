import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { CLUB_SIZES, clubSizeLabel } from '#src/lib/labels/club-labels.ts'
import { WizardSelectField } from './form-fields.tsx'

export const StepClubType = () => {
  const { t, i18n } = useLingui()
  const clubTypes = useQuery(getGetClubTypesQueryOptions())
  const sizeOptions = CLUB_SIZES.map((size) => ({ value: size, label: i18n._(clubSizeLabel(size)) }))

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {clubTypes.isPending ? (
        <LoadingBlock>
          <Trans>Vereinsarten werden geladen …</Trans>
        </LoadingBlock>
      ) : clubTypes.isError ? (
        <QueryError
          error={clubTypes.error}
          title={t`Die Vereinsarten konnten nicht geladen werden.`}
          onRetry={() => void clubTypes.refetch()}
        />
      ) : (
        <WizardSelectField
          name="club.clubTypeId"
          label={t`Vereinsart`}
          required
          placeholder={t`Bitte wählen`}
          options={clubTypes.data.map((type) => ({ value: type.id, label: type.name }))}
        />
      )}
      <WizardSelectField
        name="club.clubSize"
        label={t`Vereinsgröße`}
        placeholder={t`Keine Angabe`}
        hint={t`Optional: ungefähre Zahl der Mitglieder.`}
        options={sizeOptions}
      />
    </div>
  )
}
