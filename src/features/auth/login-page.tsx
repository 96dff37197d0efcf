import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, useNavigate, useRouterState } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { Alert } from '#src/components/ui/alert.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { safeRedirect } from '#src/lib/auth/redirect.ts'
import { useAuthUser } from '#src/lib/auth/use-auth.ts'
import './auth-notice.ts'
import { ForgotPasswordForm } from './components/forgot-password-form.tsx'
import { LoginForm } from './components/login-form.tsx'
import { ResetPasswordForm } from './components/reset-password-form.tsx'

type View = 'login' | 'forgot'

const route = getRouteApi('/login')

/**
 * `/login`: sign-in, "Passwort vergessen?", and (for the links in reset e-mails,
 * `?mode=resetPassword&oobCode=…`) setting the new password. After sign-in the user goes to the validated
 * `redirect` target or `/home`.
 */
export const LoginPage = () => {
  const { t } = useLingui()
  const search = route.useSearch()
  const navigate = useNavigate()
  const user = useAuthUser()
  const notice = useRouterState({ select: (state) => state.location.state.authNotice })
  const [view, setView] = useState<View>('login')
  // What the user typed travels between the sign-in and the "forgot password" form.
  const [email, setEmail] = useState('')

  const resetCode = search.mode === 'resetPassword' ? search.oobCode : undefined
  const signedIn = Boolean(user?.uid && user.emailVerified)

  const showView = (next: View, typed: string) => {
    setEmail(typed)
    setView(next)
  }

  if (resetCode) {
    return (
      <AuthCard
        title={t`Neues Passwort festlegen`}
        description={t`Wählen Sie ein neues Passwort für Ihr Benutzerkonto.`}
      >
        <ResetPasswordForm
          oobCode={resetCode}
          onDone={() =>
            void navigate({
              to: '/login',
              search: { redirect: search.redirect },
              state: { authNotice: 'password-reset' },
              replace: true,
            })
          }
          onRequestNewLink={() => {
            setView('forgot')
            void navigate({ to: '/login', search: { redirect: search.redirect }, replace: true })
          }}
        />
      </AuthCard>
    )
  }

  if (view === 'forgot') {
    return (
      <AuthCard title={t`Passwort zurücksetzen`}>
        <ForgotPasswordForm initialEmail={email} onBack={(typed) => showView('login', typed)} />
      </AuthCard>
    )
  }

  return (
    <AuthCard
      title={t`Anmelden`}
      description={t`Melden Sie sich mit Ihrer E-Mail-Adresse und Ihrem Passwort an.`}
      before={
        <>
          {notice === 'password-changed' && (
            <Alert tone="success" role="status" title={t`Passwort geändert`}>
              <Trans>Ihr Passwort wurde geändert. Bitte melden Sie sich mit dem neuen Passwort erneut an.</Trans>
            </Alert>
          )}
          {notice === 'password-reset' && (
            <Alert tone="success" role="status" title={t`Neues Passwort gespeichert`}>
              <Trans>Sie können sich jetzt mit Ihrem neuen Passwort anmelden.</Trans>
            </Alert>
          )}
          {signedIn && (
            <Alert
              tone="info"
              role="status"
              actions={
                <ButtonLink to="/home" size="sm">
                  <Trans>Zur Übersicht</Trans>
                </ButtonLink>
              }
            >
              <Trans>Sie sind als {user?.email} angemeldet. Um das Konto zu wechseln, melden Sie sich hier an.</Trans>
            </Alert>
          )}
        </>
      }
    >
      <LoginForm
        initialEmail={email}
        onForgotPassword={(typed) => showView('forgot', typed)}
        onSignedIn={() => navigate({ href: safeRedirect(search.redirect), replace: true })}
      />
    </AuthCard>
  )
}

const AuthCard = ({
  title,
  description,
  before,
  children,
}: {
  title: string
  description?: string
  before?: ReactNode
  children: ReactNode
}) => (
  <div className="mx-auto w-full max-w-md">
    <PageHeader title={title} description={description} />
    {before && <div className="mb-4 flex flex-col gap-3">{before}</div>}
    <Card>
      <CardBody className="py-6">{children}</CardBody>
    </Card>
  </div>
)
