import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { FormProvider, useForm, useWatch } from 'react-hook-form'
import { toast } from '#src/lib/toast.ts'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { getGetCountriesQueryOptions } from '#src/api/generated/query/endpoints/countries/countries.ts'
import type { Club } from '#openapi/generated/model/club.ts'
import type { ClubField } from '#openapi/generated/model/clubField.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { CheckboxField, RequiredNote } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { PossibleDuplicateDialog } from '#src/components/clubs/possible-duplicate-dialog.tsx'
import { ApiError } from '#src/api/client.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { applyServerFieldErrors, problemKind } from '#src/lib/api-errors.ts'
import { stickyBottomBarRef } from '#src/lib/sticky-bottom-bar.ts'
import { formatDate, todayIso } from '#src/lib/format.ts'
import { knownBankOfIban } from '#checks/iban.ts'
import { zvrTakenMessage } from '#src/lib/input-messages.ts'
import {
  CLUB_COUNTRY_LABELS,
  CLUB_SIZES,
  clubSizeLabel,
  LEGITIMATION_DOCUMENT_KIND_LABELS,
} from '#src/lib/labels/club-labels.ts'
import { useSaveClub } from '#src/features/club-profile/api/use-save-club.ts'
import {
  bicMismatchMessage,
  CLUB_COUNTRIES,
  clubProfileSchema,
  DOCUMENT_KINDS,
  FORM_FIELDS,
  missingAfterSave,
  toClubUpdate,
  toFormValues,
  type ClubProfileOutput,
  type ClubProfileValues,
} from '#src/features/club-profile/schemas.ts'
import { IncompleteSaveDialog } from './incomplete-save-dialog.tsx'
import { LegitimationScans } from './legitimation-scans.tsx'
import { ProfileIbanField, ProfileSelectField, ProfileTextArea, ProfileTextField } from './profile-fields.tsx'

interface ClubProfileFormProps {
  club: Club
  /** Staff may look but not change (the backend refuses their `PUT club` anyway). */
  readOnly: boolean
  /** The bank details are shown, not changed: the person's club role may not manage the club's money. */
  bankReadOnly?: boolean
  onDirtyChange: (dirty: boolean) => void
  onSaved: (club: Club) => void
}

/**
 * The club's profile (spec §3) in one form, saved with `PUT club`. Incomplete data may be saved after a
 * confirmation listing what is missing (spec §4); a failed save keeps everything typed. The legitimation
 * scans are files with their own calls and are saved as soon as they are chosen.
 */
