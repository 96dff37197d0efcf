import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button, ButtonLink } from '#src/components/ui/button.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { ContinueOnboardingButton } from '#src/components/payment/continue-onboarding-button.tsx'
import { useClubName } from '#src/components/payment/use-club-name.ts'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import {
  AccountLoadError,
  OverviewLink,
  PayoutsBlockedNote,
  RejectedAccountAlert,
  RequirementList,
  useCurrentPaymentAccount,
} from './components/account-state.tsx'
import { PaymentGate } from './components/payment-gate.tsx'

const routeApi = getRouteApi('/payment/return')

/**
 * `/payment/return?clubId=…`: where the provider sends people back. Anyone can open this URL, so the page
 * never trusts the redirect: it asks the backend for the account's state and says what it found.
 */
export const PaymentReturnPage = () => {
  const { t } = useLingui()
  const { clubId } = routeApi.useSearch()
  const clubName = useClubName(clubId)
  return (
    <>
      <PageHeader
        title={t`Zurück vom Zahlungsanbieter`}
        description={
          clubName
            ? t`Wir prüfen den Stand des Zahlungskontos von ${clubName}.`
            : t`Wir prüfen den Stand Ihres Zahlungskontos.`
        }
      />
      <div className="max-w-2xl">
        <PaymentGate clubId={clubId}>
          {(id) => (
            <>
              <PayoutsBlockedNote clubId={id} />
              <ReturnResult clubId={id} clubName={clubName} />
            </>
          )}
        </PaymentGate>
      </div>
    </>
  )
}

const ReturnResult = ({ clubId, clubName }: { clubId: string; clubName: string | undefined }) => {
  const { t } = useLingui()
  const query = useCurrentPaymentAccount(clubId)

  if (query.isPending) return <LoadingBlock>{t`Der Stand des Zahlungskontos wird geprüft …`}</LoadingBlock>
  if (query.isError) return <AccountLoadError error={query.error} onRetry={() => void query.refetch()} />

  const account = query.data.account
  const overview = <OverviewLink clubId={clubId} />
  const recheck = (
    <Button variant="secondary" pending={query.isFetching} onClick={() => void query.refetch()}>
      <Trans>Erneut prüfen</Trans>
    </Button>
  )

  if (account?.status === 'ACTIVE') {
    // One main action, back to the club; what happens next (payouts, where donations show) is a side
    // trip for whoever wants it, so it is named and looks like one.
    return (
      <Alert
        tone="success"
        role="status"
        title={t`Die Einrichtung ist abgeschlossen.`}
        actions={
          <>
            <OverviewLink clubId={clubId} variant="primary" />
            <ButtonLink to="/success" search={{ from: 'payment', clubId }} variant="ghost">
              <Trans>Wie es weitergeht</Trans>
            </ButtonLink>
          </>
        }
      >
        {clubName ? (
          <Trans>
            Die Kartenzahlung für {clubName} ist eingerichtet: Der Verein kann jetzt Spenden per Karte annehmen.
          </Trans>
        ) : (
          <Trans>Die Kartenzahlung ist eingerichtet: Der Verein kann jetzt Spenden per Karte annehmen.</Trans>
        )}
      </Alert>
    )
  }
  if (account?.status === 'ONBOARDING') {
    return (
      <div className="flex flex-col gap-4">
        <Alert tone="warning" role="status" title={t`Die Einrichtung ist noch nicht abgeschlossen.`}>
          {account.requirements.length > 0 ? (
            <>
              <Trans>Der Zahlungsanbieter braucht noch:</Trans>
              <RequirementList account={account} />
            </>
          ) : (
            <Trans>Der Zahlungsanbieter prüft Ihre Angaben noch. Prüfen Sie den Stand später erneut.</Trans>
          )}
        </Alert>
        <p className="text-slate-700">
          <Trans>Setzen Sie die Einrichtung fort; Ihre bisherigen Angaben bleiben beim Anbieter gespeichert.</Trans>
        </p>
        <ContinueOnboardingButton clubId={clubId} label={t`Einrichtung fortsetzen`} />
        <div className="flex flex-wrap gap-2">
          {recheck}
          {overview}
        </div>
      </div>
    )
  }
  if (account?.status === 'REJECTED') return <RejectedAccountAlert account={account} clubId={clubId} role="status" />
  return (
    <Alert tone="warning" role="status" title={t`Kein Zahlungskonto gefunden.`} actions={overview}>
      <Trans>
        Für diesen Verein gibt es kein Konto beim Kartenzahlungsanbieter. Bitte wenden Sie sich an die Administration.
      </Trans>
    </Alert>
  )
}
