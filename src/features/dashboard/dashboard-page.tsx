import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const DashboardPage = () => {
  const { t } = useLingui()
  return <PageHeader title={t`Übersicht`} description={t`Ihr Verein auf einen Blick.`} />
}
