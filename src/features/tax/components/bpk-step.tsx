import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { BpkImportResult } from '#openapi/generated/model/bpkImportResult.ts'
import type { TaxYearDonor } from '#openapi/generated/model/taxYearDonor.ts'
import { getBpkQuery, useImportBpkAnswer } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { problemKind } from '#src/lib/api-errors.ts'
import { formatNumber } from '#src/lib/format.ts'
import { saveTextFile } from '#src/lib/save-file.ts'
import { invalidateTax } from '#src/lib/tax-cache.ts'
import { commonFailure, importRefusal } from '#src/features/tax/tax-problems.ts'
import { FileImportForm } from './file-import-form.tsx'

/** "3 gefunden, 1 ohne Übereinstimmung, 0 mehrdeutig, 0 mit Fehler", and the lines that named nobody. */
const BpkResult = ({ result }: { result: BpkImportResult }) => {
  const { t } = useLingui()
  const found = formatNumber(result.found)
  const noMatch = formatNumber(result.noMatch)
  const ambiguous = formatNumber(result.ambiguous)
  const failed = formatNumber(result.error)
  const toCorrect = result.noMatch + result.ambiguous + result.error
  return (
    <Alert tone={toCorrect > 0 ? 'warning' : 'success'} title={t`bPK-Antwort importiert`}>
      <p>
        <Trans>
          {found} gefunden, {noMatch} ohne Übereinstimmung, {ambiguous} mehrdeutig, {failed} mit Fehler.
        </Trans>
      </p>
      {result.unknown > 0 && (
        <p>
          {plural(result.unknown, {
            one: '# Zeile nennt keine Spender:in dieses Vereins.',
            other: '# Zeilen nennen keine Spender:in dieses Vereins.',
          })}
        </p>
      )}
      {result.unreadable > 0 && (
        <p>
          {plural(result.unreadable, {
            one: '# Zeile konnte nicht gelesen werden.',
            other: '# Zeilen konnten nicht gelesen werden.',
          })}
        </p>
      )}
      {toCorrect > 0 && (
        <p>
          <Trans>Korrigieren Sie die Daten der Personen unter „Zu korrigieren“ und fragen Sie erneut ab.</Trans>
        </p>
      )}
    </Alert>
  )
}

/**
 * Step 1: the vbPK. The bPK query (a CSV for the BMI's bPK service) of the year's donors without one, and
 * the import of the service's answer (for every year at once: it names donors, not years).
 */
export const BpkStep = ({
  clubId,
  year,
  donors,
}: {
  clubId: string
  year: number
  donors: readonly TaxYearDonor[]
}) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const reasonId = useId()
  const [downloadMessage, setDownloadMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null)
  const [result, setResult] = useState<BpkImportResult | null>(null)
  const yearText = String(year)

  const download = useMutation({
    mutationFn: () => getBpkQuery(clubId, year),
    onSuccess: (file) => {
      saveTextFile(file.content, file.fileName, file.contentType)
      setDownloadMessage({ tone: 'success', text: t`${file.fileName} wurde heruntergeladen.` })
    },
    onError: (error) => {
      const text =
        problemKind(error) === 'invalid-transition'
          ? t`Alle Spender:innen von ${yearText} haben bereits einen vbPK: Es ist nichts abzufragen.`
          : (commonFailure(error) ?? t`Die bPK-Abfrage konnte nicht erstellt werden. Bitte versuchen Sie es erneut.`)
      setDownloadMessage({ tone: 'error', text })
      if (problemKind(error) === 'invalid-transition') void invalidateTax(queryClient, clubId)
    },
  })
  const importAnswer = useImportBpkAnswer()

  const wanted = donors.filter((donor) => donor.bpkState !== 'FOUND').length
  const reason =
    donors.length === 0
      ? t`${yearText} hat keine Spender:innen mit Einwilligung.`
      : wanted === 0
        ? t`Alle Spender:innen von ${yearText} haben bereits einen vbPK.`
        : null

  return (
    <section aria-labelledby="tax-step-bpk" className="flex flex-col gap-4">
      <h3 id="tax-step-bpk" className="font-semibold text-slate-900">
        <Trans>1. vbPK abfragen</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          Das Finanzamt kennt Spender:innen nur unter ihrem verschlüsselten bereichsspezifischen Personenkennzeichen
          (vbPK). Laden Sie die bPK-Abfrage herunter, lassen Sie sie im bPK-Service des Stammzahlenregisters auswerten
          und importieren Sie dann die Antwort.
        </Trans>
      </p>
      <div className="flex flex-col items-start gap-2">
        <Button
          variant="secondary"
          disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          pending={download.isPending}
          onClick={() => {
            setDownloadMessage(null)
            download.mutate()
          }}
        >
          <Trans>bPK-Abfrage (CSV)</Trans>
        </Button>
        {reason ? (
          <p id={reasonId} className="text-sm text-slate-600">
            {reason}
          </p>
        ) : (
          <p className="text-sm text-slate-600">
            {plural(wanted, {
              one: 'Für # Person ohne vbPK.',
              other: 'Für # Personen ohne vbPK.',
            })}
          </p>
        )}
        <div aria-live="polite" className="w-full">
          {downloadMessage && (
            <Alert tone={downloadMessage.tone === 'success' ? 'success' : 'error'}>{downloadMessage.text}</Alert>
          )}
        </div>
      </div>
      <FileImportForm
        label={t`Antwort des bPK-Service (CSV)`}
        accept=".csv,text/csv"
        hint={t`Die CSV-Datei, die der bPK-Service zurückgibt; höchstens 1 MB.`}
        submitLabel={t`bPK-Antwort importieren`}
        pending={importAnswer.isPending}
        result={result && <BpkResult result={result} />}
        onImport={async (file) => {
          setResult(null)
          try {
            setResult(await importAnswer.mutateAsync({ clubId, data: file }))
            await invalidateTax(queryClient, clubId)
            return null
          } catch (error) {
            return (
              importRefusal(error) ??
              commonFailure(error) ??
              t`Die Antwort konnte nicht importiert werden. Bitte versuchen Sie es erneut.`
            )
          }
        }}
      />
    </section>
  )
}
