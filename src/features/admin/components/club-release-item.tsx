import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Suspense, lazy, useId, useState } from 'react'
import type { ClubListItem } from '#openapi/generated/model/clubListItem.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button, buttonClasses } from '#src/components/ui/button.tsx'
import { virtualItemProps, type VirtualItemPosition } from '#src/components/ui/virtual-rows.tsx'
import { formatDate } from '#src/lib/format.ts'
import { CLUB_FIELD_LABELS, CLUB_STATUS } from '#src/lib/labels/club-labels.ts'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PaymentAccountPanel, type PaymentAction } from './payment-account-panel.tsx'

// Few clubs await a bank review at a time: its panel (the new IBAN, the club's documents) loads with the
// first one shown, not with the list.
const BankReviewPanel = lazy(() =>
  import('./bank-review-panel.tsx').then((module) => ({ default: module.BankReviewPanel })),
)

// The entry on the BMF list is looked at club by club: its panel and the club's tax status load when an
// administrator opens it, not for every club of the list.
const DeductibilityPanel = lazy(() =>
  import('./deductibility-panel.tsx').then((module) => ({ default: module.DeductibilityPanel })),
)

type ClubActionKind = 'activate' | 'deactivate' | 'check' | 'uncheck' | 'confirmBank'
/** What an administrator asked to do with a club (one of the kinds, so each dialog can take its own). */
export type ClubAction = { [K in ClubActionKind]: { kind: K; club: ClubListItem } }[ClubActionKind]

interface ClubReleaseItemProps {
  club: ClubListItem
  onAction: (action: ClubAction) => void
  onPaymentAction: (action: PaymentAction) => void
  /** Its place in the (possibly virtual) list. */
  position: VirtualItemPosition
}

