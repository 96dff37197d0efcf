import { createFileRoute } from '@tanstack/react-router'
import { lazy } from 'react'
import { extend } from '#src/lib/search-params.ts'
import { chartRangeOf } from '#src/features/dashboard/chart-range.ts'
import { loadDashboard } from '#src/features/dashboard/dashboard-loader.ts'
import { DashboardPage } from '#src/features/dashboard/dashboard-page.tsx'
import { dashboardSearchSchema } from '#src/features/dashboard/dashboard-search.ts'
import { donationSearchSchema } from '#src/features/donations/donation-search.ts'
import { prefetchDonationPage } from '#src/features/donations/donation-queries.ts'

// The list renders below the dashboard's first screen, and its code loads then (the dashboard's `Suspense`
// around it shows the section's placeholder meanwhile).
const DonationsSection = lazy(() =>
  import('#src/features/donations/donations-section.tsx').then((module) => ({ default: module.DonationsSection })),
)

// The dashboard and the donation list are two features; the route puts the list into the dashboard. A
// module-level function, so it is the same on every render and the memoised dashboard is not redrawn.
const renderDonations = (clubId: string, clubName: string, mayRefund: boolean | null) => (
  <DonationsSection
    scope={{ kind: 'club', clubId }}
    fileNameParts={[clubName]}
    refunds={mayRefund === null ? undefined : { allowed: mayRefund, clubName }}
  />
)

const HomeRoute = () => <DashboardPage renderDonations={renderDonations} />

export const Route = createFileRoute('/_authenticated/home')({
  // Spec §2: without an active club, `id` chooses it; the rest is list and chart state.
  validateSearch: extend(dashboardSearchSchema, donationSearchSchema),
  // The chart's range too: its data is asked for with the rest of the dashboard. The donation
  // list's state is not: paging it must not run the loader.
  loaderDeps: ({ search }) => ({
    id: search.id,
    pick: search.pick,
    cGroup: search.cGroup,
    cFrom: search.cFrom,
    cTo: search.cTo,
  }),
  // A preload (the pointer resting on a link) loads the data but leaves the stored active club alone.
  loader: ({ context, deps, preload, location }) =>
    loadDashboard(context.queryClient, deps.id, {
      persist: !preload,
      pick: deps.pick,
      uid: context.auth.getUser()?.uid,
      chart: chartRangeOf(deps),
      // The list renders after the top of the dashboard; its first page is asked for with the rest.
      prefetchAlso: (clubId) => prefetchDonationPage(context.queryClient, { kind: 'club', clubId }, location.search),
    }),
  component: HomeRoute,
})
