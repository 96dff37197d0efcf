import { Trans, useLingui } from '@lingui/react/macro'
import { useRouterState } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { SignInPrompt } from '#src/components/auth/sign-in-prompt.tsx'
import { Alert } from '#src/components/ui/alert.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { useAuthUser } from '#src/lib/auth/use-auth.ts'

/**
 * `/payment` and `/payment/return` are public URLs (the provider sends people there), but the backend
 * calls behind them need a signed-in user: anonymous visitors are asked to sign in and come back here.
 */
export const PaymentGate = ({
  clubId,
  children,
}: {
  clubId: string | undefined
  children: (clubId: string) => ReactNode
}) => {
  const { t } = useLingui()
  const user = useAuthUser()
  const href = useRouterState({ select: (state) => state.location.href })
  if (!clubId) {
    return (
      <Alert
        tone="warning"
        role="alert"
        title={t`Es wurde kein Verein angegeben.`}
        actions={
          <ButtonLink to="/home" variant="secondary" size="sm">
            <Trans>Zur Übersicht</Trans>
          </ButtonLink>
        }
      >
        <Trans>Öffnen Sie die Einrichtung des Zahlungskontos über die Übersicht Ihres Vereins.</Trans>
      </Alert>
    )
  }
  if (!user?.uid || !user.emailVerified) return <SignInPrompt redirect={href} />
  return <>{children(clubId)}</>
}
