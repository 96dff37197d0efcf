import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { ClubTaxStatus } from '#openapi/generated/model/clubTaxStatus.ts'
import type { DeductibilityEntry } from '#openapi/generated/model/deductibilityEntry.ts'
import type { DeductibilityFields } from '#openapi/generated/model/deductibilityFields.ts'
import {
  getGetClubTaxStatusQueryKey,
  useGetClubTaxStatus,
  useUpdateClubTaxStatus,
} from '#src/api/generated/query/endpoints/tax/tax.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button, ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { SelectField, TextField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { TaxNoticeList } from '#src/components/tax/tax-notice-list.tsx'
import { applyServerFieldErrors, connectionFailedMessage, problemKind, problemStatus } from '#src/lib/api-errors.ts'
import { formatDate, formatShortDate, todayIso } from '#src/lib/format.ts'
import { TRANSMISSION_CATEGORY_LABELS, TRANSMISSION_CATEGORY_ORDER } from '#src/lib/labels/tax-labels.ts'
import { invalidateTax } from '#src/lib/tax-cache.ts'
import { toast } from '#src/lib/toast.ts'
import {
  DEDUCTIBILITY_FIELDS,
  REGISTER_NUMBER_MAX,
  deductibilitySchema,
  toClubTaxStatusUpdate,
  toDeductibilityInput,
  type DeductibilityInput,
  type DeductibilityValues,
} from '#src/features/club-profile/deductibility-schema.ts'

interface DeductibilitySectionProps {
  clubId: string
  /** The person may change the entry: administrators, and members whose club role may manage money. */
  canEdit: boolean
  /** Whether the section has unsaved changes (the page asks before leaving). */
  onDirtyChange?: (dirty: boolean) => void
}

/** The entry as it will be once confirmed: the club's change waiting for confirmation, else the confirmed one. */
const latestFields = (entry: DeductibilityEntry): DeductibilityFields | null => entry.pending ?? entry.confirmed

/** "SO-1158 · SP – Sporteinrichtungen · ab 01.01.2019 · bis 31.12.2022". */
const EntrySummary = ({ fields }: { fields: DeductibilityFields }) => {
  const { i18n } = useLingui()
  const from = formatShortDate(fields.validFrom)
  const until = fields.revokedOn ? formatShortDate(fields.revokedOn) : null
  return (
    <>
      <span className="font-medium">{fields.registerNumber}</span> ·{' '}
      {i18n._(TRANSMISSION_CATEGORY_LABELS[fields.category])} · <Trans>ab {from}</Trans>
      {until && (
        <>
          {' · '}
          <Trans>widerrufen am {until}</Trans>
        </>
      )}
    </>
  )
}

/** Where the newest entry stands: confirmed (by whom), not confirmed yet, or a change waiting. */
const EntryState = ({ entry }: { entry: DeductibilityEntry }) => {
  const { t } = useLingui()
  if (!entry.confirmed) {
    return (
      <Alert tone="warning" role="status" title={t`Nicht bestätigt – wartet auf Prüfung durch die Verwaltung`}>
        <Trans>
          Die Verwaltung prüft die Eintragung in der BMF-Liste. Erst danach zählen Spenden für die Steuer der
          Spender:innen.
        </Trans>
      </Alert>
    )
  }
  const confirmedAt = formatDate(entry.confirmed.confirmedAt)
  const confirmedBy = entry.confirmed.confirmedByName
  if (entry.pending) {
    return (
      <Alert tone="warning" role="status" title={t`Änderung wartet auf Bestätigung`}>
        <p>
          <Trans>Bis die Verwaltung die Änderung bestätigt, gilt die bestätigte Eintragung:</Trans>{' '}
          <EntrySummary fields={entry.confirmed} />
        </p>
        <p className="mt-1">
          <Trans>
            Bestätigt am {confirmedAt} von {confirmedBy}.
          </Trans>
        </p>
      </Alert>
    )
  }
  return (
    <Alert tone="success" role="status">
      <Trans>
        Bestätigt am {confirmedAt} von {confirmedBy}.
      </Trans>
    </Alert>
  )
}

/**
 * "Spendenbegünstigung" on the club profile: the club's entry on the BMF list (register number, category,
 * validity) and its tax data, with its own form and "Speichern", apart from the profile's. A change waits
 * until the administration has checked it against the BMF list; the newest entry's state and the older
 * entries are shown. A new entry is started once the newest was revoked (the club was listed again).
 */
