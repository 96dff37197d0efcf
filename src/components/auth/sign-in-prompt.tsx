import { Trans, useLingui } from '@lingui/react/macro'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { safeRedirect } from '#src/lib/auth/redirect.ts'
import { useAuthUser } from '#src/lib/auth/use-auth.ts'

/**
 * The start page's sign-in entry. The guard sends signed-out visitors to `/?redirect=<wanted page>`
 * (spec §2); this carries the target on to `/login`, which goes there after sign-in. Only same-site
 * paths survive `safeRedirect`, so a crafted link cannot make the sign-in an open redirect.
 * Renders nothing for a signed-in, confirmed user.
 */
export const SignInPrompt = ({ redirect }: { redirect?: string | undefined }) => {
  const { t } = useLingui()
  const user = useAuthUser()
  if (user?.uid && user.emailVerified) return null
  const target = safeRedirect(redirect, '')
  return (
    <Card aria-labelledby="sign-in-prompt-title">
      <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="sign-in-prompt-title" className="text-lg font-semibold text-slate-900">
            {target ? t`Bitte melden Sie sich an` : t`Schon registriert?`}
          </h2>
          <p className="text-sm text-slate-700">
            {target ? (
              <Trans>Die gewünschte Seite ist nur für angemeldete Benutzer sichtbar.</Trans>
            ) : (
              <Trans>Melden Sie sich an, um Ihren Verein, Ihre Kampagnen und Spenden zu verwalten.</Trans>
            )}
          </p>
        </div>
        <ButtonLink to="/login" search={target ? { redirect: target } : {}} className="shrink-0">
          <Trans>Anmelden</Trans>
        </ButtonLink>
      </CardBody>
    </Card>
  )
}
