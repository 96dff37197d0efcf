import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { OnboardingLink } from '@/api/generated/query/model/onboardingLink'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { problemKind, problemStatus } from '@/lib/api-errors'
import { useCreateOnboardingLinkMutation } from '../api/onboarding-mutations'
import { providerRedirect } from '../provider-redirect'

/**
 * Asks the backend for a fresh onboarding link (links are single-use and expire within minutes, so one is
 * made only when the person is about to go) and hands over to the provider.
 */
export const ContinueOnboardingButton = ({ clubId, label }: { clubId: string; label: string }) => {
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
      return t`Für diesen Verein ist keine Einrichtung offen. Der aktuelle Stand wird oben angezeigt.`
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
        <Button onClick={start} pending={create.isPending}>
          {label}
        </Button>
      </div>
    </div>
  )
}
