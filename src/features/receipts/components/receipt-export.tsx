import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { Alert, type AlertTone } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { formatNumber } from '#src/lib/format.ts'
import { saveBlobFile, saveTextFile } from '#src/lib/save-file.ts'
import { RECEIPT_STATUS } from '#src/features/receipts/labels.ts'
import { fetchAllReceipts, periodFileName } from '#src/features/receipts/receipt-files.ts'
import { commonFailure } from '#src/features/receipts/receipt-problems.ts'
import type { ReceiptPeriod } from '#src/features/receipts/receipt-period.ts'
import { zipReceipts, type ZipProgress } from '#src/features/receipts/receipt-zip.ts'
import { buildReceiptsCsv } from '#src/features/receipts/receipts-csv.ts'
import { ProgressBar } from './progress-bar.tsx'

type Work = { kind: 'csv' } | { kind: 'zip'; progress: ZipProgress | null }
type Outcome = { tone: AlertTone; text: string }

/**
 * The period's receipts in one go, every page of the list: "Alle als ZIP herunterladen" (each archived PDF,
 * zipped in the browser, with the progress and a way to stop between two files) and "CSV herunterladen"
 * (one line per receipt, for the club's books).
 */
export const ReceiptExport = ({
  clubId,
  period,
  disabled,
}: {
  clubId: string
  period: ReceiptPeriod
  /** Nothing in the period: both buttons are disabled. */
  disabled: boolean
}) => {
  const { t, i18n } = useLingui()
  const [work, setWork] = useState<Work | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const abort = useRef<AbortController | null>(null)

  useEffect(() => () => abort.current?.abort(), [])

  const failed = (error: unknown, fallback: string) =>
    setOutcome({ tone: 'error', text: commonFailure(error) ?? fallback })

  const start = () => {
    // One export at a time: a second click while one runs does nothing.
    if (abort.current) return null
    const controller = new AbortController()
    abort.current = controller
    setOutcome(null)
    return controller
  }

  const downloadZip = async () => {
    const controller = start()
    if (!controller) return
    setWork({ kind: 'zip', progress: null })
    try {
      const receipts = await fetchAllReceipts(clubId, period, controller.signal)
      const zip = await zipReceipts(
        clubId,
        receipts,
        (progress) => setWork({ kind: 'zip', progress }),
        controller.signal,
      )
      const fileName = periodFileName(period, 'zip')
      saveBlobFile(zip, fileName)
      const count = formatNumber(receipts.length)
      setOutcome({
        tone: 'success',
        text: plural(receipts.length, {
          one: `${fileName} mit # Bestätigung wurde heruntergeladen.`,
          other: `${fileName} mit ${count} Bestätigungen wurde heruntergeladen.`,
        }),
      })
    } catch (error) {
      if (controller.signal.aborted)
        setOutcome({ tone: 'warning', text: t`Abgebrochen. Es wurde keine ZIP-Datei gespeichert.` })
      else failed(error, t`Die ZIP-Datei konnte nicht erstellt werden. Bitte versuchen Sie es erneut.`)
    } finally {
      abort.current = null
      setWork(null)
    }
  }

  const downloadCsv = async () => {
    const controller = start()
    if (!controller) return
    setWork({ kind: 'csv' })
    try {
      const receipts = await fetchAllReceipts(clubId, period, controller.signal)
      const csv = buildReceiptsCsv(receipts, {
        number: t`Nummer`,
        date: t`Datum`,
        donor: t`Spender:in`,
        address: t`Adresse`,
        total: t`Summe`,
        status: t`Status`,
        reason: t`Grund`,
        statusOf: (status) => i18n._(RECEIPT_STATUS[status].label),
      })
      const fileName = periodFileName(period, 'csv')
      saveTextFile(csv, fileName, 'text/csv;charset=utf-8')
      setOutcome({ tone: 'success', text: t`${fileName} wurde heruntergeladen.` })
    } catch (error) {
      if (!controller.signal.aborted)
        failed(error, t`Die CSV-Datei konnte nicht erstellt werden. Bitte versuchen Sie es erneut.`)
    } finally {
      abort.current = null
      setWork(null)
    }
  }

  return (
    <div className="flex flex-col gap-3">
      {work?.kind === 'zip' ? (
        <div className="flex flex-wrap items-center gap-3" role="status">
          {work.progress ? (
            <ProgressBar label={t`PDFs für die ZIP-Datei`} done={work.progress.done} total={work.progress.total} />
          ) : (
            <span className="text-sm text-slate-700">
              <Trans>Die Bestätigungen des Zeitraums werden gesammelt …</Trans>
            </span>
          )}
          <Button variant="ghost" size="sm" onClick={() => abort.current?.abort()}>
            <Trans>Abbrechen</Trans>
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" disabled={disabled} onClick={() => void downloadZip()}>
            <Trans>Alle als ZIP herunterladen</Trans>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            disabled={disabled}
            pending={work?.kind === 'csv'}
            onClick={() => void downloadCsv()}
          >
            <Trans>CSV herunterladen</Trans>
          </Button>
        </div>
      )}
      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : undefined}>
            {outcome.text}
          </Alert>
        )}
      </div>
    </div>
  )
}
