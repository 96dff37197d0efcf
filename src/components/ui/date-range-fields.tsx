import { useLingui } from '@lingui/react/macro'
import type { UseFormRegisterReturn } from 'react-hook-form'
import { TextField } from './field.tsx'

interface DateRangeFieldsProps {
  from: UseFormRegisterReturn
  to: UseFormRegisterReturn
  errors: { from?: string | undefined; to?: string | undefined }
}

/** "Von" and "Bis" date inputs of a filter form, registered with react-hook-form by the caller. */
export const DateRangeFields = ({ from, to, errors }: DateRangeFieldsProps) => {
  const { t } = useLingui()
  return (
    <>
      <TextField type="date" label={t`Von`} containerClassName="w-full sm:w-44" error={errors.from} {...from} />
      <TextField type="date" label={t`Bis`} containerClassName="w-full sm:w-44" error={errors.to} {...to} />
    </>
  )
}
