import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { BankReview } from '#openapi/generated/model/bankReview.ts'
import { Button } from '#src/components/ui/button.tsx'
import { formatDateTime } from '#src/lib/format.ts'

interface BankReviewPanelProps {
  clubName: string
  review: BankReview
  onConfirm: () => void
}

/**
 * New bank details awaiting confirmation: the old and the new IBAN (masked as written), who changed them
 * and when, and the confirmation that lets the card provider pay out again.
 */
export const BankReviewPanel = ({ clubName, review, onConfirm }: BankReviewPanelProps) => {
  const { t } = useLingui()
  const headingId = useId()
  const none = t`keine`
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-3">
      <h4 id={headingId} className="text-sm font-semibold text-amber-950">
        <Trans>Bankverbindung geändert – Prüfung ausstehend</Trans>
      </h4>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-900">
        <dt className="text-slate-700">
          <Trans>Bisher</Trans>
        </dt>
        <dd className="font-mono whitespace-nowrap" data-testid="bank-review-previous">
          {review.previousIbanMasked || none}
        </dd>
        <dt className="text-slate-700">
          <Trans>Neu</Trans>
        </dt>
        <dd className="font-mono whitespace-nowrap" data-testid="bank-review-new">
          {review.newIbanMasked || none}
        </dd>
      </dl>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          Geändert am {formatDateTime(review.changedAt)} von {review.changedByName}. Bis zur Bestätigung zahlt der
          Kartenzahlungsanbieter nicht an den Verein aus.
        </Trans>
      </p>
      <div className="mt-2">
        <Button size="sm" aria-label={t`Neue Bankverbindung bestätigen (${clubName})`} onClick={onConfirm}>
          <Trans>Neue Bankverbindung bestätigen</Trans>
        </Button>
      </div>
    </section>
  )
}
