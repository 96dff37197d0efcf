import './messages.ts'
import { useLingui } from '@lingui/react/macro'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { PasswordChangeForm } from './components/password-change-form.tsx'

/** `/pwdchange` (administrators and staff): a new password, then sign in again. */
export const PasswordChangePage = () => {
  const { t } = useLingui()
  return (
    <div className="mx-auto w-full max-w-md">
      <PageHeader title={t`Passwort ändern`} description={t`Vergeben Sie ein neues Passwort für Ihr Benutzerkonto.`} />
      <Card>
        <CardBody className="py-6">
          <PasswordChangeForm />
        </CardBody>
      </Card>
    </div>
  )
}
