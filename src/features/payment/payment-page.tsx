import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi } from '@tanstack/react-router'
import { Alert } from '#src/components/ui/alert.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
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

const routeApi = getRouteApi('/payment/')

/**
 * `/payment?clubId=…`: (re)starts the card provider's hosted onboarding for a club. The provider sends
 * people here when a link has expired; a new link is made on request and the person goes to the provider.
 * The heading names the club (a representative of several clubs must not guess which one it is about).
 */
export const PaymentPage = () => {
  const { t } = useLingui()
  const { clubId } = routeApi.useSearch()
  const clubName = useClubName(clubId)
  return (
    <>
      <PageHeader
        title={clubName ? t`Kartenzahlung für ${clubName} einrichten` : t`Zahlungskonto einrichten`}
        description={
          clubName
            ? t`Damit ${clubName} Spenden per Karte annehmen kann, richten Sie das Konto beim Kartenzahlungsanbieter ein.`
            : t`Damit Ihr Verein Spenden per Karte annehmen kann, richten Sie das Konto beim Kartenzahlungsanbieter ein.`
        }
      />
      <div className="max-w-2xl">
        <PaymentGate clubId={clubId}>
          {(id) => (
            <>
              <PayoutsBlockedNote clubId={id} />
              <OnboardingStart clubId={id} />
            </>
          )}
        </PaymentGate>
      </div>
    </>
  )
}

const OnboardingStart = ({ clubId }: { clubId: string }) => {
  const { t } = useLingui()
  const query = useCurrentPaymentAccount(clubId)

  if (query.isPending) return <LoadingBlock>{t`Der Stand des Zahlungskontos wird geladen …`}</LoadingBlock>
  if (query.isError) return <AccountLoadError error={query.error} onRetry={() => void query.refetch()} />

  const account = query.data.account
  const overview = <OverviewLink clubId={clubId} />

  if (!account) {
    return (
      <Alert tone="info" title={t`Noch kein Zahlungskonto`} actions={overview}>
        <Trans>
          Für diesen Verein wurde noch kein Konto beim Kartenzahlungsanbieter angelegt. Das übernimmt die
          Administration, sobald der Verein freigegeben ist; danach starten Sie die Einrichtung hier.
        </Trans>
      </Alert>
    )
  }
  if (account.status === 'ACTIVE') {
    return (
      <Alert tone="success" title={t`Das Zahlungskonto ist bereits eingerichtet.`} actions={overview}>
        <Trans>Der Verein kann Kartenzahlungen annehmen. Es ist nichts mehr zu tun.</Trans>
      </Alert>
    )
  }
  if (account.status === 'REJECTED') return <RejectedAccountAlert account={account} clubId={clubId} />
  return (
    <Card>
      <CardBody className="flex flex-col gap-4">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            <Trans>Einrichtung beim Zahlungsanbieter</Trans>
          </h2>
          <p className="mt-1 text-slate-700">
            <Trans>
              Sie werden zur sicheren Seite des Zahlungsanbieters weitergeleitet. Dort geben Sie die Angaben zum Verein
              ein; danach kommen Sie hierher zurück. Falls ein Link abgelaufen ist, starten Sie hier einfach neu.
            </Trans>
          </p>
          {account.requirements.length > 0 && (
            <div className="mt-3 text-sm text-slate-700">
              <Trans>Der Anbieter braucht noch:</Trans>
              <RequirementList account={account} />
            </div>
          )}
        </div>
        <ContinueOnboardingButton clubId={clubId} label={t`Weiter zum Zahlungsanbieter`} />
      </CardBody>
    </Card>
  )
}
