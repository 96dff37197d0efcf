import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import type { TaxYearSummary } from '#openapi/generated/model/taxYearSummary.ts'
import { getGetClubOverviewQueryOptions } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { useGetClubTaxStatus, useGetClubTaxYears } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { TaxStatusCard } from './components/tax-status-card.tsx'
import { TaxYearSection } from './components/tax-year-section.tsx'
import { hasDonations, TaxYearsCard } from './components/tax-years-card.tsx'
import { noMoneyRightMessage } from './tax-problems.ts'

const route = getRouteApi('/_authenticated/steuer/$clubId')

/**
 * The year shown: the one in the URL when the club has it, else the newest that may be transmitted (last
 * year: the one the treasurer works on from January to the end of February), else the newest.
 */
const shownYear = (years: readonly TaxYearSummary[], requested: number | undefined): number | undefined =>
  years.find((summary) => summary.year === requested)?.year ??
  years.find((summary) => summary.mayTransmit)?.year ??
  years[0]?.year

/**
 * `/steuer/$clubId` (issue 23): donations that count for tax. The club's deductibility in short, the
 * years with their donors, the annual transmission to the tax office (bPK query and answer, file,
 * protocol) and the transmissions made. For the club's members whose role may manage its money, and the
 * administration: the backend refuses everyone else (403), and the screen says so.
 */
export const TaxPage = () => {
  const { t } = useLingui()
  const { clubId } = route.useParams()
  const requestedYear = route.useSearch({ select: (search) => search.year })
  const status = useGetClubTaxStatus(clubId)
  const years = useGetClubTaxYears(clubId)
  // Only for the club's name under the title: usually in the cache from the dashboard, never waited for.
  const clubName = useQuery(getGetClubOverviewQueryOptions(clubId)).data?.club.name

  const header = (
    <PageHeader
      title={t`Steuer`}
      description={
        clubName
          ? t`Spenden an ${clubName}, die für die Steuer der Spender:innen zählen.`
          : t`Spenden, die für die Steuer der Spender:innen zählen.`
      }
      actions={
        <>
          <ButtonLink to="/bestaetigungen/$clubId" params={{ clubId }} variant="secondary">
            <Trans>Spendenbestätigungen</Trans>
          </ButtonLink>
          <ButtonLink to="/home" search={{ id: clubId }} variant="secondary">
            <Trans>Zur Übersicht</Trans>
          </ButtonLink>
        </>
      }
    />
  )

  // The years need the money right; the status any member. Either refused: no part of the screen helps.
  const failed = years.isError ? years.error : status.isError ? status.error : null
  if (failed && !(years.data && status.data)) {
    return (
      <>
        {header}
        <QueryError
          error={failed}
          title={t`Die Steuer-Übersicht konnte nicht geladen werden.`}
          messages={{ forbidden: noMoneyRightMessage(), 'not-found': t`Diesen Verein gibt es nicht (mehr).` }}
          onRetry={() => {
            void status.refetch()
            void years.refetch()
          }}
        />
      </>
    )
  }

  if (!years.data || !status.data) {
    return (
      <>
        {header}
        <LoadingBlock>
          <Trans>Steuer-Übersicht wird geladen …</Trans>
        </LoadingBlock>
      </>
    )
  }

  const year = hasDonations(years.data) ? shownYear(years.data, requestedYear) : undefined
  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <TaxStatusCard clubId={clubId} status={status.data} />
        <TaxYearsCard clubId={clubId} years={years.data} selected={year} />
        {year !== undefined && <TaxYearSection key={year} clubId={clubId} year={year} />}
      </div>
    </>
  )
}
