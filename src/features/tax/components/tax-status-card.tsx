import { Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import type { ClubTaxStatus } from '#openapi/generated/model/clubTaxStatus.ts'
import { TaxNoticeList } from '#src/components/tax/tax-notice-list.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { formatShortDate } from '#src/lib/format.ts'
import { TRANSMISSION_CATEGORY_LABELS } from '#src/lib/labels/tax-labels.ts'

const Fact = ({ term, children }: { term: string; children: ReactNode }) => (
  <div className="min-w-0">
    <dt className="text-sm text-slate-600">{term}</dt>
    <dd className="font-medium break-words text-slate-900">{children}</dd>
  </div>
)

/**
 * The club's deductibility in short: whether a donation made today counts, the newest entry on the BMF
 * list (as it will be once confirmed), and the notices to act on. Changed in the club profile's section
 * "Spendenbegünstigung", which the card links to.
 */
export const TaxStatusCard = ({ clubId, status }: { clubId: string; status: ClubTaxStatus }) => {
  const { t, i18n } = useLingui()
  const newest = status.entries[0]
  const fields = newest ? (newest.pending ?? newest.confirmed) : null
  const none = <span className="font-normal text-slate-500">{t`nicht angegeben`}</span>
  return (
    <Card aria-labelledby="tax-status-title">
      <CardHeader
        id="tax-status-title"
        title={t`Spendenbegünstigung`}
        actions={
          <ButtonLink
            to="/club/$clubId/$showSaveAlert"
            params={{ clubId, showSaveAlert: false }}
            hash="spendenbeguenstigung"
            variant="secondary"
            size="sm"
          >
            <Trans>Im Vereinsprofil bearbeiten</Trans>
          </ButtonLink>
        }
      />
      <CardBody className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center gap-2">
          {status.deductibleToday ? (
            <Badge tone="success">
              <Trans>Spenden sind heute steuerlich absetzbar</Trans>
            </Badge>
          ) : (
            <Badge tone="warning">
              <Trans>Spenden sind derzeit nicht steuerlich absetzbar</Trans>
            </Badge>
          )}
          {newest && !newest.confirmed && (
            <Badge tone="warning">
              <Trans>nicht bestätigt</Trans>
            </Badge>
          )}
          {newest?.confirmed && newest.pending && (
            <Badge tone="warning">
              <Trans>Änderung nicht bestätigt</Trans>
            </Badge>
          )}
        </div>
        {fields ? (
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Fact term={t`Registrierungsnummer`}>{fields.registerNumber}</Fact>
            <Fact term={t`Kategorie`}>{i18n._(TRANSMISSION_CATEGORY_LABELS[fields.category])}</Fact>
            <Fact term={t`Begünstigt ab`}>{formatShortDate(fields.validFrom)}</Fact>
            {fields.revokedOn && <Fact term={t`Widerrufen am`}>{formatShortDate(fields.revokedOn)}</Fact>}
            <Fact term={t`Finanzamts- und Steuernummer`}>{status.taxNumber ?? none}</Fact>
            <Fact term={t`Letzte Jahresmeldung`}>
              {status.lastReportOn ? formatShortDate(status.lastReportOn) : none}
            </Fact>
          </dl>
        ) : (
          <p className="text-slate-700">
            <Trans>
              Der Verein hat noch keine Eintragung in der Liste der begünstigten Spendenempfänger (BMF-Liste) angegeben.
            </Trans>
          </p>
        )}
        {status.notices.length > 0 && <TaxNoticeList notices={status.notices} />}
      </CardBody>
    </Card>
  )
}
