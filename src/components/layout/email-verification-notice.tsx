import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { useNavigate, useRouter, useSearch } from '@tanstack/react-router'
import { useEffect } from 'react'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { AuthError } from '#src/lib/auth/auth-service.ts'
import { useAuth } from '#src/lib/auth/use-auth.ts'

/** Spec §2, §9: the confirmation stays this long, then the user is signed out and sent to /login. */
export const VERIFIED_NOTICE_MS = 5000

/**
 * A verification code works once; React's strict mode runs effects twice in development, and a
 * re-mount must not try a used code again.
 */
const attempted = new Set<string>()

/**
 * Spec §2: a URL with `oobCode` (a link from the confirmation e-mail) confirms the e-mail address. The
 * green message shows for five seconds, then the user is signed out and opens /login. Reset links
 * (`mode=resetPassword`) carry an `oobCode` too; the sign-in page handles those.
 */
export const EmailVerificationNotice = () => {
  const { t } = useLingui()
  const auth = useAuth()
  const router = useRouter()
  const navigate = useNavigate()
  const { oobCode, mode } = useSearch({ from: '__root__' })
  const apply = useMutation({ mutationFn: (code: string) => auth.applyActionCode(code) })
  const { mutate, reset, isSuccess } = apply

  useEffect(() => {
    if (!oobCode || (mode !== undefined && mode !== 'verifyEmail') || attempted.has(oobCode)) return
    attempted.add(oobCode)
    mutate(oobCode)
    // The code is spent: take it out of the address bar so a reload or a shared link does not reuse it.
    const url = new URL(router.history.location.href, window.location.origin)
    url.searchParams.delete('oobCode')
    url.searchParams.delete('mode')
    router.history.replace(`${url.pathname}${url.search}${url.hash}`)
  }, [oobCode, mode, mutate, router])

  useEffect(() => {
    if (!isSuccess) return
    const timer = setTimeout(() => {
      void auth
        .signOut()
        .then(() => navigate({ to: '/login' }))
        .finally(reset)
    }, VERIFIED_NOTICE_MS)
    return () => clearTimeout(timer)
  }, [isSuccess, auth, navigate, reset])

  if (apply.isIdle) return null

  const code = apply.error instanceof AuthError ? apply.error.code : undefined
  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-4">
      {apply.isPending && (
        <Alert tone="info" role="status">
          <Trans>Ihre E-Mail-Adresse wird bestätigt …</Trans>
        </Alert>
      )}
      {apply.isSuccess && (
        <Alert tone="success" role="status" title={t`E-Mail-Adresse bestätigt`}>
          <Trans>Vielen Dank! Sie werden in wenigen Sekunden zur Anmeldung weitergeleitet.</Trans>
        </Alert>
      )}
      {apply.isError && (
        <Alert
          tone="error"
          role="alert"
          title={t`E-Mail-Adresse konnte nicht bestätigt werden`}
          actions={
            <Button size="sm" variant="secondary" onClick={reset}>
              <Trans>Schließen</Trans>
            </Button>
          }
        >
          {code === 'expired-action-code' ? (
            <Trans>
              Der Bestätigungslink ist abgelaufen. Melden Sie sich an, um eine neue Bestätigungs-E-Mail anzufordern.
            </Trans>
          ) : code === 'invalid-action-code' ? (
            <Trans>
              Der Bestätigungslink ist ungültig oder wurde bereits verwendet. Ist Ihre Adresse schon bestätigt, können
              Sie sich einfach anmelden.
            </Trans>
          ) : (
            <Trans>
              Bitte versuchen Sie es in einem Moment erneut, indem Sie den Link aus der E-Mail noch einmal öffnen.
            </Trans>
          )}
        </Alert>
      )}
    </div>
  )
}
