import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { useClubName } from '#src/components/payment/use-club-name.ts'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { useAuthUser } from '#src/lib/auth/use-auth.ts'

const routeApi = getRouteApi('/success')

/**
 * `/success?from=registration|payment`: what just worked and what happens next. After the payment
 * onboarding (`clubId`) the page names the club whose card payment was set up.
 */
export const SuccessPage = () => {
  const { from, clubId } = routeApi.useSearch()
  if (from === 'registration') return <RegistrationSuccess />
  if (from === 'payment') return <PaymentSuccess clubId={clubId} />
  return <GenericSuccess />
}

const Steps = ({ label, children }: { label: string; children: ReactNode }) => (
  <ol aria-label={label} className="flex flex-col gap-4">
    {children}
  </ol>
)

const Step = ({ number, title, children }: { number: number; title: ReactNode; children: ReactNode }) => (
  <li className="flex gap-4">
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white"
    >
      {number}
    </span>
    <div>
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="text-slate-700">{children}</p>
    </div>
  </li>
)

const RegistrationSuccess = () => {
  const { t } = useLingui()
  return (
    <>
      <PageHeader
        title={t`Registrierung abgeschlossen`}
        description={t`Vielen Dank! Ihr Verein ist im Vereinsportal angemeldet. So geht es weiter:`}
      />
      <Card className="max-w-2xl">
        <CardBody className="flex flex-col gap-6">
          <Steps label={t`Nächste Schritte`}>
            <Step number={1} title={<Trans>E-Mail-Adresse bestätigen</Trans>}>
              <Trans>
                Wir haben Ihnen eine E-Mail geschickt. Öffnen Sie den Link darin, um Ihre E-Mail-Adresse zu bestätigen.
                Prüfen Sie auch den Spam-Ordner.
              </Trans>
            </Step>
            <Step number={2} title={<Trans>Anmelden</Trans>}>
              <Trans>Melden Sie sich danach mit Ihrer E-Mail-Adresse und Ihrem Passwort an.</Trans>
            </Step>
            <Step number={3} title={<Trans>Profil vervollständigen</Trans>}>
              <Trans>
                Ergänzen Sie die Vereinsdaten, die Bankverbindung, die Kontaktperson mit Ausweis und die beiden
                Dokumente (SPEND 2-Formular und Bescheid über die Spendenbegünstigung).
              </Trans>
            </Step>
            <Step number={4} title={<Trans>Freigabe abwarten</Trans>}>
              <Trans>
                Sobald das Profil vollständig ist, prüft die Administration Ihre Angaben und gibt den Verein frei.
              </Trans>
            </Step>
          </Steps>
          <div>
            <ButtonLink to="/login">
              <Trans>Zur Anmeldung</Trans>
            </ButtonLink>
          </div>
        </CardBody>
      </Card>
    </>
  )
}

const PaymentSuccess = ({ clubId }: { clubId: string | undefined }) => {
  const { t } = useLingui()
  const user = useAuthUser()
  const signedIn = Boolean(user?.uid && user.emailVerified)
  const clubName = useClubName(clubId)
  return (
    <>
      <PageHeader
        title={clubName ? t`Kartenzahlung für ${clubName} eingerichtet` : t`Kartenzahlung eingerichtet`}
        description={
          clubName
            ? t`Die Einrichtung beim Kartenzahlungsanbieter ist abgeschlossen: ${clubName} kann jetzt Spenden per Karte annehmen.`
            : t`Die Einrichtung beim Kartenzahlungsanbieter ist abgeschlossen.`
        }
      />
      <Card className="max-w-2xl">
        <CardBody className="flex flex-col gap-6">
          <Steps label={t`Wie es weitergeht`}>
            <Step number={1} title={<Trans>Spenden per Karte annehmen</Trans>}>
              <Trans>Der Verein kann ab sofort Spenden per Karte annehmen, auch über seine Kampagnen.</Trans>
            </Step>
            <Step number={2} title={<Trans>Auszahlungen</Trans>}>
              <Trans>Der Zahlungsanbieter zahlt die Spenden regelmäßig auf das hinterlegte Bankkonto aus.</Trans>
            </Step>
            <Step number={3} title={<Trans>Überblick behalten</Trans>}>
              <Trans>Alle Spenden sehen Sie in der Übersicht des Vereins.</Trans>
            </Step>
          </Steps>
          <div>
            {signedIn ? (
              <ButtonLink to="/home" search={clubId ? { id: clubId } : {}}>
                <Trans>Zur Vereinsübersicht</Trans>
              </ButtonLink>
            ) : (
              <ButtonLink to="/login">
                <Trans>Zur Anmeldung</Trans>
              </ButtonLink>
            )}
          </div>
        </CardBody>
      </Card>
    </>
  )
}

const GenericSuccess = () => {
  const { t } = useLingui()
  return (
    <>
      <PageHeader title={t`Geschafft!`} description={t`Der Vorgang ist abgeschlossen.`} />
      <div className="flex flex-wrap gap-2">
        <ButtonLink to="/home">
          <Trans>Zur Übersicht</Trans>
        </ButtonLink>
        <ButtonLink to="/" variant="secondary">
          <Trans>Zur Startseite</Trans>
        </ButtonLink>
      </div>
    </>
  )
}
