import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const CampaignCreatePage = () => {
  const { t } = useLingui()
  return <PageHeader title={t`Kampagne anlegen`} description={t`Legen Sie eine neue Spendenkampagne an.`} />
}
