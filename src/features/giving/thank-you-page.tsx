import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import type { DonationCheckoutState } from '#openapi/generated/model/donationCheckoutState.ts'
import {
  getGetPublicCampaignQueryKey,
  useGetDonationCheckout,
} from '#src/api/generated/query/endpoints/giving/giving.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button, ButtonLink } from '#src/components/ui/button.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { QueryError, failureKind } from '#src/components/ui/query-error.tsx'
import { formatCents } from '#src/lib/format.ts'
import { GivingSkeleton } from './components/giving-skeleton.tsx'

const route = getRouteApi('/spenden/$campaignId/danke')

/** How often an open checkout is asked again, and for how long before the page says it takes longer. */
export const POLL_EVERY_MS = 2_000
export const POLL_FOR_MS = 60_000

/**
 * `/spenden/$campaignId/danke?checkout=…`: where the card provider sends the donor after paying. Anyone can
 * open this URL, so the page never trusts it: it asks the backend (which asks the provider) how the
 * checkout stands, and keeps asking for a while as long as the payment is still being confirmed.
 */
export const ThankYouPage = () => {
  const { t } = useLingui()
  const { campaignId } = route.useParams()
  const { checkout } = route.useSearch()
  if (!checkout) {
    return (
      <Problem
        title={t`Dieser Link ist unvollständig`}
        text={t`Zu diesem Link gehört keine Zahlung. Wenn Sie gerade gespendet haben, prüfen Sie bitte die Bestätigung per E-Mail.`}
        campaignId={campaignId}
      />
    )
  }
  return <CheckoutResult campaignId={campaignId} checkoutId={checkout} />
}

