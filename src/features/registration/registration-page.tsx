import './messages.ts'
import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { FormProvider, get, useForm, type FieldErrors } from 'react-hook-form'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card } from '#src/components/ui/card.tsx'
import { RequiredNote } from '#src/components/ui/field.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { PossibleDuplicateDialog, type Namesake } from '#src/components/clubs/possible-duplicate-dialog.tsx'
import { applyServerFieldErrors } from '#src/lib/api-errors.ts'
import { zvrTakenMessage } from '#src/lib/input-messages.ts'
import { isPossibleDuplicate, isUserExists, isZvrTaken, useRegisterClub } from './api/use-register-club.ts'
import { useZvrCheck } from './api/use-zvr-check.ts'
import { RegistrationStepper } from './components/registration-stepper.tsx'
import { StepAccount } from './components/step-account.tsx'
import { StepAddress } from './components/step-address.tsx'
import { StepClub } from './components/step-club.tsx'
import { StepClubType } from './components/step-club-type.tsx'
import { StepTerms } from './components/step-terms.tsx'
import { clearDraft, loadDraft, saveDraft } from './draft.ts'
import {
  firstIncompleteStep,
  registrationSchema,
  STEP_COUNT,
  STEPS,
  toRegistrationBody,
  type RegistrationField,
  type RegistrationOutput,
  type RegistrationValues,
} from './schemas.ts'

const routeApi = getRouteApi('/register_organisation')

const ALL_FIELDS: readonly RegistrationField[] = STEPS.flatMap((step) => step.fields)

/** The name and postal code a possible-duplicate warning is about. */
const namesakeOf = (values: RegistrationOutput): Namesake => ({
  name: values.club.name,
  postalCode: values.club.address.postalCode,
})
const sameNamesake = (a: Namesake | null, b: Namesake) =>
  a !== null && a.name.toLocaleLowerCase('de') === b.name.toLocaleLowerCase('de') && a.postalCode === b.postalCode

const firstStepWithError = (errors: FieldErrors<RegistrationValues>): number | undefined => {
  const index = STEPS.findIndex((step) => step.fields.some((field) => get(errors, field)))
  return index === -1 ? undefined : index + 1
}

/**
 * The public registration (spec §2): five steps in one form, the step in the URL (`?step=`), each
 * step checked before "Weiter", the draft in sessionStorage (never the password), and
 * `POST club/createWithUser` at the end.
 */
