import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useId, useState, type ReactNode } from 'react'
import type { TaxTransmission } from '#openapi/generated/model/taxTransmission.ts'
import type { TaxTransmissionMode } from '#openapi/generated/model/taxTransmissionMode.ts'
import type { TaxYear } from '#openapi/generated/model/taxYear.ts'
import { createTaxTransmission, getTaxTransmissionFile } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { problemKind } from '#src/lib/api-errors.ts'
import { saveTextFile } from '#src/lib/save-file.ts'
import { invalidateTax } from '#src/lib/tax-cache.ts'
import { commonFailure } from '#src/features/tax/tax-problems.ts'

/** Whether a production file of the transmission still waits for the tax office's protocol. */
export const awaitsProtocol = (transmission: TaxTransmission): boolean =>
  transmission.mode === 'PRODUCTION' && transmission.files.some((file) => file.protocol === null)

/** Saves each file of a transmission, one after the other (the same bytes every time). */
export const downloadTransmissionFiles = async (clubId: string, transmission: TaxTransmission, parts?: number[]) => {
  for (const part of parts ?? transmission.files.map((file) => file.part)) {
    const file = await getTaxTransmissionFile(clubId, transmission.id, part)
    saveTextFile(file.content, file.fileName, file.contentType)
  }
}

type Outcome = { tone: 'success' | 'warning' | 'error'; content: ReactNode }

/**
 * Step 2: the year's transmission file(s) (Übermittlungsdatei, XML), made by the backend from what is
 * open and downloaded at once. Production by default; a test upload never counts. Offered from January of
 * the next year and while something is open; a refusal (409) is explained by what the screen knows of the
 * year: a production file still waiting for its protocol is the usual one.
 */
export const TransmissionStep = ({ clubId, data }: { clubId: string; data: TaxYear }) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const reasonId = useId()
  const modeName = useId()
  const [mode, setMode] = useState<TaxTransmissionMode>('PRODUCTION')
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const { summary } = data
  const year = String(summary.year)
  const nextYear = String(summary.year + 1)

  const refusalOf = (error: unknown, chosen: TaxTransmissionMode): ReactNode => {
    if (problemKind(error) !== 'invalid-transition') {
      return (
        commonFailure(error) ?? t`Die Übermittlungsdatei konnte nicht erstellt werden. Bitte versuchen Sie es erneut.`
      )
    }
    if (chosen === 'PRODUCTION' && data.transmissions.some(awaitsProtocol)) {
      return (
        <>
          <Trans>
            Eine Produktions-Übermittlung für {year} wartet noch auf ihr Protokoll. Importieren Sie zuerst das Protokoll
            des Finanzamts. Wurde die Datei nie in FinanzOnline hochgeladen, verwerfen Sie sie in der Liste der
            Übermittlungen.
          </Trans>{' '}
          <a href="#tax-transmissions-title" className="font-medium underline underline-offset-2">
            <Trans>Zu den Übermittlungen</Trans>
          </a>
        </>
      )
    }
    if (!summary.mayTransmit) return t`${year} kann ab Jänner ${nextYear} übermittelt werden.`
    if (data.category === null)
      return t`Der Verein war ${year} nicht spendenbegünstigt: Für dieses Jahr gibt es keine Kategorie der BMF-Liste.`
    return t`Für ${year} ist derzeit nichts zu übermitteln. Die Angaben werden neu geladen.`
  }

  const create = useMutation({
    mutationFn: async (chosen: TaxTransmissionMode) => {
      const transmission = await createTaxTransmission(clubId, summary.year, { mode: chosen })
      try {
        await downloadTransmissionFiles(clubId, transmission)
        return { transmission, downloaded: true }
      } catch {
        // Made and kept by the backend: the list below offers each file again.
        return { transmission, downloaded: false }
      }
    },
    onMutate: () => setOutcome(null),
    onSuccess: ({ transmission, downloaded }) => {
      const files = transmission.files.length
      setOutcome(
        downloaded
          ? {
              tone: 'success',
              content:
                transmission.mode === 'PRODUCTION'
                  ? plural(files, {
                      one: 'Die Übermittlungsdatei wurde erstellt und heruntergeladen. Laden Sie sie in FinanzOnline hoch und importieren Sie danach das Protokoll.',
                      other:
                        '# Übermittlungsdateien wurden erstellt und heruntergeladen. Laden Sie sie in FinanzOnline hoch und importieren Sie danach die Protokolle.',
                    })
                  : plural(files, {
                      one: 'Die Testdatei wurde erstellt und heruntergeladen. Sie zählt beim Finanzamt nicht.',
                      other: '# Testdateien wurden erstellt und heruntergeladen. Sie zählen beim Finanzamt nicht.',
                    }),
            }
          : {
              tone: 'warning',
              content: t`Die Übermittlung wurde erstellt, aber nicht jede Datei konnte heruntergeladen werden. Laden Sie sie in der Liste der Übermittlungen erneut herunter.`,
            },
      )
      void invalidateTax(queryClient, clubId)
    },
    onError: (error, chosen) => {
      setOutcome({ tone: 'error', content: refusalOf(error, chosen) })
      if (problemKind(error) === 'invalid-transition') void invalidateTax(queryClient, clubId)
    },
  })

  const reason = !summary.mayTransmit
    ? t`${year} kann ab Jänner ${nextYear} übermittelt werden.`
    : summary.open === 0
      ? t`Für ${year} ist derzeit nichts zu übermitteln.`
      : null

  return (
    <section aria-labelledby="tax-step-transmission" className="flex flex-col gap-4">
      <h3 id="tax-step-transmission" className="font-semibold text-slate-900">
        <Trans>2. Übermittlungsdatei erstellen</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          Die Datei enthält alle offenen Meldungen des Jahres (Erstmeldungen, Änderungen und Stornos). Laden Sie sie in
          FinanzOnline unter „Sonderausgaben-Datenübermittlung“ hoch.
        </Trans>
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">
          <Trans>Art der Übermittlung</Trans>
        </legend>
        {(
          [
            ['PRODUCTION', t`Produktion`, t`zählt beim Finanzamt`],
            ['TEST', t`Test`, t`zum Ausprobieren in FinanzOnline, zählt nicht`],
          ] as const
        ).map(([value, label, hint]) => (
          <label key={value} className="flex min-h-6 items-center gap-3 text-base text-slate-800">
            <input
              type="radio"
              name={modeName}
              value={value}
              checked={mode === value}
              onChange={() => setMode(value)}
              className="size-5 accent-brand-700"
            />
            <span>
              {label} <span className="text-sm text-slate-600">({hint})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="flex flex-col items-start gap-2">
        <Button
          disabled={reason !== null}
          aria-describedby={reason ? reasonId : undefined}
          pending={create.isPending}
          onClick={() => create.mutate(mode)}
        >
          <Trans>Übermittlungsdatei {year} (XML)</Trans>
        </Button>
        {reason && (
          <p id={reasonId} className="text-sm text-slate-600">
            {reason}
          </p>
        )}
      </div>
      <div aria-live="polite">
        {outcome && (
          <Alert tone={outcome.tone} role={outcome.tone === 'error' ? 'alert' : undefined}>
            {outcome.content}
          </Alert>
        )}
      </div>
    </section>
  )
}
