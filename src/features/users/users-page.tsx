import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const UsersPage = () => {
  const { t } = useLingui()
  return <PageHeader title={t`Benutzerverwaltung`} description={t`Benutzer anlegen, bearbeiten und entfernen.`} />
}