export const RegistrationPage = () => {
  const { t, i18n } = useLingui()
  const navigate = routeApi.useNavigate()
  const step = Math.min(routeApi.useSearch({ select: (search) => search.step }) ?? 1, STEP_COUNT)
  const [draft] = useState(loadDraft)
  const [resolver] = useState(() => zodResolver(registrationSchema()))
  const form = useForm<RegistrationValues, unknown, RegistrationOutput>({
    resolver,
    defaultValues: draft.values,
    // "Weiter" checks a step; fields with an error are checked again as they change (see useWizardField).
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  })
  const registerClub = useRegisterClub()
  const zvrCheck = useZvrCheck()
  /** The step whose "Weiter" found missing fields: it shows the spec's banner until the step is left. */
  const [attempted, setAttempted] = useState<number | null>(null)
  const finished = useRef(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusAfterStep = useRef<RegistrationField | null>(null)
  const firstRender = useRef(true)
  /** The registration waiting for the person's answer to "Gibt es diesen Verein schon?" (409 `possible-duplicate`). */
  const [duplicateOf, setDuplicateOf] = useState<RegistrationOutput | null>(null)
  /** The name and postal code the person said are another club's: sent with `confirmDuplicate` while unchanged. */
  const confirmedNamesake = useRef<Namesake | null>(null)

  // Every change goes to the session draft, so a reload or a failed request loses nothing.
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          if (!finished.current) saveDraft(values)
        },
      }),
    [form],
  )

  // A URL cannot skip steps (`?step=5` on a fresh tab, or a reload after the password was dropped).
  useEffect(() => {
    if (finished.current) return
    const allowed = firstIncompleteStep(form.getValues())
    if (step > allowed) void navigate({ search: (prev) => ({ ...prev, step: allowed }), replace: true })
  }, [step, form, navigate])

  // Moving between steps puts the focus on the new step's heading, so screen readers announce it.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    const field = focusAfterStep.current
    focusAfterStep.current = null
    if (field) form.setFocus(field)
    else headingRef.current?.focus()
  }, [step, form])

  const goTo = (next: number) => {
    setAttempted(null)
    void navigate({ search: (prev) => ({ ...prev, step: next }) })
  }

  /**
   * Puts "taken" at the ZVR field when another club has the number it holds (leaving the field, "Weiter"
   * from the first step); true when it did. A look-up that fails says nothing: the registration decides.
   */
  const flagTakenZvr = async (): Promise<boolean> => {
    const zvrNumber = form.getValues('club.zvrNumber')
    const taken = await zvrCheck.isTaken(zvrNumber)
    // Typed on meanwhile: the answer is about a number the field no longer holds.
    if (!taken || form.getValues('club.zvrNumber') !== zvrNumber) return false
    form.setError('club.zvrNumber', { type: 'taken', message: zvrTakenMessage() })
    return true
  }

  const goNext = async () => {
    const valid = await form.trigger(STEPS[step - 1]!.fields, { shouldFocus: true })
    // Checking the step's fields again cleared the finding of the look-up: it is asked (or remembered) anew.
    const zvrTaken = step === 1 && (await flagTakenZvr())
    if (!valid) {
      setAttempted(step)
      return
    }
    if (zvrTaken) {
      form.setFocus('club.zvrNumber')
      return
    }
    goTo(step + 1)
  }

  const showErrorsOn = (errorStep: number, field?: RegistrationField) => {
    if (errorStep === step) {
      setAttempted(step)
      return
    }
    focusAfterStep.current = field ?? null
    goTo(errorStep)
    setAttempted(errorStep)
  }

  const submitRegistration = async (values: RegistrationOutput) => {
    try {
      const confirmed = sameNamesake(confirmedNamesake.current, namesakeOf(values))
      await registerClub.mutateAsync({ data: toRegistrationBody(values, confirmed) })
    } catch (error) {
      // Another club has this ZVR number: back to the first step, the message at the ZVR field.
      if (isZvrTaken(error)) {
        // Free when it was looked up, taken meanwhile: "Weiter" must not let the same number through again.
        zvrCheck.rememberTaken(values.club.zvrNumber)
        form.setError('club.zvrNumber', { type: 'server', message: zvrTakenMessage() })
        focusAfterStep.current = 'club.zvrNumber'
        goTo(1)
        return
      }
      // A club of the same name in the same postal code: the person decides (the dialog below).
      if (isPossibleDuplicate(error)) {
        setDuplicateOf(values)
        return
      }
      if (isUserExists(error)) {
        form.setError('user.email', { type: 'server', message: t`User ist bereits vorhanden` })
        focusAfterStep.current = 'user.email'
        goTo(3)
        return
      }
      // Everything typed stays in the form and the draft; a 400 marks the fields the backend named.
      if (applyServerFieldErrors(error, form.setError, ALL_FIELDS, t`Bitte prüfen Sie diese Angabe.`)) {
        const errorStep = firstStepWithError(form.formState.errors)
        if (errorStep && errorStep !== step) goTo(errorStep)
      }
      return
    }
    finished.current = true
    clearDraft()
    await navigate({ to: '/success', search: { from: 'registration' } })
  }

  const onInvalid = (errors: FieldErrors<RegistrationValues>) => {
    const errorStep = firstStepWithError(errors)
    if (errorStep) showErrorsOn(errorStep)
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (step < STEP_COUNT) void goNext()
    else void form.handleSubmit(submitRegistration, onInvalid)(event)
  }

  const errors = form.formState.errors
  const stepHasErrors = STEPS[step - 1]!.fields.some((field) => get(errors, field))
  const title = i18n._(STEPS[step - 1]!.title)

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t`Verein registrieren`}
        description={t`Registrieren Sie Ihren Verein in wenigen Schritten. Danach bestätigen Sie Ihre E-Mail-Adresse und vervollständigen das Profil.`}
      />
      <RegistrationStepper step={step} />
      <FormProvider {...form}>
        <Card>
          <form
            // Prerendered: sent before the scripts have run, nothing typed lands in the address.
            method="post"
            noValidate
            onSubmit={onSubmit}
            aria-labelledby="registration-step-heading"
          >
            <div className="flex flex-col gap-4 px-4 py-5 sm:px-6">
              <div>
                <p className="text-sm font-medium text-brand-800">
                  <Trans>
                    Schritt {step} von {STEP_COUNT}
                  </Trans>
                </p>
                <h2
                  id="registration-step-heading"
                  ref={headingRef}
                  tabIndex={-1}
                  className="text-xl font-semibold text-slate-900 outline-none"
                >
                  {title}
                </h2>
              </div>
              {attempted === step && stepHasErrors && (
                <Alert tone="error" role="alert" title={t`Bitte füllen Sie alle Pflichtfelder aus!`} />
              )}
              {step < STEP_COUNT && <RequiredNote />}
              {step === 1 && <StepClub onZvrLeft={() => void flagTakenZvr()} />}
              {step === 2 && <StepAddress />}
              {step === 3 && <StepAccount askPasswordAgain={draft.restored && !form.getValues('user.password')} />}
              {step === 4 && <StepClubType />}
              {step === 5 && <StepTerms onEditStep={goTo} />}
            </div>
            <div className="flex flex-col-reverse gap-3 border-t border-slate-200 px-4 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-6">
              {step > 1 ? (
                <Button variant="secondary" onClick={() => goTo(step - 1)} disabled={registerClub.isPending}>
                  <Trans>Zurück</Trans>
                </Button>
              ) : (
                <Link to="/login" className="text-sm font-medium text-brand-800 underline">
                  <Trans>Bereits registriert? Anmelden</Trans>
                </Link>
              )}
              <Button type="submit" pending={registerClub.isPending}>
                {step < STEP_COUNT ? <Trans>Weiter</Trans> : <Trans>Abschließen</Trans>}
              </Button>
            </div>
          </form>
        </Card>
      </FormProvider>
      <PossibleDuplicateDialog
        namesake={duplicateOf ? namesakeOf(duplicateOf) : null}
        confirmLabel={t`Trotzdem registrieren`}
        pending={registerClub.isPending}
        onCancel={() => setDuplicateOf(null)}
        onConfirm={() => {
          if (!duplicateOf) return
          confirmedNamesake.current = namesakeOf(duplicateOf)
          setDuplicateOf(null)
          void submitRegistration(duplicateOf)
        }}
      />
    </div>
  )
}
