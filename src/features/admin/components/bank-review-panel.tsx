import { Trans, useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { BankReview } from '#openapi/generated/model/bankReview.ts'
import type { BankReviewDetails } from '#openapi/generated/model/bankReviewDetails.ts'
import { FileList } from '#src/components/files/file-list.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { formatDateTime } from '#src/lib/format.ts'
import { formatIban } from '#checks/iban.ts'

interface BankReviewPanelProps {
  clubName: string
  review: BankReview
  /** The new details in full and the club's documents (administrators get them; null otherwise). */
  details: BankReviewDetails | null
  onConfirm: () => void
}

/**
 * New bank details awaiting confirmation: the old IBAN (masked) and the new one in full with its account
 * holder, BIC and bank, who changed them and when, the club's documents to check them against, and the
 * confirmation that lets the card provider pay out again.
 */
export const BankReviewPanel = ({ clubName, review, details, onConfirm }: BankReviewPanelProps) => {
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
          {details ? formatIban(details.iban) || none : review.newIbanMasked || none}
        </dd>
        {details && (
          <>
            <dt className="text-slate-700">
              <Trans>Kontoinhaber/in</Trans>
            </dt>
            <dd className="break-words" data-testid="bank-review-holder">
              {details.accountHolder || none}
            </dd>
            <dt className="text-slate-700">
              <Trans>BIC</Trans>
            </dt>
            <dd className="font-mono">{details.bic || none}</dd>
            <dt className="text-slate-700">
              <Trans>Bank</Trans>
            </dt>
            <dd className="break-words">{details.bankName || none}</dd>
          </>
        )}
      </dl>
      <p className="mt-1 text-sm text-slate-700">
        <Trans>
          Geändert am {formatDateTime(review.changedAt)} von {review.changedByName}. Bis zur Bestätigung zahlt der
          Kartenzahlungsanbieter nicht an den Verein aus.
        </Trans>
      </p>
      {details && (
        <div className="mt-3 rounded-md bg-white px-3 py-2">
          <h5 className="text-sm font-semibold text-slate-900">
            <Trans>Dokumente des Vereins</Trans>
          </h5>
          <FileList
            files={details.documents}
            label={t`Dokumente des Vereins ${clubName}`}
            emptyText={t`Der Verein hat keine Dokumente hochgeladen.`}
          />
        </div>
      )}
      <div className="mt-2">
        <Button size="sm" aria-label={t`Neue Bankverbindung bestätigen (${clubName})`} onClick={onConfirm}>
          <Trans>Neue Bankverbindung bestätigen</Trans>
        </Button>
      </div>
    </section>
  )
}
