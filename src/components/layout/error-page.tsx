import { Trans } from '@lingui/react/macro'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { ApiError } from '@/api/client'
import { Button, ButtonLink } from '@/components/ui/button'

/**
 * Whatever fails while loading or rendering a screen ends here, inside the shell: never a white page.
 * A failed backend call says so; anything else offers a retry.
 */
export const ErrorPage = ({ error, reset }: ErrorComponentProps) => {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()

  useEffect(() => {
    queryReset.reset()
  }, [queryReset])

  const isApi = error instanceof ApiError
  const notFound = isApi && error.status === 404
  // The backend serves unconfirmed addresses nothing but their own record and the globals (403 problem).
  const unconfirmed = isApi && error.kind === 'email-not-verified'
  return (
    <div className="mx-auto max-w-xl py-12 text-center" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound ? (
          <Trans>Nicht gefunden</Trans>
        ) : unconfirmed ? (
          <Trans>E-Mail-Adresse noch nicht bestätigt</Trans>
        ) : (
          <Trans>Da ist etwas schiefgelaufen</Trans>
        )}
      </h1>
      <p className="mt-3 text-slate-700">
        {notFound ? (
          <Trans>Den gesuchten Eintrag gibt es nicht (mehr).</Trans>
        ) : unconfirmed ? (
          <Trans>Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse.</Trans>
        ) : isApi ? (
          <Trans>Der Server hat die Anfrage nicht beantwortet. Bitte versuchen Sie es gleich noch einmal.</Trans>
        ) : (
          <Trans>Beim Anzeigen dieser Seite ist ein Fehler aufgetreten.</Trans>
        )}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button
          onClick={() => {
            reset()
            void router.invalidate()
          }}
        >
          <Trans>Erneut versuchen</Trans>
        </Button>
        <ButtonLink to="/" variant="secondary">
          <Trans>Zur Startseite</Trans>
        </ButtonLink>
      </div>
    </div>
  )
}
