import { Trans, useLingui } from '@lingui/react/macro'
import { useMutation } from '@tanstack/react-query'
import type { Receipt } from '#openapi/generated/model/receipt.ts'
import { StatusBadge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { ScrollTable } from '#src/components/ui/scroll-table.tsx'
import { TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { formatCents, formatShortDate } from '#src/lib/format.ts'
import { downloadReceipt } from '#src/lib/receipt-file.ts'
import { toast } from '#src/lib/toast.ts'
import { RECEIPT_KIND, RECEIPT_STATUS } from '#src/features/receipts/labels.ts'
import { commonFailure } from '#src/features/receipts/receipt-problems.ts'

/**
 * Saves a receipt's PDF: the archived original, or (`duplicate`) a reprint marked "Duplikat" for a donor
 * who lost theirs. The backend names the file.
 */
const useDownload = (clubId: string, receipt: Receipt, duplicate: boolean) => {
  const { t } = useLingui()
  return useMutation({
    mutationFn: () => downloadReceipt(clubId, receipt.id, { duplicate }),
    onSuccess: (file) => toast.success(t`${file.fileName} wurde heruntergeladen.`),
    onError: (error) =>
      toast.error(
        commonFailure(error) ?? t`Die Bestätigung konnte nicht heruntergeladen werden. Bitte versuchen Sie es erneut.`,
      ),
  })
}

const ReceiptActions = ({
  clubId,
  receipt,
  onWithdraw,
}: {
  clubId: string
  receipt: Receipt
  onWithdraw: (receipt: Receipt) => void
}) => {
  const original = useDownload(clubId, receipt, false)
  const duplicate = useDownload(clubId, receipt, true)
  // The number for a screen reader, which hears the buttons of a row without the row around them.
  const number = <span className="sr-only"> {receipt.number}</span>
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" pending={original.isPending} onClick={() => original.mutate()}>
        <Trans>Herunterladen</Trans>
        {number}
      </Button>
      {/* A withdrawn receipt is kept as it was; nothing is reprinted or withdrawn again. */}
      {receipt.status === 'ISSUED' && (
        <>
          <Button variant="secondary" size="sm" pending={duplicate.isPending} onClick={() => duplicate.mutate()}>
            <Trans>Duplikat</Trans>
            {number}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onWithdraw(receipt)}>
            <Trans>Zurückziehen</Trans>
            {number}
          </Button>
        </>
      )}
    </div>
  )
}

/**
 * The receipts of a period: number, donor with the address printed on the receipt, one donation or a
 * donor's year, the sum, the day of issue (and by whom), valid or withdrawn (when and why), and what can
 * be done with each. Scrolls sideways on a phone.
 */
export const ReceiptTable = ({
  clubId,
  receipts,
  onWithdraw,
}: {
  clubId: string
  receipts: readonly Receipt[]
  onWithdraw: (receipt: Receipt) => void
}) => {
  const { t, i18n } = useLingui()
  return (
    <ScrollTable label={t`Spendenbestätigungen, Tabelle`}>
      <caption className="sr-only">{t`Spendenbestätigungen des gewählten Zeitraums, neueste zuerst`}</caption>
      <TableHead>
        <TableRow>
          <TableHeaderCell>
            <Trans>Nummer</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Spender:in</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Art</Trans>
          </TableHeaderCell>
          <TableHeaderCell className="text-right">
            <Trans>Summe</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>ausgestellt am</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <Trans>Status</Trans>
          </TableHeaderCell>
          <TableHeaderCell>
            <span className="sr-only">
              <Trans>Aktionen</Trans>
            </span>
          </TableHeaderCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {receipts.map((receipt) => {
          const year = receipt.year === null ? '' : String(receipt.year)
          return (
            <TableRow key={receipt.id} data-testid="receipt-row">
              <th scope="row" className="px-3 py-2 text-left font-mono font-medium whitespace-nowrap">
                {receipt.number}
              </th>
              <TableCell className="min-w-44">
                <span className="font-medium text-slate-900">{receipt.donor.name}</span>
                <span className="block text-xs text-slate-600">
                  {receipt.donor.street}, {receipt.donor.postalCode} {receipt.donor.city}
                </span>
              </TableCell>
              <TableCell className="whitespace-nowrap">
                {i18n._(RECEIPT_KIND[receipt.kind])}
                {receipt.kind === 'ANNUAL' && year && <span className="text-slate-600"> {year}</span>}
              </TableCell>
              <TableCell className="text-right whitespace-nowrap tabular-nums">
                {formatCents(receipt.totalCents)}
              </TableCell>
              <TableCell className="whitespace-nowrap tabular-nums">
                {formatShortDate(receipt.issuedOn)}
                <span className="block text-xs text-slate-600">
                  {receipt.issuedByName === null ? (
                    <Trans>automatisch mit der Spende</Trans>
                  ) : (
                    <Trans>von {receipt.issuedByName}</Trans>
                  )}
                </span>
              </TableCell>
              <TableCell className="min-w-40">
                <StatusBadge status={RECEIPT_STATUS[receipt.status]} />
                {receipt.status === 'WITHDRAWN' && (
                  <span className="mt-1 block text-xs text-slate-700">
                    {receipt.withdrawnAt && receipt.withdrawnByName ? (
                      <Trans>
                        am {formatShortDate(receipt.withdrawnAt)} von {receipt.withdrawnByName}:{' '}
                        {receipt.withdrawReason}
                      </Trans>
                    ) : receipt.withdrawnAt ? (
                      <Trans>
                        am {formatShortDate(receipt.withdrawnAt)}: {receipt.withdrawReason}
                      </Trans>
                    ) : (
                      receipt.withdrawReason
                    )}
                  </span>
                )}
              </TableCell>
              <TableCell>
                <ReceiptActions clubId={clubId} receipt={receipt} onWithdraw={onWithdraw} />
              </TableCell>
            </TableRow>
          )
        })}
      </TableBody>
    </ScrollTable>
  )
}
