import type { ReactNode } from 'react'
import { get, useFormContext, useFormState, type FieldPath } from 'react-hook-form'
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
