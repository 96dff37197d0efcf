import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const ClubProfilePage = () => {
  const { t } = useLingui()
  return (
    <PageHeader title={t`Vereinsdaten bearbeiten`} description={t`Vervollständigen Sie das Profil Ihres Vereins.`} />
  )
}
