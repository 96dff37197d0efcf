import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '#src/components/ui/button.tsx'
import { DateRangeFields } from '#src/components/ui/date-range-fields.tsx'
import {
  donationFilterSchema,
  type DonationFilterInput,
  type DonationFilterValues,
} from '#src/features/donations/schemas.ts'

interface DonationFilterFormProps {
  from: string | undefined
  to: string | undefined
  onApply: (values: DonationFilterValues) => void
}

/** Von/Bis filter; applying it goes back to the first page (the caller resets the page). */
export const DonationFilterForm = ({ from, to, onApply }: DonationFilterFormProps) => {
  const { t } = useLingui()
  const form = useForm<DonationFilterInput, unknown, DonationFilterValues>({
    resolver: zodResolver(donationFilterSchema),
    defaultValues: { from: from ?? '', to: to ?? '' },
  })
  const { register, handleSubmit, reset, formState } = form

  // The URL is the source of truth: back/forward or a reset elsewhere updates the inputs.
  useEffect(() => {
    reset({ from: from ?? '', to: to ?? '' })
  }, [from, to, reset])

  const active = Boolean(from || to)

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onApply)(event)}
      className="flex flex-wrap items-end gap-3"
      aria-label={t`Spenden filtern`}
    >
      <DateRangeFields
        from={register('from')}
        to={register('to')}
        errors={{ from: formState.errors.from?.message, to: formState.errors.to?.message }}
      />
      <div className="flex gap-2">
        <Button type="submit" variant="secondary">
          <Trans>Filtern</Trans>
        </Button>
        {active && (
          <Button type="button" variant="ghost" onClick={() => onApply({ from: undefined, to: undefined })}>
            <Trans>Filter zurücksetzen</Trans>
          </Button>
        )}
      </div>
    </form>
  )
}
