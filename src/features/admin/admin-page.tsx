import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const AdminPage = () => {
  const { t } = useLingui()
  return (
    <PageHeader
      title={t`Administration`}
      description={t`App-Logo, Vereinsrollen, Vereinsarten, Freigabe von Vereinen und Zahlungskonten.`}
    />
  )
}
