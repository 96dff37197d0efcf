import { zodResolver } from '@hookform/resolvers/zod'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import type { Receipt } from '#openapi/generated/model/receipt.ts'
import type { ReceiptPage } from '#openapi/generated/model/receiptPage.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { DateRangeFields } from '#src/components/ui/date-range-fields.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { Pagination } from '#src/components/ui/pagination.tsx'
import { formatShortDate } from '#src/lib/format.ts'
import type { ReceiptPeriod } from '#src/features/receipts/receipt-period.ts'
import { periodSchema, type PeriodInput, type PeriodValues } from '#src/features/receipts/schemas.ts'
import { ReceiptExport } from './receipt-export.tsx'
import { ReceiptTable } from './receipt-table.tsx'
import { WithdrawDialog } from './withdraw-dialog.tsx'

/** "Von" and "Bis" of the list; applying goes back to the first page (the caller resets it). */
const PeriodForm = ({ period, onApply }: { period: ReceiptPeriod; onApply: (period: PeriodValues) => void }) => {
  const { t } = useLingui()
  const [resolver] = useState(() => zodResolver(periodSchema()))
  const form = useForm<PeriodInput, unknown, PeriodValues>({ resolver, defaultValues: period })
  const { register, handleSubmit, reset, formState } = form

  // The URL is the source of truth: back and forward update the inputs.
  useEffect(() => reset(period), [period, reset])

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onApply)(event)}
      className="flex flex-wrap items-end gap-3"
      aria-label={t`Zeitraum der Bestätigungen`}
    >
      <DateRangeFields
        from={register('from')}
        to={register('to')}
        errors={{ from: formState.errors.from?.message, to: formState.errors.to?.message }}
      />
      <Button type="submit" variant="secondary">
        <Trans>Anzeigen</Trans>
      </Button>
    </form>
  )
}

/**
 * The receipts issued in a period (by their day of issue; this year unless another is chosen), a page
 * at a time, with the period's ZIP and CSV and, per receipt, its PDF, a duplicate and the withdrawal.
 */
export const ReceiptsCard = ({
  clubId,
  period,
  data,
  onPeriodChange,
  onPageChange,
}: {
  clubId: string
  /** A new object only when the URL's period changes (the form resets to it then). */
  period: ReceiptPeriod
  data: ReceiptPage
  onPeriodChange: (period: PeriodValues) => void
  onPageChange: (page: number) => void
}) => {
  const { t } = useLingui()
  const [withdrawing, setWithdrawing] = useState<Receipt | null>(null)
  const from = formatShortDate(period.from)
  const to = formatShortDate(period.to)

  return (
    <Card aria-labelledby="receipts-title">
      <CardHeader
        id="receipts-title"
        title={t`Bestätigungen`}
        description={t`Ausgestellt von ${from} bis ${to}, neueste zuerst.`}
      />
      <CardBody className="flex flex-col gap-4">
        <PeriodForm period={period} onApply={onPeriodChange} />
        <ReceiptExport clubId={clubId} period={period} disabled={data.totalItems === 0} />
        {data.items.length === 0 ? (
          <EmptyState title={t`In diesem Zeitraum wurde keine Bestätigung ausgestellt.`}>
            <Trans>Jahresbestätigungen für ein abgeschlossenes Jahr stellen Sie weiter unten aus.</Trans>
          </EmptyState>
        ) : (
          <ReceiptTable clubId={clubId} receipts={data.items} onWithdraw={setWithdrawing} />
        )}
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          totalItems={data.totalItems}
          onPageChange={onPageChange}
        />
      </CardBody>
      <WithdrawDialog clubId={clubId} receipt={withdrawing} onClose={() => setWithdrawing(null)} />
    </Card>
  )
}
