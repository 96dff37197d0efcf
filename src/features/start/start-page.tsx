import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const StartPage = () => {
  const { t } = useLingui()
  return (
    <PageHeader
      title={t`Willkommen im Vereinsportal`}
      description={t`Vereine registrieren sich, vervollständigen ihr Profil und sammeln Spenden.`}
    />
  )
}
