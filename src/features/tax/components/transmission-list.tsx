import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { TaxTransmission } from '#openapi/generated/model/taxTransmission.ts'
import type { TaxTransmissionFile } from '#openapi/generated/model/taxTransmissionFile.ts'
import { useDiscardTaxTransmission } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Badge, StatusBadge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { ConfirmDialog, useLastDefined } from '#src/components/ui/dialog.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { formatDateTime, formatNumber } from '#src/lib/format.ts'
import { TAX_PROTOCOL_STATUS } from '#src/lib/labels/tax-labels.ts'
import { invalidateTax } from '#src/lib/tax-cache.ts'
import { toast } from '#src/lib/toast.ts'
import { TRANSMISSION_MODE } from '#src/features/tax/labels.ts'
import { commonFailure } from '#src/features/tax/tax-problems.ts'
import { ProtocolErrors } from './protocol-step.tsx'
import { downloadTransmissionFiles } from './transmission-step.tsx'

const FileItem = ({
  clubId,
  transmission,
  file,
  created,
}: {
  clubId: string
  transmission: TaxTransmission
  file: TaxTransmissionFile
  created: string
}) => {
  const { t, i18n } = useLingui()
  const [failed, setFailed] = useState<string | null>(null)
  const download = useMutation({
    mutationFn: () => downloadTransmissionFiles(clubId, transmission, [file.part]),
    onMutate: () => setFailed(null),
    onError: (error) =>
      setFailed(
        commonFailure(error) ?? t`Die Datei konnte nicht heruntergeladen werden. Bitte versuchen Sie es erneut.`,
      ),
  })
  const records = plural(file.recordCount, { one: '# Meldung', other: '# Meldungen' })
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-200 px-3 py-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span className="font-medium text-slate-900">
          <Trans>Datei {file.part}</Trans>
        </span>
        <span className="text-sm text-slate-600">{records}</span>
        {file.protocol ? (
          <StatusBadge status={TAX_PROTOCOL_STATUS[file.protocol.status]} />
        ) : (
          <Badge tone="neutral">
            <Trans>Protokoll ausständig</Trans>
          </Badge>
        )}
        <Button
          variant="secondary"
          size="sm"
          className="ml-auto"
          pending={download.isPending}
          aria-label={t`Datei ${file.part} der Übermittlung vom ${created} herunterladen`}
          onClick={() => download.mutate()}
        >
          <Trans>Herunterladen</Trans>
        </Button>
      </div>
      {file.protocol && (
        <p className="text-sm text-slate-600">
          <Trans>
            Protokoll importiert am {formatDateTime(file.protocol.importedAt)}:{' '}
            {i18n._(TAX_PROTOCOL_STATUS[file.protocol.status].label)}
          </Trans>
        </p>
      )}
      {file.protocol && <ProtocolErrors protocol={file.protocol} />}
      {failed && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {failed}
        </p>
      )}
    </li>
  )
}

const TransmissionItem = ({
  clubId,
  transmission,
  onDiscard,
}: {
  clubId: string
  transmission: TaxTransmission
  onDiscard: (transmission: TaxTransmission) => void
}) => {
  const { t } = useLingui()
  const created = formatDateTime(transmission.createdAt)
  const discardable = transmission.files.every((file) => file.protocol === null)
  const { E, A, S } = transmission.counts
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="tax-transmission">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900">
            <Trans>Übermittlung vom {created}</Trans>
          </h3>
          <p className="text-sm text-slate-600">
            <Trans>erstellt von {transmission.createdByName}</Trans>
          </p>
        </div>
        <StatusBadge status={TRANSMISSION_MODE[transmission.mode]} />
      </div>
      <p className="text-sm text-slate-700">
        <Trans>
          {formatNumber(E)} Erstmeldungen (E), {formatNumber(A)} Änderungen (A), {formatNumber(S)} Stornos (S)
        </Trans>
      </p>
      <ul aria-label={t`Dateien der Übermittlung vom ${created}`} className="flex flex-col gap-2">
        {transmission.files.map((file) => (
          <FileItem key={file.part} clubId={clubId} transmission={transmission} file={file} created={created} />
        ))}
      </ul>
      {discardable && (
        <div>
          <Button
            variant="secondary"
            size="sm"
            aria-label={t`Übermittlung vom ${created} verwerfen`}
            onClick={() => onDiscard(transmission)}
          >
            <Trans>Verwerfen</Trans>
          </Button>
        </div>
      )}
    </li>
  )
}

/**
 * The year's transmissions, newest first: when and by whom, production or test, how many records of each
 * kind, each file to download again (the same bytes) with its protocol. One never uploaded (no protocol
 * yet) can be discarded, after a confirmation: otherwise it would hold back the year's next production file.
 */
export const TransmissionList = ({
  clubId,
  year,
  transmissions,
}: {
  clubId: string
  year: number
  transmissions: readonly TaxTransmission[]
}) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const [discarding, setDiscarding] = useState<TaxTransmission | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const shown = useLastDefined(discarding)
  const discard = useDiscardTaxTransmission({
    mutation: {
      onSuccess: () => {
        toast.success(t`Die Übermittlung wurde verworfen.`)
        setDiscarding(null)
      },
      onError: (error) => {
        setDiscarding(null)
        setRefusal(
          problemKind(error) === 'invalid-transition'
            ? t`Für diese Übermittlung wurde inzwischen ein Protokoll importiert: Sie wurde hochgeladen und kann nicht mehr verworfen werden.`
            : problemStatus(error) === 404
              ? t`Diese Übermittlung gibt es nicht mehr.`
              : (commonFailure(error) ??
                t`Die Übermittlung konnte nicht verworfen werden. Bitte versuchen Sie es erneut.`),
        )
      },
      onSettled: () => invalidateTax(queryClient, clubId),
    },
  })
  const yearText = String(year)
  const shownCreated = shown ? formatDateTime(shown.createdAt) : ''

  return (
    <Card aria-labelledby="tax-transmissions-title">
      <CardHeader
        id="tax-transmissions-title"
        title={t`Übermittlungen ${yearText}`}
        description={t`Neueste zuerst. Jede Datei lässt sich erneut herunterladen, unverändert.`}
      />
      <CardBody className="flex flex-col gap-4">
        {refusal && (
          <Alert tone="error" role="alert">
            {refusal}
          </Alert>
        )}
        {transmissions.length === 0 ? (
          <EmptyState title={t`Für ${yearText} wurde noch keine Übermittlungsdatei erstellt.`} />
        ) : (
          <ul className="divide-y divide-slate-200">
            {transmissions.map((transmission) => (
              <TransmissionItem
                key={transmission.id}
                clubId={clubId}
                transmission={transmission}
                onDiscard={(chosen) => {
                  setRefusal(null)
                  setDiscarding(chosen)
                }}
              />
            ))}
          </ul>
        )}
      </CardBody>
      <ConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title={t`Übermittlung verwerfen?`}
        description={t`Verwerfen Sie die Übermittlung vom ${shownCreated} nur, wenn Sie ihre Datei nicht in FinanzOnline hochgeladen haben. Die Meldungen sind danach wieder offen und kommen in die nächste Übermittlungsdatei.`}
        confirmLabel={t`Verwerfen`}
        destructive
        pending={discard.isPending}
        onConfirm={() => {
          if (discarding) discard.mutate({ clubId, transmissionId: discarding.id })
        }}
      />
    </Card>
  )
}
