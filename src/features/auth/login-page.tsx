import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const LoginPage = () => {
  const { t } = useLingui()
  return (
    <PageHeader title={t`Anmelden`} description={t`Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.`} />
  )
}