export const DeductibilitySection = ({ clubId, canEdit, onDirtyChange }: DeductibilitySectionProps) => {
  const { t } = useLingui()
  const status = useGetClubTaxStatus(clubId)
  return (
    <Card aria-labelledby="spendenbeguenstigung-title" id="spendenbeguenstigung">
      <CardHeader
        id="spendenbeguenstigung-title"
        title={t`Spendenbegünstigung`}
        description={t`Die Eintragung des Vereins in der Liste der begünstigten Spendenempfänger des Finanzministeriums (BMF-Liste). Änderungen prüft die Verwaltung, bevor sie gelten.`}
        actions={
          canEdit && (
            <ButtonLink to="/steuer/$clubId" params={{ clubId }} variant="secondary" size="sm">
              <Trans>Zur Steuer-Übersicht</Trans>
            </ButtonLink>
          )
        }
      />
      <CardBody className="flex flex-col gap-4">
        {status.data ? (
          <DeductibilityContent
            // A new answer (saved, confirmed meanwhile) is the form's new starting point.
            key={status.dataUpdatedAt}
            clubId={clubId}
            status={status.data}
            canEdit={canEdit}
            onDirtyChange={onDirtyChange}
          />
        ) : status.isError ? (
          <QueryError
            error={status.error}
            title={t`Die Spendenbegünstigung konnte nicht geladen werden.`}
            onRetry={() => void status.refetch()}
          />
        ) : (
          <LoadingBlock />
        )}
      </CardBody>
    </Card>
  )
}

