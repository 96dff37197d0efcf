import './messages.ts'
import { useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, type ComponentType } from 'react'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#src/components/ui/tabs.tsx'
import { whenIdle } from '#src/lib/when-idle.ts'
import { ClubReleaseSection } from './components/club-release-section.tsx'
import { ADMIN_TABS, type AdminTab } from './search.ts'

const routeApi = getRouteApi('/_authenticated/admin')

// The release tab opens first and comes with the page; every other tab is its own chunk (a
// route's chunk ≤ 60 KB gzip), fetched when the page is idle, so switching to it is as quick as before.
const loadAuditLog = () => import('./components/audit-log-section.tsx')
const loadNamedEntities = () => import('./components/named-entity-sections.tsx')
const loadAppLogo = () => import('./components/app-logo-section.tsx')
const AuditLogSection = lazy(() => loadAuditLog().then((module) => ({ default: module.AuditLogSection })))
const ClubTypesSection = lazy(() => loadNamedEntities().then((module) => ({ default: module.ClubTypesSection })))
const ClubRolesSection = lazy(() => loadNamedEntities().then((module) => ({ default: module.ClubRolesSection })))
const AppLogoSection = lazy(() => loadAppLogo().then((module) => ({ default: module.AppLogoSection })))

/** Only the selected tab's panel is rendered (and its code fetched, if the idle preload has not yet). */
const PANELS = {
  release: ClubReleaseSection,
  audit: AuditLogSection,
  types: ClubTypesSection,
  roles: ClubRolesSection,
  logo: AppLogoSection,
} satisfies Record<AdminTab, ComponentType>

const isAdminTab = (value: string): value is AdminTab => (ADMIN_TABS as readonly string[]).includes(value)

const preloadTabs = () => whenIdle(() => void Promise.all([loadAuditLog(), loadNamedEntities(), loadAppLogo()]))

/** A tab whose code is still on the way: its card with the tab's name and the sections' loading state. */
const TabPending = ({ title }: { title: string }) => (
  <Card>
    <CardHeader title={title} />
    <CardBody>
      <LoadingBlock />
    </CardBody>
  </Card>
)

/**
 * `/admin` (ROLE_ADMIN): the release of clubs with their payment accounts, club types, club roles and the
 * app logo. Every write here is ADMIN-only in the contract; staff read the club list on `/home` instead.
 */
export const AdminPage = () => {
  const { t } = useLingui()
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()

  const tabs: { value: AdminTab; label: string }[] = [
    { value: 'release', label: t`Freigabe & Zahlungskonten` },
    { value: 'audit', label: t`Protokoll` },
    { value: 'types', label: t`Vereinsarten` },
    { value: 'roles', label: t`Vereinsrollen` },
    { value: 'logo', label: t`App-Logo` },
  ]
  const select = (tab: AdminTab) => void navigate({ search: (previous) => ({ ...previous, tab }), replace: true })
  useEffect(preloadTabs, [])

  return (
    <>
      <PageHeader
        title={t`Administration`}
        // Each tab names the browser tab (WCAG 2.4.2): five sections, five titles.
        documentTitle={`${tabs.find((tab) => tab.value === search.tab)?.label ?? ''} · ${t`Administration`}`}
        description={t`Freigabe von Vereinen, Zahlungskonten, das Protokoll, Vereinsarten, Vereinsrollen und das App-Logo.`}
      />
      {/* The selected tab lives in the URL (`?tab=`), so reload and back keep it. */}
      <Tabs value={search.tab} onValueChange={(value) => isAdminTab(value) && select(value)}>
        <TabsList aria-label={t`Bereiche der Administration`}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => {
          const Panel = PANELS[tab.value]
          return (
            <TabsContent key={tab.value} value={tab.value}>
              <Suspense fallback={<TabPending title={tab.label} />}>
                <Panel />
              </Suspense>
            </TabsContent>
          )
        })}
      </Tabs>
    </>
  )
}
