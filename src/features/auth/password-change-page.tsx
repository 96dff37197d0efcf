import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const PasswordChangePage = () => {
  const { t } = useLingui()
  return (
    <PageHeader title={t`Passwort ändern`} description={t`Vergeben Sie ein neues Passwort für Ihr Benutzerkonto.`} />
  )
}
