import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const CampaignEditPage = () => {
  const { t } = useLingui()
  return <PageHeader title={t`Kampagne bearbeiten`} description={t`Ändern Sie Ihre Spendenkampagne.`} />
}
