import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { memo, useState, type ReactNode } from 'react'
import { useGetClubOverview, useGetClubsOfUser } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { CurrentUser } from '#openapi/generated/model/currentUser.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { clearActiveClubId, setActiveClubId } from '#src/lib/active-club.ts'
import { useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { chartRangeOf, defaultChartRange, type ChartRange } from './chart-range.ts'
import { clubRightsOf } from './club-rights.ts'
import { BankDataCard } from './components/bank-data-card.tsx'
import { DeactivationNotice } from './components/deactivation-notice.tsx'
import { ClubOverviewCard } from './components/club-overview-card.tsx'
import { ClubSwitcher } from './components/club-switcher.tsx'
import { CompletenessHint } from './components/completeness-hint.tsx'
import { DonationsOverview } from './components/donations-overview.tsx'
import {
  CampaignsLater,
  ChartSectionLater,
  DonationsLater,
  MediaSection,
  MembersSection,
  TaxNoticeLater,
} from './components/lazy-sections.tsx'
import { NoClubState } from './components/no-club-state.tsx'

const route = getRouteApi('/_authenticated/home')

export interface DashboardPageProps {
  /**
   * The donation list (its own feature), placed by the route as a section of the dashboard. `mayRefund`:
   * the person may manage the club's money (refunds); null for staff, who only read.
   */
  renderDonations: (clubId: string, clubName: string, mayRefund: boolean | null) => ReactNode
}

/**
 * The dashboard's sections, and (for whoever may manage the club's money) the club's tax and donation
 * receipt screens, which live on pages of their own.
 */
const SectionNav = ({ taxClubId }: { taxClubId?: string | undefined }) => {
  const { t } = useLingui()
  const links = [
    { href: '#verlauf', label: t`Spendenverlauf` },
    { href: '#kampagnen', label: t`Kampagnen` },
    { href: '#spenden', label: t`Spenden` },
    { href: '#mitglieder', label: t`Mitglieder` },
    { href: '#bilder', label: t`Bilder und Dokumente` },
  ]
  return (
    <nav aria-label={t`Bereiche der Übersicht`} className="-mt-2 mb-6 flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {links.map((link) => (
        <a key={link.href} href={link.href} className="text-brand-800 underline-offset-2 hover:underline">
          {link.label}
        </a>
      ))}
      {taxClubId && (
        <>
          <Link
            to="/steuer/$clubId"
            params={{ clubId: taxClubId }}
            className="text-brand-800 underline-offset-2 hover:underline"
          >
            {t`Steuer`}
          </Link>
          <Link
            to="/bestaetigungen/$clubId"
            params={{ clubId: taxClubId }}
            className="text-brand-800 underline-offset-2 hover:underline"
          >
            {t`Spendenbestätigungen`}
          </Link>
        </>
      )}
    </nav>
  )
}

