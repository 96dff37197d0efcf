import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { TaxYearDonor } from '#openapi/generated/model/taxYearDonor.ts'
import { useGetClubTaxYear } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { StatusBadge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { BPK_STATE, TRANSMISSION_CATEGORY_LABELS, needsCorrection } from '#src/lib/labels/tax-labels.ts'
import { noMoneyRightMessage } from '#src/features/tax/tax-problems.ts'
import { BpkStep } from './bpk-step.tsx'
import { CorrectDonorDialog } from './correct-donor-dialog.tsx'
import { ProtocolStep } from './protocol-step.tsx'
import { TaxDonorsTable } from './tax-donors-table.tsx'
import { TransmissionList } from './transmission-list.tsx'
import { TransmissionStep } from './transmission-step.tsx'

/**
 * The donors the bPK service did not find (no match, ambiguous, an error): their data is corrected here
 * before the next query, so they are listed above the table, each with the service's message.
 */
const DonorsToCorrect = ({
  donors,
  onCorrect,
}: {
  donors: readonly TaxYearDonor[]
  onCorrect: (donor: TaxYearDonor) => void
}) => {
  const { t } = useLingui()
  return (
    <section aria-labelledby="tax-to-correct" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3">
      <h3 id="tax-to-correct" className="font-semibold text-amber-950">
        <Trans>Zu korrigieren ({donors.length})</Trans>
      </h3>
      <p className="mt-1 text-sm text-amber-950">
        <Trans>
          Der bPK-Service hat diese Personen nicht eindeutig gefunden. Prüfen Sie Vor- und Nachnamen (wie am
          Meldezettel) und das Geburtsdatum.
        </Trans>
      </p>
      <ul className="mt-3 flex flex-col gap-2">
        {donors.map((donor) => {
          const name = `${donor.firstName} ${donor.lastName}`
          return (
            <li
              key={donor.refNr}
              className="flex flex-col gap-2 rounded-md bg-white px-3 py-2 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">
                  {name} <span className="font-mono text-sm font-normal text-slate-600">{donor.refNr}</span>
                </p>
                <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                  <StatusBadge status={BPK_STATE[donor.bpkState]} />
                  {donor.bpkMessage}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                className="shrink-0"
                aria-label={t`Daten korrigieren (${name})`}
                onClick={() => onCorrect(donor)}
              >
                <Trans>Daten korrigieren</Trans>
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/**
 * One year: its donors and what the tax office gets of them, the three steps of the annual transmission
 * (vbPK, file, protocol) and the year's transmissions.
 */
export const TaxYearSection = ({ clubId, year }: { clubId: string; year: number }) => {
  const { t, i18n } = useLingui()
  const query = useGetClubTaxYear(clubId, year)
  const [correcting, setCorrecting] = useState<TaxYearDonor | null>(null)
  const yearText = String(year)

  if (!query.data) {
    return (
      <Card aria-labelledby="tax-year-title">
        <CardHeader id="tax-year-title" title={t`Spender:innen ${yearText}`} />
        <CardBody>
          {query.isError ? (
            <QueryError
              error={query.error}
              title={t`Das Jahr ${yearText} konnte nicht geladen werden.`}
              messages={{
                forbidden: noMoneyRightMessage(),
                'not-found': t`Für ${yearText} gibt es keine Daten.`,
              }}
              onRetry={() => void query.refetch()}
            />
          ) : (
            <LoadingBlock>
              <Trans>Das Jahr {yearText} wird geladen …</Trans>
            </LoadingBlock>
          )}
        </CardBody>
      </Card>
    )
  }

  const data = query.data
  const toCorrect = data.donors.filter((donor) => needsCorrection(donor.bpkState))
  const category = data.category ? i18n._(TRANSMISSION_CATEGORY_LABELS[data.category]) : null

  return (
    <>
      <Card aria-labelledby="tax-year-title">
        <CardHeader
          id="tax-year-title"
          title={t`Spender:innen ${yearText}`}
          description={
            category
              ? t`Kategorie der Übermittlung: ${category}`
              : t`Der Verein war ${yearText} nicht spendenbegünstigt (keine bestätigte Eintragung in der BMF-Liste).`
          }
        />
        <CardBody className="flex flex-col gap-4">
          {toCorrect.length > 0 && <DonorsToCorrect donors={toCorrect} onCorrect={setCorrecting} />}
          {data.tooLarge.length > 0 && (
            <Alert tone="warning" title={t`Summe zu hoch für eine Meldung`}>
              <p>
                <Plural
                  value={data.tooLarge.length}
                  one="Die Jahressumme dieser Person übersteigt 999.999,99 €, den höchsten Betrag einer Meldung. Sie wird nicht übermittelt:"
                  other="Die Jahressummen dieser # Personen übersteigen 999.999,99 €, den höchsten Betrag einer Meldung. Sie werden nicht übermittelt:"
                />
              </p>
              <ul className="mt-1 list-disc pl-5 font-mono">
                {data.tooLarge.map((refNr) => (
                  <li key={refNr}>{refNr}</li>
                ))}
              </ul>
            </Alert>
          )}
          {data.donors.length > 0 ? (
            <TaxDonorsTable year={year} donors={data.donors} />
          ) : (
            <EmptyState title={t`Noch keine Spenden mit Einwilligung`}>
              <Trans>Für {yearText} hat niemand der Übermittlung seiner Spenden an das Finanzamt zugestimmt.</Trans>
            </EmptyState>
          )}
        </CardBody>
      </Card>
      <Card aria-labelledby="tax-report-title">
        <CardHeader
          id="tax-report-title"
          title={t`Meldung an das Finanzamt ${yearText}`}
          description={t`In drei Schritten: vbPK abfragen, Datei erstellen und in FinanzOnline hochladen, Protokoll importieren.`}
        />
        <CardBody className="flex flex-col gap-8">
          <BpkStep clubId={clubId} year={year} donors={data.donors} />
          <TransmissionStep clubId={clubId} data={data} />
          <ProtocolStep clubId={clubId} />
        </CardBody>
      </Card>
      <TransmissionList clubId={clubId} year={year} transmissions={data.transmissions} />
      <CorrectDonorDialog clubId={clubId} donor={correcting} onClose={() => setCorrecting(null)} />
    </>
  )
}
