import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const SuccessPage = () => {
  const { t } = useLingui()
  return <PageHeader title={t`Geschafft!`} description={t`So geht es weiter.`} />
}
