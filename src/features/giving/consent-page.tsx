import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState } from 'react'
import type { TaxConsent } from '#openapi/generated/model/taxConsent.ts'
import type { TaxConsentScope } from '#openapi/generated/model/taxConsentScope.ts'
import {
  getGetTaxConsentQueryKey,
  useGetTaxConsent,
  useWithdrawTaxConsent,
} from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { problemStatus, tooManyRequestsMessage } from '#src/lib/api-errors.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { MailLinkPage } from './components/mail-link-page.tsx'

const route = getRouteApi('/steuer-einwilligung/$consentId')

/**
 * `/steuer-einwilligung/$consentId`: the link in a donation's confirmation e-mail. The donor sees the
 * consent to the transmission of their donations to the tax office as given (club, name, scope, when, the
 * text) and can withdraw it for the future. Public: the unguessable id is the donor's key, so nobody
 * signs in.
 */
export const ConsentPage = () => {
  const { t } = useLingui()
  const { consentId } = route.useParams()
  // The donor may have withdrawn it in another tab, or the club may have changed it: always the backend's.
  const query = useGetTaxConsent(consentId, { query: { staleTime: 0 } })

  return (
    <MailLinkPage
      query={query}
      title={t`Einwilligung`}
      loading={t`Die Einwilligung wird geladen …`}
      failed={t`Die Einwilligung konnte nicht geladen werden.`}
      unknown={t`Diese Einwilligung gibt es nicht (mehr)`}
    >
      {(consent) => <ConsentDetails consentId={consentId} consent={consent} />}
    </MailLinkPage>
  )
}

const ConsentDetails = ({ consentId, consent }: { consentId: string; consent: TaxConsent }) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const textHeadingId = useId()
  const [confirming, setConfirming] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const withdrawnRef = useRef<HTMLDivElement>(null)
  const failureRef = useRef<HTMLDivElement>(null)
  const withdraw = useWithdrawTaxConsent()
  const scopeLabels: Record<TaxConsentScope, string> = {
    DONATION: t`nur für diese Spende`,
    UNTIL_WITHDRAWN: t`bis auf Widerruf, für alle Spenden an diesen Verein`,
  }

  // A failure is read out where the button was, and the way on (trying again) is next to it.
  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  const confirm = () => {
    setFailure(null)
    withdraw.mutate(
      { consentId },
      {
        onSuccess: (withdrawn) => {
          queryClient.setQueryData(getGetTaxConsentQueryKey(consentId), withdrawn)
          setConfirming(false)
        },
        onError: (error) => {
          setConfirming(false)
          setFailure(
            problemStatus(error) === 404
              ? t`Diese Einwilligung gibt es nicht mehr.`
              : (tooManyRequestsMessage(error) ??
                  t`Die Einwilligung konnte gerade nicht widerrufen werden. Bitte versuchen Sie es in einem Moment erneut.`),
          )
        },
      },
    )
  }

  const name = `${consent.firstName} ${consent.lastName}`
  const clubName = consent.clubName
  return (
    <>
      <PageHeader
        title={t`Ihre Einwilligung zur Übermittlung an das Finanzamt`}
        description={t`Damit meldet ${clubName} Ihre Spenden an das Finanzamt, und sie werden bei Ihrer Steuer berücksichtigt.`}
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {consent.withdrawnAt && (
          // Takes the focus after withdrawing: the button that had it is gone, and this says what happened.
          <div
            ref={withdrawnRef}
            tabIndex={-1}
            className="rounded-md focus:outline-none"
            data-testid="consent-withdrawn"
          >
            <Alert tone="info" role="status" title={t`Widerrufen am ${formatDateTime(consent.withdrawnAt)}`}>
              <Trans>
                Spenden ab diesem Zeitpunkt werden nicht mehr an das Finanzamt gemeldet. Spenden, die Sie davor gegeben
                haben, meldet der Verein weiterhin.
              </Trans>
            </Alert>
          </div>
        )}
        <Card>
          <CardBody className="flex flex-col gap-5">
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Verein</Trans>
              </dt>
              <dd className="break-words text-slate-900">{clubName}</dd>
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Name</Trans>
              </dt>
              <dd className="break-words text-slate-900">{name}</dd>
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Gilt</Trans>
              </dt>
              <dd className="text-slate-900">{scopeLabels[consent.scope]}</dd>
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Erteilt am</Trans>
              </dt>
              <dd className="text-slate-900">{formatDateTime(consent.givenAt)}</dd>
              {consent.withdrawnAt && (
                <>
                  <dt className="text-sm font-medium text-slate-600">
                    <Trans>Widerrufen am</Trans>
                  </dt>
                  <dd className="text-slate-900">{formatDateTime(consent.withdrawnAt)}</dd>
                </>
              )}
            </dl>
            <section aria-labelledby={textHeadingId} className="rounded-md bg-slate-50 p-3">
              <h2 id={textHeadingId} className="text-sm font-semibold text-slate-900">
                <Trans>Text der Einwilligung</Trans>
              </h2>
              <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">{consent.text}</p>
            </section>
            {failure && (
              <div ref={failureRef} tabIndex={-1} className="rounded-md focus:outline-none">
                <Alert tone="error" role="alert" title={t`Nicht widerrufen`}>
                  {failure}
                </Alert>
              </div>
            )}
            {!consent.withdrawnAt && (
              <div>
                <Button variant="secondary" onClick={() => setConfirming(true)}>
                  <Trans>Einwilligung widerrufen</Trans>
                </Button>
              </div>
            )}
          </CardBody>
        </Card>
        <ConfirmDialog
          open={confirming}
          onOpenChange={(open) => !open && setConfirming(false)}
          title={t`Einwilligung widerrufen?`}
          description={t`Spenden, die Sie bereits gegeben haben, meldet ${clubName} weiterhin an das Finanzamt: Dazu ist der Verein gesetzlich verpflichtet. Spenden ab jetzt werden nicht mehr gemeldet und können dann nicht mehr steuerlich abgesetzt werden, außer Sie geben Ihre Daten bei der Spende erneut an.`}
          confirmLabel={t`Widerrufen`}
          destructive
          pending={withdraw.isPending}
          onConfirm={confirm}
          fallbackFocus={() => withdrawnRef.current}
        />
      </div>
    </>
  )
}
