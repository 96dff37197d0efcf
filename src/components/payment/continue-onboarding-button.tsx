import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { getGetClubOverviewQueryKey } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import {
  getGetPaymentAccountQueryKey,
  useCreateOnboardingLink,
} from '#src/api/generated/query/endpoints/payments/payments.ts'
import type { OnboardingLink } from '#openapi/generated/model/onboardingLink.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button, type ButtonSize, type ButtonVariant } from '#src/components/ui/button.tsx'
import { problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { providerRedirect } from './provider-redirect.ts'

/**
 * A fresh single-use link to the provider's hosted onboarding for the club's account. After a failure
 * (e.g. a conflict: the account is no longer in onboarding) the account state is read again, on the
 * payment pages and on the dashboard.
 */
const useCreateOnboardingLinkMutation = () => {
  const queryClient = useQueryClient()
  return useCreateOnboardingLink({
    mutation: {
      onError: (_error, { clubId }) =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: getGetPaymentAccountQueryKey(clubId) }),
          queryClient.invalidateQueries({ queryKey: getGetClubOverviewQueryKey(clubId) }),
        ]),
    },
  })
}

/**
 * Starts or resumes the card provider's onboarding: asks the backend for a fresh link (links are
 * single-use and expire within minutes, so one is made only when the person is about to go) and hands
 * over to the provider. Used by `/payment`, `/payment/return` and the dashboard's card-payment badge.
 */
export const ContinueOnboardingButton = ({
  clubId,
  label,
  variant,
  size,
}: {
  clubId: string
  label: string
  variant?: ButtonVariant
  size?: ButtonSize
}) => {
  const { t } = useLingui()
  const create = useCreateOnboardingLinkMutation()
  const [link, setLink] = useState<OnboardingLink | null>(null)

  const start = () =>
    create.mutate(
      { clubId },
      {
        onSuccess: (created) => {
          setLink(created)
          providerRedirect.go(created.url)
        },
      },
    )

  const failure = (() => {
    if (!create.isError) return null
    const kind = problemKind(create.error)
    if (kind === 'payment-account-state')
      return t`Für diesen Verein ist keine Einrichtung offen. Der aktuelle Stand wird angezeigt.`
    if (problemStatus(create.error) === 403)
      return t`Die Einrichtung können nur Vertreter/innen des Vereins oder die Administration starten.`
    return t`Fehler beim Starten der Einrichtung. Bitte versuchen Sie es erneut.`
  })()

  if (link) {
    return (
      <Alert tone="info" role="status" title={t`Sie werden zum Zahlungsanbieter weitergeleitet …`}>
        <Trans>
          Falls sich die Seite nicht öffnet:{' '}
          <a href={link.url} className="font-medium underline">
            Weiter zum Zahlungsanbieter
          </a>
        </Trans>
      </Alert>
    )
  }

  return (
    <div className="flex flex-col gap-3">
      {failure && (
        <Alert tone="error" role="alert">
          {failure}
        </Alert>
      )}
      <div>
        <Button variant={variant} size={size} onClick={start} pending={create.isPending}>
          {label}
        </Button>
      </div>
    </div>
  )
}
