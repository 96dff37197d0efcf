import { Trans } from '@lingui/react/macro'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Button, ButtonLink } from '#src/components/ui/button.tsx'
import { DocumentTitle } from '#src/components/ui/page-header.tsx'
import { useFailureMessage } from '#src/components/ui/failure.ts'
import { useAuthUser } from '#src/lib/auth/use-auth.ts'

/**
 * Whatever fails while loading or rendering a screen ends here, inside the shell: never a white page.
 * The words come from the one place every screen shares (components/ui/failure.ts, also behind QueryError): a 403 is
 * "Kein Zugriff", an unknown id "Nicht gefunden" (neither offers a retry that cannot help), a request
 * without an answer in time or a failing server "Erneut versuchen".
 */
export const ErrorPage = ({ error, reset }: ErrorComponentProps) => {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  const user = useAuthUser()
  const failure = useFailureMessage(error)

  useEffect(() => {
    queryReset.reset()
  }, [queryReset])

  const signedIn = Boolean(user?.uid && user.emailVerified)
  return (
    <div className="mx-auto max-w-xl py-12 text-center" role="alert" data-failure={failure.kind}>
      <DocumentTitle title={failure.title} />
      <h1 className="text-2xl font-bold text-slate-900">{failure.title}</h1>
      <p className="mt-3 text-slate-700">{failure.text}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {failure.retryable && (
          <Button
            onClick={() => {
              reset()
              void router.invalidate()
            }}
          >
            <Trans>Erneut versuchen</Trans>
          </Button>
        )}
        {signedIn ? (
          <ButtonLink to="/home" variant={failure.retryable ? 'secondary' : 'primary'}>
            <Trans>Zur Übersicht</Trans>
          </ButtonLink>
        ) : (
          <ButtonLink to="/" variant={failure.retryable ? 'secondary' : 'primary'}>
            <Trans>Zur Startseite</Trans>
          </ButtonLink>
        )}
      </div>
    </div>
  )
}
