import './messages.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { DonorReceipt } from '#openapi/generated/model/donorReceipt.ts'
import { getDonorReceiptFile, useGetDonorReceipt } from '#src/api/generated/query/endpoints/receipts/receipts.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { problemStatus, tooManyRequestsMessage } from '#src/lib/api-errors.ts'
import { formatCents, formatDate } from '#src/lib/format.ts'
import { saveReceiptFile } from '#src/lib/receipt-file.ts'
import { MailLinkPage } from './components/mail-link-page.tsx'

const route = getRouteApi('/spendenbestaetigung/$receiptToken')

/**
 * `/spendenbestaetigung/$receiptToken`: the receipt link in a donation's confirmation e-mail, for a donor
 * who asked for a receipt on the donation page. The donor downloads the receipt the club issued (the
 * archived PDF), or reads that it is still to come, or why there is none. Public: the unguessable key is
 * the donor's, so nobody signs in.
 */
export const DonorReceiptPage = () => {
  const { t } = useLingui()
  const { receiptToken } = route.useParams()
  // The club may issue or withdraw it meanwhile: always the backend's.
  const query = useGetDonorReceipt(receiptToken, { query: { staleTime: 0 } })

  return (
    <MailLinkPage
      query={query}
      title={t`Spendenbestätigung`}
      loading={t`Die Spendenbestätigung wird geladen …`}
      failed={t`Die Spendenbestätigung konnte nicht geladen werden.`}
      unknown={t`Diesen Link gibt es nicht`}
    >
      {(data) => <DonorReceiptDetails receiptToken={receiptToken} data={data} onStale={() => void query.refetch()} />}
    </MailLinkPage>
  )
}

const DonorReceiptDetails = ({
  receiptToken,
  data,
  onStale,
}: {
  receiptToken: string
  data: DonorReceipt
  onStale: () => void
}) => {
  const { t } = useLingui()
  const failureRef = useRef<HTMLDivElement>(null)
  const download = useMutation({
    mutationFn: async () => saveReceiptFile(await getDonorReceiptFile(receiptToken)),
    // Withdrawn meanwhile: the page shows where it stands now.
    onError: (error) => problemStatus(error) === 404 && onStale(),
  })
  const clubName = data.clubName
  const failure = download.isError
    ? problemStatus(download.error) === 404
      ? t`Diese Spendenbestätigung wurde inzwischen zurückgezogen. Der Verein stellt Ihnen eine neue aus; Sie finden sie dann hier.`
      : (tooManyRequestsMessage(download.error) ??
        t`Die Spendenbestätigung konnte gerade nicht heruntergeladen werden. Bitte versuchen Sie es in einem Moment erneut.`)
    : null

  // A failure is read out where the button was, and the way on (trying again) is next to it.
  useEffect(() => {
    if (failure) failureRef.current?.focus()
  }, [failure])

  const reason = (): string => {
    switch (data.reason) {
      case 'TRANSMITTED':
        return t`Ihre Spende wird mit Ihrer Einwilligung an das Finanzamt übermittelt und so bei Ihrer Steuer berücksichtigt: Eine Spendenbestätigung brauchen Sie dafür nicht.`
      case 'NOTHING_OPEN':
        return t`Ihre Spende wurde erstattet: Es gibt nichts zu bestätigen.`
      case 'NOT_DEDUCTIBLE':
        return t`${clubName} war am Tag Ihrer Spende nicht als spendenbegünstigt eingetragen: Eine Spendenbestätigung für das Finanzamt ist dafür nicht möglich.`
      case 'EXEMPTION_TOO_OLD':
        return t`${clubName} kann derzeit keine Zuwendungsbestätigung ausstellen. Bitte wenden Sie sich an den Verein.`
      default:
        return t`Für diese Spende kann keine Spendenbestätigung ausgestellt werden. Bitte wenden Sie sich an den Verein.`
    }
  }

  const donor = data.donor
  // A club in Germany issues the Zuwendungsbestätigung (§ 50 EStDV): the page calls it so.
  const german = data.country === 'DE'
  return (
    <>
      <PageHeader
        title={german ? t`Ihre Zuwendungsbestätigung` : t`Ihre Spendenbestätigung`}
        description={t`Für Ihre Spende an ${clubName}.`}
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {data.state === 'ISSUED' && data.receipt && (
          <Alert tone="success" role="status" title={t`Ausgestellt am ${formatDate(data.receipt.issuedOn)}`}>
            {data.receipt.kind === 'ANNUAL' ? (
              german ? (
                <Trans>Sammelbestätigung Nr. {data.receipt.number}: Sie enthält auch diese Spende.</Trans>
              ) : (
                <Trans>Jahresbestätigung Nr. {data.receipt.number}: Sie enthält auch diese Spende.</Trans>
              )
            ) : german ? (
              <Trans>Zuwendungsbestätigung Nr. {data.receipt.number}</Trans>
            ) : (
              <Trans>Spendenbestätigung Nr. {data.receipt.number}</Trans>
            )}
          </Alert>
        )}
        {data.state === 'PENDING' && (
          <Alert tone="info" role="status" title={t`Noch nicht ausgestellt`}>
            {german ? (
              <Trans>
                {clubName} stellt Ihre Zuwendungsbestätigung aus. Sobald sie vorliegt, können Sie sie hier
                herunterladen: Dieser Link bleibt gültig.
              </Trans>
            ) : (
              <Trans>
                {clubName} stellt Ihre Spendenbestätigung aus. Sobald sie vorliegt, können Sie sie hier herunterladen:
                Dieser Link bleibt gültig.
              </Trans>
            )}
          </Alert>
        )}
        {data.state === 'NOT_POSSIBLE' && (
          <Alert tone="warning" role="status" title={t`Keine Spendenbestätigung`}>
            {reason()}
          </Alert>
        )}
        <Card>
          <CardBody className="flex flex-col gap-5">
            <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Verein</Trans>
              </dt>
              <dd className="break-words text-slate-900">{clubName}</dd>
              {data.campaignName && (
                <>
                  <dt className="text-sm font-medium text-slate-600">
                    <Trans>Kampagne</Trans>
                  </dt>
                  <dd className="break-words text-slate-900">{data.campaignName}</dd>
                </>
              )}
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Spende vom</Trans>
              </dt>
              <dd className="text-slate-900">{formatDate(data.day)}</dd>
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Betrag</Trans>
              </dt>
              <dd className="text-slate-900 tabular-nums">{formatCents(data.amountCents)}</dd>
              <dt className="text-sm font-medium text-slate-600">
                <Trans>Ausgestellt auf</Trans>
              </dt>
              <dd className="break-words text-slate-900">
                {donor.name}
                <span className="block">{donor.street}</span>
                <span className="block">
                  {donor.postalCode} {donor.city}
                </span>
              </dd>
            </dl>
            {failure && (
              <div ref={failureRef} tabIndex={-1} className="rounded-md focus:outline-none">
                <Alert tone="error" role="alert" title={t`Nicht heruntergeladen`}>
                  {failure}
                </Alert>
              </div>
            )}
            {data.state === 'ISSUED' && (
              <div>
                <Button pending={download.isPending} onClick={() => download.mutate()}>
                  {german ? (
                    <Trans>Zuwendungsbestätigung herunterladen (PDF)</Trans>
                  ) : (
                    <Trans>Spendenbestätigung herunterladen (PDF)</Trans>
                  )}
                </Button>
              </div>
            )}
          </CardBody>
        </Card>
      </div>
    </>
  )
}
