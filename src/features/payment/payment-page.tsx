import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const PaymentPage = () => {
  const { t } = useLingui()
  return (
    <PageHeader
      title={t`Zahlungskonto einrichten`}
      description={t`Richten Sie das Konto beim Kartenzahlungsanbieter ein.`}
    />
  )
}