const DeductibilityContent = ({
  clubId,
  status,
  canEdit,
  onDirtyChange,
}: {
  clubId: string
  status: ClubTaxStatus
  canEdit: boolean
  onDirtyChange: ((dirty: boolean) => void) | undefined
}) => {
  const { t, i18n } = useLingui()
  const formId = useId()
  const queryClient = useQueryClient()
  const [newest, ...older] = status.entries
  const newestFields = newest ? latestFields(newest) : null
  // Once the newest entry was revoked, the club may start another (listed again).
  const mayStartNew = newestFields !== null && newestFields.revokedOn !== null
  const [startingNew, setStartingNew] = useState(false)
  const entryId = startingNew || !newest ? null : newest.id
  const [refusal, setRefusal] = useState<string | null>(null)
  const [resolver] = useState(() => zodResolver(deductibilitySchema()))
  const form = useForm<DeductibilityInput, unknown, DeductibilityValues>({
    resolver,
    defaultValues: toDeductibilityInput(status, newestFields),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const { errors, isDirty } = form.formState
  const save = useUpdateClubTaxStatus()

  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange])
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange])

  const startNew = () => {
    setStartingNew(true)
    setRefusal(null)
    form.reset({ ...toDeductibilityInput(status, null) })
    window.setTimeout(() => form.setFocus('registerNumber'))
  }

  const cancelNew = () => {
    setStartingNew(false)
    setRefusal(null)
    form.reset(toDeductibilityInput(status, newestFields))
  }

  /** The backend's findings at their fields, in German by their code; true when one was marked. */
  const markFields = (error: unknown): boolean =>
    applyServerFieldErrors(error, form.setError, DEDUCTIBILITY_FIELDS, t`Bitte prüfen Sie diese Angabe.`, {
      invalid_register_number: t`Zwei Buchstaben und eine Zahl, wie in der BMF-Liste, z. B. SO 1158.`,
      before_valid_from: t`Der Widerruf liegt nach dem Tag, ab dem der Verein begünstigt war.`,
      in_future: t`Die letzte Jahresmeldung kann nicht in der Zukunft liegen.`,
    })

  const explain = (error: unknown): string | null => {
    if (problemKind(error) === 'validation' && markFields(error)) return null
    if (problemKind(error) === 'invalid-transition')
      return t`Die neueste Eintragung gilt noch (sie ist nicht widerrufen): Ändern Sie sie, statt eine neue anzulegen.`
    if (problemKind(error) === 'club-right-missing' || problemStatus(error) === 403)
      return t`Ihre Rolle im Verein darf die Spendenbegünstigung nicht ändern. Das dürfen Personen, deren Rolle Geld verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.`
    if (problemStatus(error) === 404) return t`Diese Eintragung gibt es nicht mehr. Die Angaben werden neu geladen.`
    return (
      connectionFailedMessage(error) ??
      t`Die Spendenbegünstigung konnte nicht gespeichert werden. Bitte versuchen Sie es erneut.`
    )
  }

  const onSubmit = form.handleSubmit(async (values) => {
    setRefusal(null)
    try {
      const saved = await save.mutateAsync({ clubId, data: toClubTaxStatusUpdate(values, entryId) })
      const waiting = saved.entries[0]?.pending !== null
      toast.success(
        waiting
          ? t`Gespeichert. Die Verwaltung prüft die Eintragung, bevor sie gilt.`
          : t`Die Spendenbegünstigung wurde gespeichert.`,
      )
      // The answer is the new state; the years follow it (the category a year's file names).
      queryClient.setQueryData(getGetClubTaxStatusQueryKey(clubId), saved)
      void invalidateTax(queryClient, clubId)
    } catch (error) {
      setRefusal(explain(error))
      if (problemStatus(error) === 404 || problemStatus(error) === 409) void invalidateTax(queryClient, clubId)
    }
  })

  const categoryOptions = TRANSMISSION_CATEGORY_ORDER.map((category) => ({
    value: category,
    label: i18n._(TRANSMISSION_CATEGORY_LABELS[category]),
  }))

  return (
    <>
      {newest && !startingNew && <EntryState entry={newest} />}
      {status.notices.length > 0 && <TaxNoticeList notices={status.notices} />}
      {!canEdit && (
        <Alert tone="info" title={t`Nur Ansicht`}>
          <Trans>
            Die Spendenbegünstigung ändern Personen, deren Rolle im Verein Geld verwalten darf (zum Beispiel
            Obmann/Obfrau oder Kassier/in), und die Administration.
          </Trans>
        </Alert>
      )}
      <form
        id={formId}
        noValidate
        aria-label={startingNew || !newest ? t`Neue Eintragung` : t`Eintragung in der BMF-Liste`}
        onSubmit={(event) => void onSubmit(event)}
      >
        <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-4">
          {startingNew && (
            <p className="font-semibold text-slate-900">
              <Trans>Neue Eintragung</Trans>
            </p>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t`Registrierungsnummer (BMF-Liste)`}
              required
              autoComplete="off"
              spellCheck={false}
              maxLength={REGISTER_NUMBER_MAX}
              hint={t`Wie in der BMF-Liste, z. B. SO 1158 oder SO-1158`}
              error={errors.registerNumber?.message}
              {...form.register('registerNumber')}
            />
            <SelectField
              label={t`Kategorie`}
              required
              placeholder={t`Bitte wählen`}
              options={categoryOptions}
              error={errors.category?.message}
              // The saved category as the select's default too: a select whose first option ("Bitte
              // wählen") is merely selected may count as changed before the form takes its value.
              defaultValue={form.formState.defaultValues?.category ?? ''}
              {...form.register('category')}
            />
            <TextField
              label={t`Begünstigt ab`}
              required
              type="date"
              min="2000-01-01"
              error={errors.validFrom?.message}
              {...form.register('validFrom')}
            />
            <TextField
              label={t`Widerrufen am`}
              type="date"
              min="2000-01-01"
              hint={t`Optional: der erste Tag, an dem die Begünstigung nicht mehr galt`}
              error={errors.revokedOn?.message}
              {...form.register('revokedOn')}
            />
            <TextField
              // Not "Steuernummer" alone: the profile form above has a field of that name (tax or VAT number).
              label={t`Finanzamts- und Steuernummer`}
              inputMode="numeric"
              autoComplete="off"
              hint={t`Optional, 9 Ziffern wie am Bescheid, z. B. 12 345/6789 (für die Übermittlungsdatei)`}
              error={errors.taxNumber?.message}
              {...form.register('taxNumber')}
            />
            <TextField
              label={t`Letzte Jahresmeldung am`}
              type="date"
              max={todayIso()}
              hint={t`Optional: wann der Verein zuletzt an das Finanzamt gemeldet hat`}
              error={errors.lastReportOn?.message}
              {...form.register('lastReportOn')}
            />
          </div>
          {refusal && (
            <Alert tone="error" role="alert" title={<Trans>Nicht gespeichert</Trans>}>
              {refusal}
            </Alert>
          )}
          {canEdit && (
            <div className="flex flex-wrap gap-2">
              {/* Named apart from the profile form's "Speichern" on the same page (the visible word is in the name). */}
              <Button type="submit" pending={save.isPending} aria-label={t`Spendenbegünstigung speichern`}>
                <Trans>Speichern</Trans>
              </Button>
              {startingNew ? (
                <Button variant="secondary" onClick={cancelNew}>
                  <Trans>Abbrechen</Trans>
                </Button>
              ) : (
                mayStartNew && (
                  <Button variant="secondary" onClick={startNew}>
                    <Trans>Neue Eintragung</Trans>
                  </Button>
                )
              )}
            </div>
          )}
        </fieldset>
      </form>
      {older.length > 0 && (
        <section aria-labelledby="spendenbeguenstigung-history">
          <h3 id="spendenbeguenstigung-history" className="font-semibold text-slate-900">
            <Trans>Frühere Eintragungen</Trans>
          </h3>
          <ul className="mt-2 flex flex-col gap-2 text-sm text-slate-800">
            {older.map((entry) => {
              const fields = latestFields(entry)
              return (
                <li key={entry.id} className="flex flex-wrap items-center gap-2">
                  {fields && <EntrySummary fields={fields} />}
                  {!entry.confirmed && (
                    <Badge tone="warning">
                      <Trans>nicht bestätigt</Trans>
                    </Badge>
                  )}
                </li>
              )
            })}
          </ul>
        </section>
      )}
    </>
  )
}
