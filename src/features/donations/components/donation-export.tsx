import { plural } from '@lingui/core/macro'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { toast } from '#src/lib/toast.ts'
import { Button } from '#src/components/ui/button.tsx'
import { formatNumber } from '#src/lib/format.ts'
import { saveTextFile } from '#src/lib/save-file.ts'
import { DONATION_STATUS } from '#src/lib/labels/donation-labels.ts'
import { buildDonationsCsv, donationsCsvFileName, type CsvLabels } from '#src/features/donations/csv.ts'
import type { DonationScope } from '#src/features/donations/donation-queries.ts'
import { fetchAllDonations, type ExportProgress } from '#src/features/donations/export-donations.ts'
import type { GetDonationsOfClubParams } from '#openapi/generated/model/getDonationsOfClubParams.ts'

interface DonationExportProps {
  scope: DonationScope
  filter: Pick<GetDonationsOfClubParams, 'from' | 'to' | 'sort'>
  /** Club (and campaign) name for the file name. */
  fileNameParts: readonly string[]
  /** Nothing to export: the button is disabled. */
  disabled: boolean
}

/**
 * "CSV exportieren": every donation of the current filter and sort (not only the visible page), fetched
 * 1000 at a time with a progress bar, then saved as `spenden-<club>-<day>.csv` (with a date filter:
 * `spenden-<club>-<from>-bis-<to>.csv`).
 */
export const DonationExport = ({ scope, filter, fileNameParts, disabled }: DonationExportProps) => {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [progress, setProgress] = useState<ExportProgress | null>(null)
  const abort = useRef<AbortController | null>(null)

  useEffect(() => () => abort.current?.abort(), [])

  const labels: CsvLabels = {
    date: t`Datum`,
    time: t`Uhrzeit`,
    donor: t`Spender/in`,
    campaign: t`Kampagne`,
    amount: t`Betrag`,
    currency: t`Währung`,
    status: t`Status`,
    refunded: t`Erstattet`,
    message: t`Nachricht`,
    anonymous: t`Anonym`,
    statusOf: (status) => i18n._(DONATION_STATUS[status].label),
    total: t`Summe`,
    // A plain number in the file (no grouping), like the amounts.
    count: (count) => plural(count, { one: '# Spende', other: `${count} Spenden` }),
    noCampaign: t`Allgemeine Spende`,
  }

  const run = async () => {
    const controller = new AbortController()
    abort.current = controller
    setProgress({ loaded: 0, total: 0 })
    try {
      const result = await fetchAllDonations(queryClient, scope, filter, setProgress, controller.signal)
      const csv = buildDonationsCsv(result.donations, result, labels)
      saveTextFile(
        csv,
        donationsCsvFileName(fileNameParts, new Date(), { from: filter.from, to: filter.to }),
        'text/csv;charset=utf-8',
      )
      const exported = result.donations.length
      const count = formatNumber(exported)
      toast.success(
        plural(exported, { one: '# Spende als CSV exportiert.', other: `${count} Spenden als CSV exportiert.` }),
      )
    } catch {
      if (!controller.signal.aborted) toast.error(t`Der Export ist fehlgeschlagen. Bitte versuchen Sie es erneut.`)
    } finally {
      abort.current = null
      setProgress(null)
    }
  }

  if (progress) {
    const loaded = formatNumber(progress.loaded)
    const total = formatNumber(progress.total)
    return (
      <div className="flex flex-wrap items-center gap-3" role="status" aria-live="polite">
        <div className="flex min-w-48 flex-col gap-1">
          <span className="text-sm text-slate-700">
            {progress.total > 0 ? (
              <Trans>
                Export: {loaded} von <Plural value={progress.total} one="# Spende" other={`${total} Spenden`} />
              </Trans>
            ) : (
              <Trans>Export wird vorbereitet …</Trans>
            )}
          </span>
          <progress
            className="h-2 w-full accent-brand-700"
            max={Math.max(progress.total, 1)}
            value={progress.loaded}
            aria-label={t`Fortschritt des Exports`}
          />
        </div>
        <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
          <Trans>Abbrechen</Trans>
        </Button>
      </div>
    )
  }

  return (
    <Button variant="secondary" size="sm" disabled={disabled} onClick={() => void run()}>
      <Trans>CSV exportieren</Trans>
    </Button>
  )
}