const CheckoutResult = ({ campaignId, checkoutId }: { campaignId: string; checkoutId: string }) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  // Each round of asking lasts POLL_FOR_MS; "Erneut prüfen" starts another.
  const [round, setRound] = useState(0)
  const [gaveUp, setGaveUp] = useState(false)
  const query = useGetDonationCheckout(checkoutId, {
    query: {
      // The state changes behind the page (the provider confirms): always ask, never show a cached answer.
      staleTime: 0,
      refetchInterval: (current) => (!gaveUp && current.state.data?.status === 'OPEN' ? POLL_EVERY_MS : false),
    },
  })
  const status = query.data?.status
  const open = status === 'OPEN'

  useEffect(() => {
    if (!open) return
    const timer = setTimeout(() => setGaveUp(true), POLL_FOR_MS)
    return () => clearTimeout(timer)
  }, [open, round])

  // A paid donation counts on the campaign's page from now on.
  useEffect(() => {
    if (status === 'PAID') void queryClient.invalidateQueries({ queryKey: getGetPublicCampaignQueryKey(campaignId) })
  }, [status, campaignId, queryClient])

  if (query.isPending) return <GivingSkeleton title={t`Danke`}>{t`Ihre Zahlung wird geprüft …`}</GivingSkeleton>
  if (query.isError) {
    if (failureKind(query.error) === 'not-found') {
      return (
        <Problem
          title={t`Diese Zahlung kennen wir nicht`}
          text={t`Zu diesem Link gibt es keine Zahlung. Bitte prüfen Sie die Adresse oder die Bestätigung per E-Mail.`}
          campaignId={campaignId}
        />
      )
    }
    return (
      <>
        <PageHeader title={t`Danke`} />
        <QueryError
          error={query.error}
          title={t`Ihre Zahlung konnte gerade nicht geprüft werden.`}
          onRetry={() => void query.refetch()}
        />
      </>
    )
  }

  const state = query.data
  // The id in the URL is the donor's, the campaign in the URL anyone's: the two must belong together.
  if (state.campaignId !== campaignId) {
    return (
      <Problem
        title={t`Diese Zahlung gehört zu einer anderen Kampagne`}
        text={t`Der Link passt nicht zusammen. Bitte öffnen Sie den Link aus der Bestätigung erneut.`}
        campaignId={campaignId}
      />
    )
  }

  if (state.status === 'PAID') return <Paid state={state} campaignId={campaignId} />
  if (state.status === 'OPEN') {
    const recheck = () => {
      setGaveUp(false)
      setRound((value) => value + 1)
      void query.refetch()
    }
    return (
      <>
        <PageHeader
          title={t`Ihre Zahlung wird bestätigt …`}
          description={t`Der Zahlungsanbieter bestätigt Ihre Spende. Das dauert meist nur wenige Sekunden; bitte schließen Sie diese Seite nicht.`}
        />
        {gaveUp ? (
          <Alert
            tone="warning"
            role="status"
            title={t`Die Bestätigung dauert länger als üblich`}
            actions={
              <Button variant="secondary" pending={query.isFetching} onClick={recheck}>
                <Trans>Erneut prüfen</Trans>
              </Button>
            }
          >
            <Trans>
              Wir haben noch keine Bestätigung des Zahlungsanbieters. Sobald die Zahlung eingegangen ist, erhalten Sie
              eine Bestätigung per E-Mail. Bitte spenden Sie nicht ein zweites Mal.
            </Trans>
          </Alert>
        ) : (
          <LoadingBlock>{t`Wir warten auf die Bestätigung des Zahlungsanbieters …`}</LoadingBlock>
        )}
      </>
    )
  }
  return (
    <>
      <PageHeader
        title={state.status === 'FAILED' ? t`Die Zahlung ist fehlgeschlagen` : t`Die Zahlung wurde nicht abgeschlossen`}
      />
      <Alert
        tone="warning"
        role="status"
        actions={
          <ButtonLink to="/spenden/$campaignId" params={{ campaignId }}>
            <Trans>Erneut versuchen</Trans>
          </ButtonLink>
        }
      >
        {state.status === 'FAILED' ? (
          <Trans>
            Der Zahlungsanbieter hat die Zahlung abgelehnt. Es wurde nichts abgebucht. Sie können es mit einer anderen
            Karte erneut versuchen.
          </Trans>
        ) : (
          <Trans>
            Die Zahlung wurde abgebrochen oder die Zeit dafür ist abgelaufen. Es wurde nichts abgebucht. Sie können es
            erneut versuchen.
          </Trans>
        )}
      </Alert>
    </>
  )
}

const Paid = ({ state, campaignId }: { state: DonationCheckoutState; campaignId: string }) => {
  const { t } = useLingui()
  const amount = formatCents(state.amountCents)
  const name = state.donorName
  return (
    <>
      <PageHeader
        title={t`Vielen Dank für Ihre Spende!`}
        description={
          name
            ? t`${name}, Ihre Spende über ${amount} ist eingegangen.`
            : t`Ihre anonyme Spende über ${amount} ist eingegangen.`
        }
      />
      <Alert tone="success" role="status" title={t`Zahlung bestätigt`}>
        <Trans>Die Bestätigung Ihrer Spende erhalten Sie per E-Mail. Der Verein dankt Ihnen herzlich!</Trans>
      </Alert>
      <div className="mt-6">
        <ButtonLink to="/spenden/$campaignId" params={{ campaignId }} variant="secondary">
          <Trans>Zurück zur Kampagne</Trans>
        </ButtonLink>
      </div>
    </>
  )
}

const Problem = ({ title, text, campaignId }: { title: string; text: string; campaignId: string }) => (
  <>
    <PageHeader title={title} />
    <Alert tone="warning" role="alert" actions={<CampaignLink campaignId={campaignId} />}>
      {text}
    </Alert>
  </>
)

const CampaignLink = ({ campaignId }: { campaignId: string }) => (
  <ButtonLink to="/spenden/$campaignId" params={{ campaignId }} variant="secondary">
    <Trans>Zur Kampagne</Trans>
  </ButtonLink>
)
