import { useLingui } from '@lingui/react/macro'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from '#src/components/ui/field.tsx'
import { PASSWORD_MIN_LENGTH } from '#src/features/auth/schemas.ts'

interface NewPasswordFieldsProps {
  password: UseFormRegisterReturn
  confirmation: UseFormRegisterReturn
  errors: { password?: string | undefined; confirmation?: string | undefined }
  /** "Neues Passwort" where an existing password is replaced; "Passwort" for a new account. */
  replacing?: boolean
}

/** A password to choose and its repetition, with the minimum length as a hint. */
export const NewPasswordFields = ({ password, confirmation, errors, replacing = false }: NewPasswordFieldsProps) => {
  const { t } = useLingui()
  return (
    <>
      <TextField
        label={replacing ? t`Neues Passwort` : t`Passwort`}
        type="password"
        autoComplete="new-password"
        required
        hint={t`Mindestens ${PASSWORD_MIN_LENGTH} Zeichen.`}
        error={errors.password}
        {...password}
      />
      <TextField
        label={replacing ? t`Neues Passwort bestätigen` : t`Passwort bestätigen`}
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  )
}
