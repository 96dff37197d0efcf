import { get, useFormContext, useFormState } from 'react-hook-form'
import { SelectField, TextField, type SelectOption, type TextFieldProps } from '#src/components/ui/field.tsx'
import type { RegistrationField, RegistrationValues } from '#src/features/registration/schemas.ts'

const useFieldError = (name: RegistrationField): string | undefined => {
  const { errors } = useFormState<RegistrationValues>({ name })
  return get<typeof errors, { message?: string } | undefined>(errors, name)?.message
}

/** A changed password makes a shown "does not match" under the confirmation stale. */
const DEPENDENTS: Partial<Record<RegistrationField, RegistrationField>> = {
  'user.password': 'user.passwordConfirmation',
}

/**
 * Registers a wizard field. Fields are checked by "Weiter" (not on blur: an error appearing or vanishing on
 * blur moves the buttons under the pointer, and the click on "Weiter" would miss); a field that shows an
 * error is checked again as it changes, so the message goes away as soon as the input is right.
 */
export const useWizardField = (name: RegistrationField, onLeave?: () => void) => {
  const { register, trigger, getFieldState } = useFormContext<RegistrationValues>()
  return register(name, {
    onChange: () => {
      const stale = [name, DEPENDENTS[name]].filter(
        (field): field is RegistrationField => field !== undefined && getFieldState(field).error !== undefined,
      )
      if (stale.length > 0) void trigger(stale)
    },
    ...(onLeave ? { onBlur: onLeave } : {}),
  })
}

type WizardTextFieldProps = Omit<TextFieldProps, 'name' | 'error'> & {
  name: RegistrationField
  /**
   * Called when the field loses the focus, for a look-up at the backend (the ZVR number): its finding
   * is no format error, and it comes after the person has finished the field, not while typing.
   */
  onLeave?: () => void
}

/** A text field of the wizard: registered with the form, its German error right below it. */
export const WizardTextField = ({ name, onLeave, ...props }: WizardTextFieldProps) => {
  const registration = useWizardField(name, onLeave)
  const error = useFieldError(name)
  return <TextField error={error} {...props} {...registration} />
}

interface WizardSelectFieldProps {
  name: RegistrationField
  label: string
  options: readonly SelectOption[]
  placeholder: string
  required?: boolean
  hint?: string
}

export const WizardSelectField = ({ name, ...props }: WizardSelectFieldProps) => {
  const registration = useWizardField(name)
  const error = useFieldError(name)
  return <SelectField error={error} {...props} {...registration} />
}