/** One club of the release list: what it is, how complete, checked or not, its status and payment account. */
export const ClubReleaseItem = ({ club, onAction, onPaymentAction, position }: ClubReleaseItemProps) => {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const whyNotId = useId()
  const taxPanelId = useId()
  const [taxOpen, setTaxOpen] = useState(false)
  const status = CLUB_STATUS[club.status]
  const missing = club.completeness.missing
  const complete = club.completeness.complete
  const canActivate = club.status !== 'ACTIVE'
  const canDeactivate = club.status !== 'INACTIVE'

  return (
    <li {...virtualItemProps(position)}>
      <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg font-semibold break-words text-slate-900">
              {club.name}
            </h3>
            <p className="text-sm text-slate-600">
              {club.zvrNumber ? <Trans>ZVR {club.zvrNumber}</Trans> : <Trans>ohne ZVR-Zahl</Trans>}
              {' · '}
              {club.clubTypeName}
              {' · '}
              <Trans>registriert am {formatDate(club.createdAt)}</Trans>
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Badge tone={status.tone}>
                <Trans>Status: {i18n._(status.label)}</Trans>
              </Badge>
              {complete ? (
                <Badge tone="success">
                  <Trans>Profil vollständig</Trans>
                </Badge>
              ) : (
                <Badge tone="warning">
                  <Trans>Profil unvollständig</Trans>
                </Badge>
              )}
              {club.isChecked ? (
                <Badge tone="info">
                  <Trans>Geprüft</Trans>
                </Badge>
              ) : (
                <Badge>
                  <Trans>Nicht geprüft</Trans>
                </Badge>
              )}
              {club.bankReview && (
                <Badge tone="warning">
                  <Trans>Bankprüfung ausstehend</Trans>
                </Badge>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Link
              to="/club/$clubId/$showSaveAlert"
              params={{ clubId: club.id, showSaveAlert: false }}
              className={buttonClasses('ghost', 'sm')}
              aria-label={t`Profil öffnen (${club.name})`}
            >
              <Trans>Profil öffnen</Trans>
            </Link>
            <Link
              to="/home"
              search={{ id: club.id }}
              className={buttonClasses('ghost', 'sm')}
              aria-label={t`Übersicht öffnen (${club.name})`}
            >
              <Trans>Übersicht öffnen</Trans>
            </Link>
            <Link
              to="/admin"
              search={{ tab: 'audit', logClub: club.id }}
              className={buttonClasses('ghost', 'sm')}
              aria-label={t`Protokoll öffnen (${club.name})`}
            >
              <Trans>Protokoll</Trans>
            </Link>
          </div>
        </div>

        {/* Release on the left, payment account on the right; stacked on narrow screens. */}
        <div className="mt-3 grid gap-3 lg:grid-cols-2 lg:items-start">
          <div className="flex flex-col gap-3">
            {club.bankReview && (
              <Suspense fallback={<LoadingBlock />}>
                <BankReviewPanel
                  clubName={club.name}
                  review={club.bankReview}
                  details={club.bankReviewDetails}
                  onConfirm={() => onAction({ kind: 'confirmBank', club })}
                />
              </Suspense>
            )}
            {!complete && (
              <details className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-950">
                <summary className="cursor-pointer font-medium">
                  <Plural value={missing.length} one="# Angabe fehlt" other="# Angaben fehlen" />
                </summary>
                <ul className="mt-2 list-disc pl-5" aria-label={t`Fehlende Angaben von ${club.name}`}>
                  {missing.map((field) => (
                    <li key={field}>{i18n._(CLUB_FIELD_LABELS[field])}</li>
                  ))}
                </ul>
              </details>
            )}

            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap gap-2">
                {canActivate && (
                  <Button
                    size="sm"
                    disabled={!complete}
                    aria-describedby={complete ? undefined : whyNotId}
                    aria-label={t`${club.name} aktivieren`}
                    onClick={() => onAction({ kind: 'activate', club })}
                  >
                    <Trans>Aktivieren</Trans>
                  </Button>
                )}
                {canDeactivate && (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t`${club.name} deaktivieren`}
                    onClick={() => onAction({ kind: 'deactivate', club })}
                  >
                    <Trans>Deaktivieren</Trans>
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={
                    club.isChecked ? t`Prüfvermerk entfernen (${club.name})` : t`${club.name} als geprüft markieren`
                  }
                  onClick={() => onAction({ kind: club.isChecked ? 'uncheck' : 'check', club })}
                >
                  {club.isChecked ? <Trans>Prüfvermerk entfernen</Trans> : <Trans>Als geprüft markieren</Trans>}
                </Button>
              </div>
              {canActivate && !complete && (
                <p id={whyNotId} className="text-sm text-slate-700">
                  <Plural
                    value={missing.length}
                    one="Aktivieren ist erst möglich, wenn das Profil vollständig ist: # Angabe fehlt."
                    other="Aktivieren ist erst möglich, wenn das Profil vollständig ist: # Angaben fehlen."
                  />
                </p>
              )}
            </div>
          </div>
          <PaymentAccountPanel club={club} onAction={onPaymentAction} />
        </div>

        <div className="mt-3 border-t border-slate-100 pt-2">
          <h4>
            <button
              type="button"
              aria-expanded={taxOpen}
              aria-controls={taxOpen ? taxPanelId : undefined}
              aria-label={t`Spendenbegünstigung (${club.name})`}
              onClick={() => setTaxOpen((open) => !open)}
              className={buttonClasses('ghost', 'sm')}
            >
              <span aria-hidden="true" className="inline-block w-3">
                {taxOpen ? '▾' : '▸'}
              </span>
              <Trans>Spendenbegünstigung</Trans>
            </button>
          </h4>
          {taxOpen && (
            <div id={taxPanelId} className="mt-2">
              <Suspense fallback={<LoadingBlock />}>
                <DeductibilityPanel clubId={club.id} clubName={club.name} />
              </Suspense>
            </div>
          )}
        </div>
      </article>
    </li>
  )
}
