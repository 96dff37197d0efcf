import { t } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Donation } from '#openapi/generated/model/donation.ts'
import type { ReceiptReference } from '#openapi/generated/model/receiptReference.ts'
import { Spinner } from '#src/components/ui/spinner.tsx'
import { connectionFailedMessage } from '#src/lib/api-errors.ts'
import { formatCents } from '#src/lib/format.ts'
import { canTakeFocus } from '#src/lib/focus-return.ts'
import { downloadReceipt } from '#src/lib/receipt-file.ts'
import { toast } from '#src/lib/toast.ts'

/** The row's link-like buttons ("Erstatten" looks the same): at least 24 px high (WCAG 2.5.8). */
const ACTION_CLASSES =
  'inline-flex min-h-6 items-center gap-1 rounded px-1 text-left text-sm font-medium text-brand-800 underline underline-offset-2 hover:bg-brand-50 aria-disabled:cursor-not-allowed aria-disabled:text-slate-600'

/** Whether anything of the donation is left to confirm: not when it was refunded in full. */
export const mayBeReceipted = (donation: Pick<Donation, 'status' | 'receipt'>): boolean =>
  donation.receipt === null && donation.status !== 'REFUNDED'

/**
 * Fetches the receipt's archived PDF and saves it; a failure is a toast (the row has no room to say more).
 * Resolves either way.
 */
export const saveReceipt = async (clubId: string, receipt: ReceiptReference): Promise<void> => {
  try {
    await downloadReceipt(clubId, receipt.id)
  } catch (error) {
    const number = receipt.number
    const description = connectionFailedMessage(error)
    toast.error(
      t`Die Spendenbestätigung ${number} konnte nicht heruntergeladen werden. Bitte versuchen Sie es erneut.`,
      description ? { description } : undefined,
    )
  }
}

/** Tells the rows' buttons apart for screen readers: the visible words start the name, this follows. */
const useWhich = (donation: Donation): string => {
  const { t } = useLingui()
  const amount = formatCents(donation.amountCents)
  const donor = donation.donorName
  return donor ? t`Spende von ${donor}, ${amount}` : t`anonyme Spende, ${amount}`
}

/** "Bestätigung ausstellen": opens the dialog with the donor's name and address. */
const IssueButton = ({ donation, onIssue }: { donation: Donation; onIssue: (donation: Donation) => void }) => {
  const which = useWhich(donation)
  return (
    <button type="button" data-receipt-action="issue" onClick={() => onIssue(donation)} className={ACTION_CLASSES}>
      <Trans>Bestätigung ausstellen</Trans>
      <span className="sr-only"> ({which})</span>
    </button>
  )
}

/**
 * "Bestätigung herunterladen": the archived PDF. Busy while it loads (`aria-disabled`, so it keeps the
 * focus: decision 45). Keyed by the receipt where it is used: the rows are reused for other donations, and
 * the busy state must not move with them.
 */
const DownloadButton = ({ donation, receipt }: { donation: Donation; receipt: ReceiptReference }) => {
  const { t } = useLingui()
  const which = useWhich(donation)
  const [pending, setPending] = useState(false)
  const number = receipt.number
  const onClick = async () => {
    if (pending) return
    setPending(true)
    await saveReceipt(donation.clubId, receipt)
    setPending(false)
  }
  return (
    <button
      type="button"
      data-receipt-action="download"
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      onClick={() => void onClick()}
      className={ACTION_CLASSES}
    >
      {pending && <Spinner className="size-3.5" />}
      <Trans>Bestätigung herunterladen</Trans>
      <span className="sr-only"> ({t`Bestätigung ${number}, ${which}`})</span>
    </button>
  )
}

/**
 * The donation's receipt: its number ("Bestätigung 2026-000017") for everyone who sees the list; for
 * whoever may manage the club's money (`onIssue` given) its download, or "Bestätigung ausstellen" when
 * there is none yet and something is left to confirm.
 */
export const ReceiptInfo = ({
  donation,
  onIssue,
}: {
  donation: Donation
  onIssue: ((donation: Donation) => void) | undefined
}) => {
  const receipt = donation.receipt
  if (receipt) {
    const number = receipt.number
    return (
      <span className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
        <span className="text-xs whitespace-nowrap text-slate-600" data-testid="receipt-number">
          <Trans>Bestätigung {number}</Trans>
        </span>
        {onIssue && <DownloadButton key={receipt.id} donation={donation} receipt={receipt} />}
      </span>
    )
  }
  if (onIssue && mayBeReceipted(donation)) return <IssueButton donation={donation} onIssue={onIssue} />
  return null
}

/**
 * Where the focus goes when the dialog issued the receipt: its "Bestätigung ausstellen" is gone, the
 * row's "Bestätigung herunterladen" took its place (the one of the row that shows on this screen).
 */
export const receiptDownloadOf = (donationId: string): HTMLElement | null => {
  const row = [...document.querySelectorAll('[data-donation-id]')].find(
    (candidate) => candidate.getAttribute('data-donation-id') === donationId,
  )
  if (!row) return null
  return [...row.querySelectorAll<HTMLElement>('[data-receipt-action="download"]')].find(canTakeFocus) ?? null
}
