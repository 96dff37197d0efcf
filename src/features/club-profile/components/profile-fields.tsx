import type { ReactNode } from 'react'
import { get, useFormContext, useFormState, type FieldPath } from 'react-hook-form'
import { formatIban, normalizeIban } from '#checks/iban.ts'
import {
  SelectField,
  TextAreaField,
  TextField,
  type SelectOption,
  type TextAreaFieldProps,
  type TextFieldProps,
} from '#src/components/ui/field.tsx'
import type { ClubProfileValues } from '#src/features/club-profile/schemas.ts'

type ProfilePath = FieldPath<ClubProfileValues>

const useFieldError = (name: ProfilePath): string | undefined => {
  const { errors } = useFormState<ClubProfileValues>({ name })
  return get<typeof errors, { message?: string } | undefined>(errors, name)?.message
}

export const ProfileTextField = ({
  name,
  ...props
}: Omit<TextFieldProps, 'name' | 'error'> & { name: ProfilePath }) => {
  const { register } = useFormContext<ClubProfileValues>()
  return <TextField error={useFieldError(name)} {...props} {...register(name)} />
}

export const ProfileTextArea = ({
  name,
  ...props
}: Omit<TextAreaFieldProps, 'name' | 'error'> & { name: ProfilePath }) => {
  const { register } = useFormContext<ClubProfileValues>()
  return <TextAreaField error={useFieldError(name)} {...props} {...register(name)} />
}

/**
 * Puts the IBAN in the field into groups of four (`at61190430…` → `AT61 1904 30…`) and keeps the caret
 * after the character it was after, so that typing, deleting and pasting in the middle go on where they
 * were.
 */
const groupIbanInPlace = (input: HTMLInputElement) => {
  const { value } = input
  const grouped = formatIban(value)
  if (grouped === value) return
  const caret = input.selectionStart ?? value.length
  // The characters before the caret that stay (spaces, dots and dashes go), found again in the groups.
  const before = normalizeIban(value.slice(0, caret)).length
  let position = 0
  for (let seen = 0; position < grouped.length && seen < before; position += 1) {
    if (grouped[position] !== ' ') seen += 1
  }
  input.value = grouped
  if (input.ownerDocument.activeElement === input) input.setSelectionRange(position, position)
}

/**
 * The IBAN in groups of four while it is typed and when it is shown (`AT61 1904 3002 3457 3201`), as bank
 * statements write it and people compare it. The form keeps it grouped; the schema takes the spaces out
 * again (`normalizeIban`), so the contract gets the IBAN without them.
 */
export const ProfileIbanField = ({
  name,
  ...props
}: Omit<TextFieldProps, 'name' | 'error' | 'onChange'> & { name: ProfilePath }) => {
  const { register } = useFormContext<ClubProfileValues>()
  const registration = register(name)
  return (
    <TextField
      error={useFieldError(name)}
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      {...props}
      {...registration}
      onChange={(event) => {
        groupIbanInPlace(event.target)
        return registration.onChange(event)
      }}
    />
  )
}

interface ProfileSelectFieldProps {
  name: ProfilePath
  label: string
  options: readonly SelectOption[]
  placeholder?: string
  hint?: ReactNode
  containerClassName?: string
}

export const ProfileSelectField = ({ name, ...props }: ProfileSelectFieldProps) => {
  const { register } = useFormContext<ClubProfileValues>()
  return <SelectField error={useFieldError(name)} {...props} {...register(name)} />
}
