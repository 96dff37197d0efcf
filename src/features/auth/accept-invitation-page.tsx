import { useLingui } from '@lingui/react/macro'
import { PageHeader } from '@/components/ui/page-header'

export const AcceptInvitationPage = () => {
  const { t } = useLingui()
  return (
    <PageHeader
      title={t`Einladung annehmen`}
      description={t`Legen Sie Ihr Benutzerkonto an, um dem Verein beizutreten.`}
    />
  )
}
