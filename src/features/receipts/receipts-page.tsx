import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { Suspense, lazy, useMemo } from 'react'
import { getGetClubOverviewQueryOptions } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { useGetClubReceipts, useGetReceiptSettings } from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { AnnualReceiptsCard } from './components/annual-receipts-card.tsx'
import { ReceiptsCard } from './components/receipts-card.tsx'
import { noMoneyRightMessage } from './receipt-problems.ts'
import { annualYear, receiptPageParams, receiptPeriod } from './receipt-period.ts'

// The settings stand last on the page, below the first screen: their form and the signature's upload load
// after it (decision 46).
const ReceiptSettingsCard = lazy(() =>
  import('./components/receipt-settings-card.tsx').then((module) => ({ default: module.ReceiptSettingsCard })),
)

const route = getRouteApi('/_authenticated/bestaetigungen/$clubId')

/**
 * `/bestaetigungen/$clubId` (issue 24): the club's donation receipts. The receipts of a period with their
 * PDFs (original, duplicate), the withdrawal of a wrong one, the period as ZIP and CSV; the yearly receipts
 * of a year that is over; what every receipt prints besides the donation. For the club's members whose
 * role may manage its money, and the administration: the backend refuses everyone else (403), and the
 * screen says so.
 */
export const ReceiptsPage = () => {
  const { t } = useLingui()
  const { clubId } = route.useParams()
  const from = route.useSearch({ select: (search) => search.from })
  const to = route.useSearch({ select: (search) => search.to })
  const page = route.useSearch({ select: (search) => search.page ?? 0 })
  const requestedYear = route.useSearch({ select: (search) => search.year })
  const navigate = route.useNavigate()
  const period = useMemo(() => receiptPeriod({ from, to }), [from, to])
  // The page shown stays while the next one loads: no flash of the loading state when paging.
  const list = useGetClubReceipts(clubId, receiptPageParams(period, page), {
    query: { placeholderData: keepPreviousData },
  })
  const settings = useGetReceiptSettings(clubId)
  // The club's name under the title (never waited for: usually in the cache from the dashboard), and
  // where its address is: the settings ask for the German receipt's data only of a club in Germany.
  const overview = useQuery(getGetClubOverviewQueryOptions(clubId))
  const clubName = overview.data?.club.name

  const header = (
    <PageHeader
      title={t`Spendenbestätigungen`}
      description={
        clubName
          ? t`Bestätigungen, die ${clubName} Spender:innen für ihre Spenden ausstellt.`
          : t`Bestätigungen, die der Verein Spender:innen für ihre Spenden ausstellt.`
      }
      actions={
        <>
          <ButtonLink to="/steuer/$clubId" params={{ clubId }} variant="secondary">
            <Trans>Steuer</Trans>
          </ButtonLink>
          <ButtonLink to="/home" search={{ id: clubId }} variant="secondary">
            <Trans>Zur Übersicht</Trans>
          </ButtonLink>
        </>
      }
    />
  )

  // The list needs the money right: refused, no part of the screen helps.
  const failed = list.isError ? list.error : settings.isError ? settings.error : null
  if (failed && !(list.data && settings.data)) {
    return (
      <>
        {header}
        <QueryError
          error={failed}
          title={t`Die Spendenbestätigungen konnten nicht geladen werden.`}
          messages={{ forbidden: noMoneyRightMessage(), 'not-found': t`Diesen Verein gibt es nicht (mehr).` }}
          onRetry={() => {
            void list.refetch()
            void settings.refetch()
          }}
        />
      </>
    )
  }

  if (!list.data || !settings.data) {
    return (
      <>
        {header}
        <LoadingBlock>
          <Trans>Spendenbestätigungen werden geladen …</Trans>
        </LoadingBlock>
      </>
    )
  }

  return (
    <>
      {header}
      <div className="flex flex-col gap-6">
        <ReceiptsCard
          clubId={clubId}
          period={period}
          data={list.data}
          onPeriodChange={(chosen) =>
            void navigate({
              search: (previous) => ({ ...previous, from: chosen.from, to: chosen.to, page: undefined }),
              resetScroll: false,
            })
          }
          onPageChange={(next) =>
            void navigate({ search: (previous) => ({ ...previous, page: next || undefined }), resetScroll: false })
          }
        />
        <AnnualReceiptsCard
          clubId={clubId}
          year={annualYear(requestedYear)}
          onYearChange={(year) =>
            void navigate({ search: (previous) => ({ ...previous, year }), resetScroll: false, replace: true })
          }
        />
        {overview.data ? (
          <Suspense fallback={<LoadingBlock />}>
            <ReceiptSettingsCard
              clubId={clubId}
              settings={settings.data}
              inGermany={overview.data.club.address.country === 'DE'}
            />
          </Suspense>
        ) : overview.isError ? (
          <QueryError
            error={overview.error}
            title={t`Die Angaben auf der Bestätigung konnten nicht geladen werden.`}
            onRetry={() => void overview.refetch()}
          />
        ) : (
          <LoadingBlock />
        )}
      </div>
    </>
  )
}
