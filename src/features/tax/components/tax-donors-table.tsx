import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { TaxYearDonor } from '#openapi/generated/model/taxYearDonor.ts'
import { StatusBadge } from '#src/components/ui/badge.tsx'
import { TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { formatCents, formatShortDate } from '#src/lib/format.ts'
import { BPK_STATE } from '#src/lib/labels/tax-labels.ts'
import { RECORD_TYPE_LABELS } from '#src/features/tax/labels.ts'
import { ScrollTable } from '#src/components/ui/scroll-table.tsx'

/** An empty cell: a dash to the eye, a word to a screen reader. */
const Dash = () => (
  <>
    <span aria-hidden="true">—</span>
    <span className="sr-only">
      <Trans>keine</Trans>
    </span>
  </>
)

/**
 * A year's donors with what the tax office gets: the reference (`RefNr`), name and date of birth as the
 * bPK service is asked for them, the year's total, what the tax office last accepted, the record the next
 * file carries, the vbPK's state and a rejection to correct.
 */
export const TaxDonorsTable = ({ year, donors }: { year: number; donors: readonly TaxYearDonor[] }) => {
  const { t, i18n } = useLingui()
  const yearText = String(year)
  return (
    <ScrollTable label={t`Spender:innen ${yearText}, Tabelle`}>
      <caption className="sr-only">{t`Spender:innen ${yearText} und ihre Meldungen an das Finanzamt`}</caption>
      <TableHead>
        <TableRow>
          <TableHeaderCell>
            <Trans>RefNr</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Name</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Geburtsdatum</Trans>
          </TableHeaderCell>
          <TableHeaderCell className="text-right">
            <Trans>Summe</Trans>
          </TableHeaderCell>
          <TableHeaderCell className="text-right">
            <Trans>zuletzt angenommen</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>nächste Meldung</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>vbPK</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Ablehnung</Trans>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {donors.map((donor) => (
          <TableRow key={donor.refNr} data-testid="tax-donor-row">
            <TableCell className="font-mono whitespace-nowrap">{donor.refNr}</TableCell>
            <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap">
              {donor.firstName} {donor.lastName}
            </th>
            <TableCell className="whitespace-nowrap tabular-nums">{formatShortDate(donor.birthDate)}</TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {formatCents(donor.totalCents)}
              <span className="block text-xs text-slate-600">
                <Plural value={donor.donationCount} one="# Spende" other="# Spenden" />
              </span>
            </TableCell>
            <TableCell className="text-right whitespace-nowrap tabular-nums">
              {donor.acceptedCents === null ? <Dash /> : formatCents(donor.acceptedCents)}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {donor.next ? (
                <>
                  {i18n._(RECORD_TYPE_LABELS[donor.next])} <span className="text-slate-600">({donor.next})</span>
                </>
              ) : (
                <Dash />
              )}
            </TableCell>
            <TableCell className="min-w-40">
              <StatusBadge status={BPK_STATE[donor.bpkState]} />
              {donor.bpkMessage && <span className="mt-1 block text-xs text-slate-700">{donor.bpkMessage}</span>}
            </TableCell>
            <TableCell className="min-w-48 text-slate-800">{donor.rejection ?? <Dash />}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollTable>
  )
}
