import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const RegistrationPage = () => {
  const { t } = useLingui()
  return (
    <PageHeader title={t`Verein registrieren`} description={t`Registrieren Sie Ihren Verein in wenigen Schritten.`} />
  )
}
