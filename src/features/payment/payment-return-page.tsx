import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const PaymentReturnPage = () => {
  const { t } = useLingui()
  return (
    <PageHeader title={t`Zurück vom Zahlungsanbieter`} description={t`Wir prüfen den Stand Ihres Zahlungskontos.`} />
  )
}