// Memoised: paging the donation list changes the URL, which re-renders the route; the dashboard around
// the list (chart included) has nothing to redraw then.
const ClubDashboard = memo(function ClubDashboard({
  me,
  clubId,
  denied,
  renderDonations,
}: {
  me: CurrentUser
  clubId: string
  denied: boolean
} & DashboardPageProps) {
  const { t } = useLingui()
  // Only the chart's own parameters: paging the donation list (also in the URL) must not re-render the
  // whole dashboard, chart included.
  const cGroup = route.useSearch({ select: (search) => search.cGroup })
  const cFrom = route.useSearch({ select: (search) => search.cFrom })
  const cTo = route.useSearch({ select: (search) => search.cTo })
  const navigate = route.useNavigate()
  const overview = useGetClubOverview(clubId)
  const clubs = useGetClubsOfUser(me.uid)
  const [fallbackRange] = useState(defaultChartRange)
  const readOnly = me.role === 'ROLE_STAFF'
  const mayPickAnyClub = me.role === 'ROLE_ADMIN' || me.role === 'ROLE_STAFF'

  const range: ChartRange = chartRangeOf({ cGroup, cFrom, cTo }, fallbackRange)

  const switchClub = (id: string) => {
    setActiveClubId(me.uid, id)
    // A new club starts with a fresh chart and list; `id` keeps URL and choice in step.
    void navigate({ to: '/home', search: { id } })
  }

  // `pick` asks for the picker explicitly: without it, somebody with one club of their own would land on
  // that club again.
  const pickAnotherClub = () => {
    clearActiveClubId(me.uid)
    void navigate({ to: '/home', search: { pick: true } })
  }

  const ownClubs = clubs.data ?? []
  const switcher =
    ownClubs.length > 1 || (ownClubs.length > 0 && !ownClubs.some((club) => club.id === clubId)) ? (
      <ClubSwitcher clubs={ownClubs} activeClubId={clubId} onSwitch={switchClub} />
    ) : mayPickAnyClub ? (
      <Button variant="secondary" onClick={pickAnotherClub}>
        <Trans>Anderen Verein wählen</Trans>
      </Button>
    ) : null

  // Administrators and staff mostly look at clubs that are not theirs: they read the club's name, not "Ihr Verein".
  const ownClub = ownClubs.find((own) => own.id === clubId)
  const isMember = Boolean(ownClub)
  // What the person may do inside this club: money (bank details, onboarding) and members.
  const rights = clubRightsOf(me, ownClub)
  // The tax screen needs the money right (the backend refuses everyone else).
  const taxClubId = rights?.money ? clubId : undefined
  const deniedAlert = denied && (
    <Alert tone="warning" role="status">
      <Trans>Der angeforderte Verein gehört nicht zu Ihren Vereinen. Angezeigt wird Ihr aktiver Verein.</Trans>
    </Alert>
  )

  if (overview.isPending) {
    // One of the user's own clubs has its name in their club list: the screen shows it while the overview
    // and the sections arrive (the first content one round trip earlier). The outline fills the
    // screen, so nothing below it (the footer) moves into view and out again when the content arrives.
    return (
      <>
        <PageHeader
          title={ownClub?.name ?? t`Übersicht`}
          description={ownClub && t`Die Übersicht Ihres Vereins.`}
          actions={switcher}
        />
        {ownClub && <SectionNav taxClubId={taxClubId} />}
        <div className="flex min-h-dvh flex-col gap-6" data-testid="dashboard-pending">
          {deniedAlert}
          <div>
            <LoadingBlock>
              <Trans>Übersicht wird geladen …</Trans>
            </LoadingBlock>
            <div aria-hidden="true" className="mt-2 grid gap-6 lg:grid-cols-3">
              <div className="h-64 animate-pulse rounded-lg bg-slate-100 lg:col-span-2" />
              <div className="h-64 animate-pulse rounded-lg bg-slate-100" />
            </div>
          </div>
        </div>
      </>
    )
  }

  if (overview.isError) {
    return (
      <>
        <PageHeader title={t`Übersicht`} actions={switcher} />
        <QueryError
          error={overview.error}
          title={t`Die Übersicht konnte nicht geladen werden.`}
          messages={{
            forbidden: t`Sie haben keinen Zugriff auf diesen Verein.`,
            'not-found': t`Dieser Verein wurde nicht gefunden.`,
          }}
          onRetry={() => void overview.refetch()}
          actions={
            mayPickAnyClub && (
              <Button variant="secondary" size="sm" onClick={pickAnotherClub}>
                <Trans>Anderen Verein wählen</Trans>
              </Button>
            )
          }
        />
      </>
    )
  }

  const { club } = overview.data
  return (
    <>
      <PageHeader
        title={club.name}
        description={isMember ? t`Die Übersicht Ihres Vereins.` : t`Die Übersicht des Vereins ${club.name}.`}
        actions={switcher}
      />
      <SectionNav taxClubId={taxClubId} />
      <div className="flex flex-col gap-6">
        {deniedAlert}
        <DeactivationNotice club={club} />
        <CompletenessHint
          clubId={clubId}
          clubName={isMember ? undefined : club.name}
          completeness={club.completeness}
          canEdit={!readOnly}
        />
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <ClubOverviewCard overview={overview.data} canStartOnboarding={rights?.money === true} />
          </div>
          <BankDataCard club={club} canEdit={rights?.money === true} />
        </div>
        <DonationsOverview clubId={clubId} overview={overview.data} />
        {taxClubId && <TaxNoticeLater clubId={taxClubId} />}
        <div id="verlauf">
          <ChartSectionLater
            clubId={clubId}
            range={range}
            onRangeChange={(next) =>
              void navigate({
                search: (previous) => ({ ...previous, cGroup: next.groupBy, cFrom: next.from, cTo: next.to }),
                replace: true,
                resetScroll: false,
              })
            }
          />
        </div>
        <CampaignsLater clubId={clubId} canEdit={!readOnly} />
        <DonationsLater>{renderDonations(clubId, club.name, rights ? rights.money : null)}</DonationsLater>
        <MembersSection clubId={clubId} rights={rights} />
        <MediaSection clubId={clubId} canEdit={!readOnly} />
      </div>
    </>
  )
})

/** `/home`: the club dashboard (spec §2). */
export const DashboardPage = ({ renderDonations }: DashboardPageProps) => {
  const { t } = useLingui()
  const clubId = route.useLoaderData({ select: (data) => data.clubId })
  const denied = route.useLoaderData({ select: (data) => data.denied })
  const pickerPage = route.useSearch({ select: (search) => search.cPage })
  const navigate = route.useNavigate()
  const me = useCurrentUser()

  if (!me.data) {
    return me.isError ? (
      <QueryError
        error={me.error}
        title={t`Ihre Benutzerdaten konnten nicht geladen werden.`}
        onRetry={() => void me.refetch()}
      />
    ) : (
      <LoadingBlock />
    )
  }
  if (!clubId) {
    return (
      <NoClubState
        role={me.data.role}
        pickerPage={pickerPage ?? 0}
        onPickerPageChange={(page) =>
          void navigate({ search: (previous) => ({ ...previous, cPage: page || undefined }) })
        }
      />
    )
  }
  return <ClubDashboard key={clubId} me={me.data} clubId={clubId} denied={denied} renderDonations={renderDonations} />
}
