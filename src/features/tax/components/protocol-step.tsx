import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { TaxTransmission } from '#openapi/generated/model/taxTransmission.ts'
import type { TaxTransmissionFileProtocol } from '#openapi/generated/model/taxTransmissionFileProtocol.ts'
import { useImportTaxProtocol } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert, type AlertTone } from '#src/components/ui/alert.tsx'
import { problemKind } from '#src/lib/api-errors.ts'
import { formatDateTime } from '#src/lib/format.ts'
import { TAX_PROTOCOL_STATUS } from '#src/lib/labels/tax-labels.ts'
import { invalidateTax } from '#src/lib/tax-cache.ts'
import { TRANSMISSION_MODE } from '#src/features/tax/labels.ts'
import { commonFailure, importRefusal } from '#src/features/tax/tax-problems.ts'
import { FileImportForm } from './file-import-form.tsx'

/** A file's protocol, once imported (the contract's type includes the null of "none yet"). */
type Protocol = NonNullable<TaxTransmissionFileProtocol>

const TONES: Record<Protocol['status'], AlertTone> = { OK: 'success', TWOK: 'warning', NOK: 'error' }

/** The errors a protocol lists, per reference (`RefNr`); errors of the whole file have none. */
export const ProtocolErrors = ({ protocol }: { protocol: Protocol }) => {
  const { t } = useLingui()
  if (protocol.errors.length === 0) return null
  return (
    <ul aria-label={t`Fehler laut Protokoll`} className="mt-1 list-disc pl-5 text-sm">
      {protocol.errors.map((error, index) => (
        <li key={`${error.refNr ?? ''}-${index}`}>
          {error.refNr ? <Trans>RefNr {error.refNr}:</Trans> : <Trans>Ganze Datei:</Trans>} {error.message}
        </li>
      ))}
    </ul>
  )
}

/** What the imported protocol said, for each file of the transmission that has one. */
const ProtocolResult = ({ transmission }: { transmission: TaxTransmission }) => {
  const { t, i18n } = useLingui()
  const answered = transmission.files.filter((file) => file.protocol !== null)
  const worst = answered.some((file) => file.protocol?.status === 'NOK')
    ? 'NOK'
    : answered.some((file) => file.protocol?.status === 'TWOK')
      ? 'TWOK'
      : 'OK'
  const created = formatDateTime(transmission.createdAt)
  const mode = i18n._(TRANSMISSION_MODE[transmission.mode].label)
  return (
    <Alert tone={TONES[worst]} title={t`Protokoll importiert`}>
      <p>
        <Trans>
          Übermittlung {transmission.year} vom {created} ({mode}).
        </Trans>
      </p>
      <ul className="mt-2 flex flex-col gap-2">
        {answered.map((file) => {
          const status = i18n._(TAX_PROTOCOL_STATUS[file.protocol!.status].label)
          return (
            <li key={file.part}>
              <p className="font-medium">
                <Trans>
                  Datei {file.part}: {status}
                </Trans>
              </p>
              <ProtocolErrors protocol={file.protocol!} />
            </li>
          )
        })}
      </ul>
    </Alert>
  )
}

/**
 * Step 3: the tax office's protocol of an uploaded file (FinanzOnline's `SonderausgabenResponse`), matched
 * by the backend to its file. Accepted records count from now on; rejected ones come back as a to-do.
 */
export const ProtocolStep = ({ clubId }: { clubId: string }) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const importProtocol = useImportTaxProtocol()
  const [result, setResult] = useState<TaxTransmission | null>(null)
  return (
    <section aria-labelledby="tax-step-protocol" className="flex flex-col gap-4">
      <h3 id="tax-step-protocol" className="font-semibold text-slate-900">
        <Trans>3. Protokoll importieren</Trans>
      </h3>
      <p className="text-sm text-slate-700">
        <Trans>
          Nach dem Hochladen stellt FinanzOnline für jede Datei ein Protokoll in die DataBox. Importieren Sie es hier:
          Angenommene Meldungen gelten dann als übermittelt, abgelehnte erscheinen oben mit dem Grund.
        </Trans>
      </p>
      <FileImportForm
        label={t`Protokoll des Finanzamts (XML)`}
        accept=".xml,application/xml,text/xml"
        hint={t`Die XML-Datei aus der DataBox von FinanzOnline; höchstens 1 MB.`}
        submitLabel={t`Protokoll importieren`}
        pending={importProtocol.isPending}
        result={result && <ProtocolResult transmission={result} />}
        onImport={async (file) => {
          setResult(null)
          try {
            setResult(await importProtocol.mutateAsync({ clubId, data: file }))
            await invalidateTax(queryClient, clubId)
            return null
          } catch (error) {
            if (problemKind(error) === 'invalid-transition')
              return t`Für diese Datei wurde bereits ein anderes Protokoll importiert.`
            return (
              importRefusal(error) ??
              commonFailure(error) ??
              t`Das Protokoll konnte nicht importiert werden. Bitte versuchen Sie es erneut.`
            )
          }
        }}
      />
    </section>
  )
}
