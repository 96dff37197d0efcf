import '@/lib/i18n/screen-messages'
import { useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { PageHeader } from '@/components/ui/page-header'
import { AdminTabs, TabPanel } from './components/admin-tabs'
import { AppLogoSection } from './components/app-logo-section'
import { AuditLogSection } from './components/audit-log-section'
import { ClubReleaseSection } from './components/club-release-section'
import { ClubRolesSection, ClubTypesSection } from './components/named-entity-sections'
import type { AdminTab } from './search'

const routeApi = getRouteApi('/_authenticated/admin')

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

  return (
    <>
      <PageHeader
        title={t`Administration`}
        description={t`Freigabe von Vereinen, Zahlungskonten, das Protokoll, Vereinsarten, Vereinsrollen und das App-Logo.`}
      />
      <AdminTabs
        label={t`Bereiche der Administration`}
        tabs={tabs}
        selected={search.tab}
        onSelect={select}
        idPrefix="admin"
      />
      <TabPanel idPrefix="admin" value={search.tab}>
        {search.tab === 'release' && <ClubReleaseSection />}
        {search.tab === 'audit' && <AuditLogSection />}
        {search.tab === 'types' && <ClubTypesSection />}
        {search.tab === 'roles' && <ClubRolesSection />}
        {search.tab === 'logo' && <AppLogoSection />}
      </TabPanel>
    </>
  )
}
