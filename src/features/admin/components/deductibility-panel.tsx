import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import type { ConfirmedDeductibility } from '#openapi/generated/model/confirmedDeductibility.ts'
import type { DeductibilityEntry } from '#openapi/generated/model/deductibilityEntry.ts'
import type { DeductibilityFields } from '#openapi/generated/model/deductibilityFields.ts'
import {
  getGetClubTaxStatusQueryKey,
  useConfirmClubTaxEntry,
  useGetClubTaxStatus,
} from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { ConfirmDialog, useLastDefined } from '#src/components/ui/dialog.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { notReauthenticatedMessage, problemKind } from '#src/lib/api-errors.ts'
import { useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { cn } from '#src/lib/cn.ts'
import { formatDate, formatDateTime } from '#src/lib/format.ts'
import { toast } from '#src/lib/toast.ts'

/** The BMF's list of begünstigte Spendenempfänger, where an administrator looks the club up. */
export const BMF_LIST_URL = 'https://service.bmf.gv.at/service/allg/spenden/'

interface DeductibilityPanelProps {
  clubId: string
  clubName: string
}

/**
 * The club's entry on the BMF list (Spendenbegünstigung), loaded when the administrator opens it: a change
 * the club made waits (`pending`) beside what was confirmed until an administrator who looked the club up
 * on the BMF list confirms it; only confirmed values make donations deductible. Without a change, the
 * confirmed entry in a line, or "Keine Angaben". Only administrators confirm; anyone else reads.
 */
export const DeductibilityPanel = ({ clubId, clubName }: DeductibilityPanelProps) => {
  const { t } = useLingui()
  const status = useGetClubTaxStatus(clubId)
  const me = useCurrentUser()
  const canConfirm = me.data?.role === 'ROLE_ADMIN'
  const [confirming, setConfirming] = useState<DeductibilityEntry | null>(null)
  // Where the focus lands once "Bestätigen" is gone: the confirmed entry that took the change's place.
  const summaryRef = useRef<HTMLDivElement>(null)

  if (status.isPending) return <LoadingBlock>{t`Die Spendenbegünstigung wird geladen …`}</LoadingBlock>
  if (status.isError) {
    return (
      <QueryError
        error={status.error}
        title={t`Die Spendenbegünstigung konnte nicht geladen werden.`}
        onRetry={() => void status.refetch()}
      />
    )
  }

  const { entries, deductibleToday } = status.data
  const pending = entries.filter((entry) => entry.pending !== null)
  // The newest confirmed entry, unless its change is shown below beside it anyway.
  const confirmed = entries.find((entry) => entry.confirmed !== null)
  return (
    <div className="flex flex-col gap-3">
      <div
        ref={summaryRef}
        tabIndex={-1}
        data-testid="deductibility-summary"
        className="flex flex-col gap-2 rounded-md focus:outline-none"
      >
        <div className="flex flex-wrap items-center gap-2">
          {deductibleToday ? (
            <Badge tone="success">
              <Trans>Spenden derzeit absetzbar</Trans>
            </Badge>
          ) : (
            <Badge>
              <Trans>Spenden derzeit nicht absetzbar</Trans>
            </Badge>
          )}
          {pending.length > 0 && (
            <Badge tone="warning">
              <Trans>Bestätigung ausstehend</Trans>
            </Badge>
          )}
        </div>
        {entries.length === 0 && (
          <p className="text-sm text-slate-700">
            <Trans>Keine Angaben</Trans>
          </p>
        )}
        {confirmed?.confirmed && !confirmed.pending && <ConfirmedLine confirmed={confirmed.confirmed} />}
      </div>
      {pending.map((entry) => (
        <PendingEntry
          key={entry.id}
          entry={entry}
          clubName={clubName}
          canConfirm={canConfirm}
          onConfirm={() => setConfirming(entry)}
        />
      ))}
      <ConfirmEntryDialog
        clubId={clubId}
        clubName={clubName}
        entry={confirming}
        onClose={() => setConfirming(null)}
        fallbackFocus={() => summaryRef.current}
      />
    </div>
  )
}

/** A confirmed entry in one line: number, category, validity, revocation and who confirmed it. */
const ConfirmedLine = ({ confirmed }: { confirmed: ConfirmedDeductibility }) => {
  const number = confirmed.registerNumber
  const category = confirmed.category
  const from = formatDate(confirmed.validFrom)
  const at = formatDateTime(confirmed.confirmedAt)
  const by = confirmed.confirmedByName
  const revoked = confirmed.revokedOn ? formatDate(confirmed.revokedOn) : null
  return (
    <p className="text-sm text-slate-800" data-testid="deductibility-confirmed">
      <Trans>
        {number} · Kategorie {category} · gültig ab {from}
      </Trans>
      {revoked && (
        <>
          {' · '}
          <Trans>widerrufen am {revoked}</Trans>
        </>
      )}
      <span className="block text-slate-600">
        <Trans>
          Bestätigt am {at} von {by}
        </Trans>
      </span>
    </p>
  )
}

interface PendingEntryProps {
  entry: DeductibilityEntry
  clubName: string
  canConfirm: boolean
  onConfirm: () => void
}

/** The club's change beside what was confirmed, the way to check it, and the confirmation. */
const PendingEntry = ({ entry, clubName, canConfirm, onConfirm }: PendingEntryProps) => {
  const { t } = useLingui()
  const headingId = useId()
  const pending = entry.pending!
  const confirmed = entry.confirmed
  const none = '—'
  const changedAt = formatDateTime(entry.changedAt)
  const dateOrNone = (value: string | null | undefined) => (value ? formatDate(value) : none)
  const rows: Array<{ label: string; before: string; after: string }> = [
    {
      label: t`Registrierungsnummer`,
      before: confirmed?.registerNumber ?? none,
      after: pending.registerNumber,
    },
    { label: t`Kategorie`, before: confirmed?.category ?? none, after: pending.category },
    { label: t`Gültig ab`, before: dateOrNone(confirmed?.validFrom), after: dateOrNone(pending.validFrom) },
    { label: t`Widerrufen am`, before: dateOrNone(confirmed?.revokedOn), after: dateOrNone(pending.revokedOn) },
  ]
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-3">
      <h5 id={headingId} className="text-sm font-semibold text-amber-950">
        {confirmed ? (
          <Trans>Geänderte Angaben – Bestätigung ausstehend</Trans>
        ) : (
          <Trans>Neue Angaben – Bestätigung ausstehend</Trans>
        )}
      </h5>
      <Table className="mt-2 bg-white" aria-label={t`Spendenbegünstigung von ${clubName}: bestätigt und neu`}>
        <TableHead>
          <TableRow>
            <TableHeaderCell className="px-2">
              <span className="sr-only">
                <Trans>Angabe</Trans>
              </span>
            </TableHeaderCell>
            <TableHeaderCell className="px-2">
              <Trans>Bestätigt</Trans>
            </TableHeaderCell>
            <TableHeaderCell className="px-2">
              <Trans>Neu vom Verein</Trans>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const changed = row.before !== row.after
            return (
              <TableRow key={row.label}>
                <TableHeaderCell scope="row" className="px-2 font-medium whitespace-normal hyphens-auto text-slate-700">
                  {row.label}
                </TableHeaderCell>
                <TableCell className="px-2 whitespace-nowrap">{row.before}</TableCell>
                <TableCell className={cn('px-2 whitespace-nowrap', changed && 'font-semibold text-amber-950')}>
                  {row.after}
                  {changed && (
                    <span className="sr-only">
                      {' '}
                      <Trans>(geändert)</Trans>
                    </span>
                  )}
                </TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      <p className="mt-2 text-sm text-slate-700">
        <Trans>Geändert am {changedAt}. Bis zur Bestätigung gelten die bestätigten Angaben.</Trans>
      </p>
      <p className="mt-1 text-sm text-slate-800">
        <Trans>Bitte mit der BMF-Liste der begünstigten Spendenempfänger abgleichen:</Trans>{' '}
        <a
          href={BMF_LIST_URL}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          <Trans>BMF-Liste öffnen</Trans>
          <span className="sr-only">
            {' '}
            <Trans>(öffnet in einem neuen Tab)</Trans>
          </span>
        </a>
      </p>
      {canConfirm && (
        <div className="mt-2">
          <Button size="sm" aria-label={t`Spendenbegünstigung bestätigen (${clubName})`} onClick={onConfirm}>
            <Trans>Bestätigen</Trans>
          </Button>
        </div>
      )}
    </section>
  )
}

interface ConfirmEntryDialogProps {
  clubId: string
  clubName: string
  entry: DeductibilityEntry | null
  onClose: () => void
  fallbackFocus: () => HTMLElement | null
}

/** "Bestätigen" asks once more, naming the values that will count; then the panel shows them confirmed. */
const ConfirmEntryDialog = ({ clubId, clubName, entry, onClose, fallbackFocus }: ConfirmEntryDialogProps) => {
  const { t } = useLingui()
  const queryClient = useQueryClient()
  const confirm = useConfirmClubTaxEntry()
  // The dialog keeps its text while it closes.
  const shown = useLastDefined(entry)
  const fields: DeductibilityFields | null = shown?.pending ?? null
  const number = fields?.registerNumber ?? ''
  const category = fields?.category ?? ''
  const from = fields ? formatDate(fields.validFrom) : ''
  const revoked = fields?.revokedOn ? formatDate(fields.revokedOn) : null
  const values = revoked
    ? t`Registrierungsnummer ${number}, Kategorie ${category}, gültig ab ${from}, widerrufen am ${revoked}.`
    : t`Registrierungsnummer ${number}, Kategorie ${category}, gültig ab ${from}.`

  const onConfirm = () => {
    if (!shown) return
    const queryKey = getGetClubTaxStatusQueryKey(clubId)
    confirm.mutate(
      { clubId, data: { entryId: shown.id } },
      {
        onSuccess: (status) => {
          // The panel shows the confirmed entry before the dialog closes, so the focus lands on it.
          queryClient.setQueryData(queryKey, status)
          toast.success(t`Die Spendenbegünstigung von ${clubName} ist bestätigt.`)
          onClose()
        },
        onError: (error) => {
          toast.error(
            notReauthenticatedMessage(error) ??
              (problemKind(error) === 'invalid-transition'
                ? t`Für ${clubName} wartet keine Änderung mehr auf Bestätigung. Die Angaben wurden aktualisiert.`
                : t`Fehler beim Bestätigen der Spendenbegünstigung`),
          )
          onClose()
        },
        // Another administrator may have confirmed or the club changed it meanwhile.
        onSettled: () => void queryClient.invalidateQueries({ queryKey }),
      },
    )
  }

  return (
    <ConfirmDialog
      open={entry !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t`Spendenbegünstigung von ${clubName} bestätigen?`}
      description={t`${values} Bestätigen Sie nur, wenn der Verein mit diesen Angaben auf der BMF-Liste der begünstigten Spendenempfänger steht: Danach entscheiden sie, ob Spenden an den Verein steuerlich absetzbar sind. Ihr Name und die Zeit werden protokolliert.`}
      confirmLabel={t`Bestätigen`}
      pending={confirm.isPending}
      onConfirm={onConfirm}
      fallbackFocus={fallbackFocus}
    />
  )
}
