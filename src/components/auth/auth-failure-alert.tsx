import { Trans } from '@lingui/react/macro'
import { Alert } from '#src/components/ui/alert.tsx'
import type { AuthErrorCode } from '#src/lib/auth/auth-service.ts'

/**
 * A sign-in provider failure other than a wrong password, in German: the sign-in form, the
 * reauthentication dialog and the current-password check of /pwdchange say it alike.
 */
export const AuthFailureAlert = ({ title, code }: { title: string; code: AuthErrorCode }) => (
  <Alert tone="error" role="alert" title={title}>
    {code === 'network' ? (
      <Trans>Es besteht keine Verbindung. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.</Trans>
    ) : code === 'too-many-requests' ? (
      <Trans>Zu viele Anmeldeversuche. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.</Trans>
    ) : (
      <Trans>Bitte versuchen Sie es in einem Moment erneut.</Trans>
    )}
  </Alert>
)