export const ClubProfileForm = ({
  club,
  readOnly,
  bankReadOnly = false,
  onDirtyChange,
  onSaved,
}: ClubProfileFormProps) => {
  const { t, i18n } = useLingui()
  const [resolver] = useState(() => zodResolver(clubProfileSchema()))
  const form = useForm<ClubProfileValues, unknown, ClubProfileOutput>({
    resolver,
    defaultValues: toFormValues(club),
    // Checked on "Speichern", then again as fields change; never on blur (a message vanishing on blur moves
    // the buttons under the pointer and the click misses).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const save = useSaveClub()
  const [confirmation, setConfirmation] = useState<{ values: ClubProfileOutput; missing: ClubField[] } | null>(null)
  /** The save waiting for the answer to "Gibt es diesen Verein schon?" (409 `possible-duplicate`). */
  const [duplicateOf, setDuplicateOf] = useState<ClubProfileOutput | null>(null)
  const clubTypes = useQuery(getGetClubTypesQueryOptions())
  const countries = useQuery(getGetCountriesQueryOptions())
  const sameAsClubAddress = useWatch({ control: form.control, name: 'billingAddress.sameAsClubAddress' })
  const iban = useWatch({ control: form.control, name: 'bankInfo.iban' })
  // The bank's name follows the IBAN where the portal knows the bank (never the BIC); an empty BIC is filled.
  const knownBank = knownBankOfIban(iban ?? '')
  useEffect(() => {
    if (!knownBank) return
    if (form.getValues('bankInfo.bankName') !== knownBank.name) {
      form.setValue('bankInfo.bankName', knownBank.name, { shouldDirty: true })
    }
    if (form.getValues('bankInfo.bic').trim() === '') {
      form.setValue('bankInfo.bic', knownBank.bic, { shouldDirty: true })
    }
  }, [knownBank, form])
  const { isDirty } = form.formState

  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange])

  const persist = async (values: ClubProfileOutput, confirmDuplicate = false) => {
    setConfirmation(null)
    try {
      const saved = await save.mutateAsync({ data: toClubUpdate(values, club.id, confirmDuplicate) })
      // The saved values become the new starting point: the form is no longer "changed".
      form.reset(toFormValues(saved))
      if (saved.bankReview && !club.bankReview) {
        toast.info(
          t`Bankverbindung geändert – Prüfung ausstehend. Bis die Administration sie bestätigt, wird nichts ausgezahlt.`,
        )
      }
      onSaved(saved)
    } catch (error) {
      // Another club has this ZVR number: the message at the ZVR field.
      if (problemKind(error) === 'zvr-taken') {
        form.setError('zvrNumber', { type: 'server', message: zvrTakenMessage() })
        // In a task of its own: after a closed confirmation has given the focus back to "Speichern".
        window.setTimeout(() => form.setFocus('zvrNumber'))
        return
      }
      // A club of the same name in the same postal code: the person decides (the dialog below).
      if (problemKind(error) === 'possible-duplicate') {
        setDuplicateOf(values)
        return
      }
      // The toast says it failed; what the backend found wrong is marked at the fields; nothing is reset.
      applyServerFieldErrors(error, form.setError, FORM_FIELDS, t`Bitte prüfen Sie diese Angabe.`)
      // IBAN and BIC of different banks or countries: say which (the backend's `bic_mismatch`).
      const bicMismatch =
        error instanceof ApiError &&
        error.problem?.errors?.some((item) => item.field === 'bankInfo.bic' && item.code === 'bic_mismatch')
      const message = bicMismatch ? bicMismatchMessage(values.bankInfo.iban, values.bankInfo.bic) : null
      if (message) form.setError('bankInfo.bic', { type: 'server', message })
    }
  }

  const onSubmit = form.handleSubmit(
    (values) => {
      const missing = missingAfterSave(form.getValues(), club.completeness.missing)
      if (missing.length > 0) setConfirmation({ values, missing })
      else void persist(values)
    },
    () => {
      toast.error(t`Bitte prüfen Sie die markierten Felder.`)
    },
  )

  const countryOptions = CLUB_COUNTRIES.map((country) => ({
    value: country,
    label: i18n._(CLUB_COUNTRY_LABELS[country]),
  }))
  const sizeOptions = CLUB_SIZES.map((size) => ({ value: size, label: i18n._(clubSizeLabel(size)) }))
  const kindOptions = DOCUMENT_KINDS.map((kind) => ({
    value: kind,
    label: i18n._(LEGITIMATION_DOCUMENT_KIND_LABELS[kind]),
  }))

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t`Vereinsdaten`}>
        <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-6">
          {!readOnly && <RequiredNote />}

          <Card aria-labelledby="club-data-heading">
            <CardHeader id="club-data-heading" title={t`Vereinsdaten`} />
            <CardBody className="grid gap-4 sm:grid-cols-2">
              <ProfileTextField name="name" label={t`Name des Vereins`} required containerClassName="sm:col-span-2" />
              <ProfileTextField name="zvrNumber" label={t`ZVR-Zahl`} inputMode="numeric" hint={t`1 bis 10 Ziffern`} />
              <ProfileTextField name="vatNumber" label={t`Steuernummer`} hint={t`Steuernummer oder UID-Nummer`} />
              <ProfileTextField
                name="donationNumber"
                label={t`Spendenbegünstigungsnummer`}
                hint={t`Registrierungsnummer in der Liste der spendenbegünstigten Einrichtungen, z. B. SO 1234`}
              />
              {clubTypes.data ? (
                <ProfileSelectField
                  name="clubTypeId"
                  label={t`Vereinsart`}
                  options={clubTypes.data.map((type) => ({ value: type.id, label: type.name }))}
                />
              ) : clubTypes.isError ? (
                <QueryError
                  error={clubTypes.error}
                  title={t`Die Vereinsarten konnten nicht geladen werden.`}
                  onRetry={() => void clubTypes.refetch()}
                />
              ) : (
                <LoadingBlock />
              )}
              <ProfileSelectField
                name="clubSize"
                label={t`Vereinsgröße`}
                placeholder={t`Keine Angabe`}
                hint={t`Optional`}
                options={sizeOptions}
              />
              <ProfileTextArea
                name="shortDescription"
                label={t`Kurzbeschreibung`}
                rows={2}
                hint={t`Ein bis zwei Sätze, höchstens 300 Zeichen.`}
                containerClassName="sm:col-span-2"
              />
              <ProfileTextArea name="description" label={t`Beschreibung`} rows={6} containerClassName="sm:col-span-2" />
            </CardBody>
          </Card>

          <Card aria-labelledby="club-address-heading">
            <CardHeader id="club-address-heading" title={t`Vereinsadresse`} />
            <CardBody className="grid gap-4 sm:grid-cols-[1fr_10rem]">
              <ProfileTextField name="address.street" label={t`Straße`} autoComplete="address-line1" />
              <ProfileTextField name="address.houseNumber" label={t`Hausnummer`} />
              <ProfileTextField
                name="address.postalCode"
                label={t`Postleitzahl`}
                inputMode="numeric"
                containerClassName="sm:order-3"
              />
              <ProfileTextField name="address.city" label={t`Ort`} containerClassName="sm:order-4" />
              <ProfileSelectField
                name="address.country"
                label={t`Land`}
                options={countryOptions}
                hint={t`Vereine mit Sitz in Deutschland stellen Zuwendungsbestätigungen nach amtlichem Muster aus.`}
                containerClassName="sm:order-5 sm:col-span-2"
              />
            </CardBody>
          </Card>

          <Card aria-labelledby="club-bank-heading">
            <CardHeader
              id="club-bank-heading"
              title={t`Bankverbindung`}
              description={t`Auf dieses Konto werden die Spenden ausgezahlt.`}
            />
            <CardBody className="grid gap-4 sm:grid-cols-2">
              {club.bankReview && (
                <Alert
                  tone="warning"
                  role="status"
                  title={t`Bankverbindung geändert – Prüfung ausstehend`}
                  className="sm:col-span-2"
                >
                  <Trans>
                    Geändert am {formatDate(club.bankReview.changedAt)} von {club.bankReview.changedByName}. Bis die
                    Administration die neue Bankverbindung bestätigt, zahlt der Kartenzahlungsanbieter nichts aus.
                  </Trans>
                </Alert>
              )}
              {bankReadOnly && !readOnly && (
                <Alert tone="info" title={t`Nur Ansicht`} className="sm:col-span-2">
                  <Trans>
                    Ihre Rolle im Verein darf die Bankverbindung nicht ändern. Das dürfen Personen, deren Rolle Geld
                    verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.
                  </Trans>
                </Alert>
              )}
              <ProfileTextField
                name="bankInfo.accountHolder"
                label={t`Kontoinhaber/in`}
                readOnly={bankReadOnly}
                containerClassName="sm:col-span-2"
              />
              <ProfileIbanField
                name="bankInfo.iban"
                label={t`IBAN`}
                readOnly={bankReadOnly}
                hint={t`z. B. AT61 1904 3002 3457 3201`}
              />
              <ProfileTextField
                name="bankInfo.bic"
                label={t`BIC`}
                autoComplete="off"
                spellCheck={false}
                readOnly={bankReadOnly}
                hint={t`8 oder 11 Zeichen`}
              />
              <ProfileTextField
                name="bankInfo.bankName"
                label={t`Name der Bank`}
                readOnly={bankReadOnly || knownBank !== null}
                hint={knownBank ? t`Aus der Bankleitzahl der IBAN übernommen.` : undefined}
                containerClassName="sm:col-span-2"
              />
            </CardBody>
          </Card>

          <Card aria-labelledby="club-billing-heading">
            <CardHeader id="club-billing-heading" title={t`Rechnungsadresse`} />
            <CardBody className="flex flex-col gap-4">
              <CheckboxField
                label={t`Rechnungsadresse wie Vereinsadresse`}
                {...form.register('billingAddress.sameAsClubAddress')}
              />
              {!sameAsClubAddress && (
                <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
                  <ProfileTextField name="billingAddress.street" label={t`Straße`} />
                  <ProfileTextField name="billingAddress.houseNumber" label={t`Hausnummer`} />
                  <ProfileTextField
                    name="billingAddress.postalCode"
                    label={t`Postleitzahl`}
                    containerClassName="sm:order-3"
                  />
                  <ProfileTextField name="billingAddress.city" label={t`Ort`} containerClassName="sm:order-4" />
                  {countries.data ? (
                    <ProfileSelectField
                      name="billingAddress.country"
                      label={t`Land`}
                      placeholder={t`Bitte wählen`}
                      options={countries.data.map((country) => ({ value: country.code, label: country.name }))}
                      containerClassName="sm:order-5"
                    />
                  ) : countries.isError ? (
                    <QueryError
                      error={countries.error}
                      title={t`Die Länderliste konnte nicht geladen werden.`}
                      onRetry={() => void countries.refetch()}
                    />
                  ) : (
                    <LoadingBlock />
                  )}
                  <ProfileTextField
                    name="billingAddress.additionalInformation"
                    label={t`Adresszusatz`}
                    hint={t`Optional, z. B. c/o, Stiege, Stock`}
                    containerClassName="sm:order-6 sm:col-span-2"
                  />
                </div>
              )}
            </CardBody>
          </Card>

          <Card aria-labelledby="club-legitimation-heading">
            <CardHeader
              id="club-legitimation-heading"
              title={t`Kontaktperson für die Legitimation`}
              description={t`Der Zahlungsdienstleister prüft die Identität dieser Person, bevor Spenden ausgezahlt werden.`}
            />
            <CardBody className="grid gap-4 sm:grid-cols-2">
              <ProfileTextField name="legitimation.firstName" label={t`Vorname`} />
              <ProfileTextField name="legitimation.lastName" label={t`Nachname`} />
              <ProfileTextField name="legitimation.phoneNumber" label={t`Telefonnummer`} type="tel" />
              <ProfileTextField name="legitimation.email" label={t`E-Mail`} type="email" inputMode="email" />
              <ProfileTextField
                name="legitimation.birthDate"
                label={t`Geburtsdatum`}
                type="date"
                max={todayIso()}
                min="1900-01-01"
              />
              <ProfileSelectField
                name="legitimation.documentKind"
                label={t`Ausweisart`}
                placeholder={t`Bitte wählen`}
                options={kindOptions}
              />
              <div className="sm:col-span-2">
                <LegitimationScans clubId={club.id} files={club.legitimationFiles} disabled={readOnly} />
              </div>
            </CardBody>
          </Card>

          {!readOnly && (
            <div
              ref={stickyBottomBarRef}
              className="sticky bottom-0 z-10 -mx-4 flex flex-col gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-between sm:rounded-lg sm:border"
            >
              <p className="text-sm text-slate-600" aria-live="polite">
                {isDirty ? (
                  <Trans>Sie haben ungespeicherte Änderungen.</Trans>
                ) : (
                  <Trans>Alle Änderungen sind gespeichert.</Trans>
                )}
              </p>
              <Button type="submit" pending={save.isPending}>
                <Trans>Speichern</Trans>
              </Button>
            </div>
          )}
        </fieldset>
      </form>
      <IncompleteSaveDialog
        missing={confirmation?.missing ?? null}
        pending={save.isPending}
        onCancel={() => setConfirmation(null)}
        onConfirm={() => {
          if (confirmation) void persist(confirmation.values)
        }}
      />
      <PossibleDuplicateDialog
        namesake={duplicateOf ? { name: duplicateOf.name, postalCode: duplicateOf.address.postalCode } : null}
        confirmLabel={t`Trotzdem speichern`}
        pending={save.isPending}
        onCancel={() => setDuplicateOf(null)}
        onConfirm={() => {
          if (!duplicateOf) return
          setDuplicateOf(null)
          void persist(duplicateOf, true)
        }}
      />
    </FormProvider>
  )
}
