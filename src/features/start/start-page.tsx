import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { SignInPrompt } from '#src/components/auth/sign-in-prompt.tsx'
import { AppLogoMark } from '#src/components/layout/app-logo.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { useAuthUser } from '#src/lib/auth/use-auth.ts'

const routeApi = getRouteApi('/')

/**
 * `/`: the public start page with the app logo, the sign-in and the registration entry. The guard sends
 * signed-out visitors here with `?redirect=<wanted page>`; the sign-in entry carries it on to `/login`.
 */
export const StartPage = () => {
  const { t } = useLingui()
  const { redirect } = routeApi.useSearch()
  const user = useAuthUser()
  const signedIn = Boolean(user?.uid && user.emailVerified)

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center sm:gap-6">
        <span className="text-brand-700">
          <AppLogoMark className="size-20 sm:size-24" />
        </span>
        <PageHeader
          title={t`Willkommen im Vereinsportal`}
          description={t`Hier registrieren sich Vereine, vervollständigen ihr Profil, starten Kampagnen und sammeln Spenden – sicher per Karte.`}
        />
      </div>

      <div className="grid gap-4 md:grid-cols-2">
        {signedIn ? (
          <Card>
            <CardBody className="flex flex-col gap-3">
              <h2 className="text-lg font-semibold text-slate-900">
                <Trans>Sie sind angemeldet</Trans>
              </h2>
              <p className="text-sm text-slate-700">
                <Trans>In der Übersicht sehen Sie Ihren Verein, Ihre Kampagnen und Spenden.</Trans>
              </p>
              <div>
                <ButtonLink to="/home">
                  <Trans>Zur Übersicht</Trans>
                </ButtonLink>
              </div>
            </CardBody>
          </Card>
        ) : (
          <SignInPrompt redirect={redirect} />
        )}
        <Card>
          <CardBody className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-lg font-semibold text-slate-900">
                <Trans>Neu im Vereinsportal?</Trans>
              </h2>
              <p className="text-sm text-slate-700">
                <Trans>
                  Registrieren Sie Ihren Verein in wenigen Schritten und vervollständigen Sie danach das Profil.
                </Trans>
              </p>
            </div>
            <ButtonLink to="/register_organisation" variant="secondary" className="shrink-0">
              <Trans>Verein registrieren</Trans>
            </ButtonLink>
          </CardBody>
        </Card>
      </div>

      <section aria-labelledby="start-how" className="flex flex-col gap-4">
        <h2 id="start-how" className="text-xl font-semibold text-slate-900">
          <Trans>So funktioniert es</Trans>
        </h2>
        <ol className="grid gap-4 md:grid-cols-3">
          <Feature number={1} title={<Trans>Verein registrieren</Trans>}>
            <Trans>Name, ZVR-Zahl, Adresse und Vereinsart genügen für den Anfang.</Trans>
          </Feature>
          <Feature number={2} title={<Trans>Profil vervollständigen</Trans>}>
            <Trans>Bankverbindung, Kontaktperson und Dokumente ergänzen; die Administration prüft und gibt frei.</Trans>
          </Feature>
          <Feature number={3} title={<Trans>Spenden sammeln</Trans>}>
            <Trans>Kampagnen anlegen und Spenden per Karte annehmen, mit allen Zahlen im Überblick.</Trans>
          </Feature>
        </ol>
      </section>
    </div>
  )
}

const Feature = ({ number, title, children }: { number: number; title: ReactNode; children: ReactNode }) => (
  <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
    <p className="flex items-center gap-3 font-semibold text-slate-900">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-800"
      >
        {number}
      </span>
      {title}
    </p>
    <p className="mt-2 text-sm text-slate-700">{children}</p>
  </li>
)
