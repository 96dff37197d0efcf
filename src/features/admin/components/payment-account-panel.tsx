import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useId } from 'react'
import type { ClubListItem } from '#openapi/generated/model/clubListItem.ts'
import type { PaymentAccount } from '#openapi/generated/model/paymentAccount.ts'
import { Badge, StatusBadge } from '#src/components/ui/badge.tsx'
import { Button, buttonClasses } from '#src/components/ui/button.tsx'
import { PAYMENT_REQUIREMENTS, PAYMENT_STATUS } from '#src/lib/labels/payment-labels.ts'

export type PaymentAction =
  | { kind: 'create'; club: ClubListItem }
  | { kind: 'reject'; club: ClubListItem; account: PaymentAccount }
  | { kind: 'delete'; club: ClubListItem; account: PaymentAccount }

interface PaymentAccountPanelProps {
  club: ClubListItem
  onAction: (action: PaymentAction) => void
}

/** The id of a club's "Zahlungskonto" heading: where the focus goes after a dialog whose opener is gone. */
export const paymentAccountHeadingId = (clubId: string) => `payment-account-${clubId}`

/** The club's card-provider account: none, onboarding open, active, or deactivated with the reason. */
export const PaymentAccountPanel = ({ club, onAction }: PaymentAccountPanelProps) => {
  const { t, i18n } = useLingui()
  const headingId = paymentAccountHeadingId(club.id)
  const whyNotId = useId()
  const account = club.paymentAccount
  const canCreate = club.status === 'ACTIVE'

  return (
    <section aria-labelledby={headingId} className="rounded-md bg-slate-50 px-3 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <h4 id={headingId} className="text-sm font-semibold text-slate-900">
          <Trans>Zahlungskonto</Trans>
        </h4>
        {account ? (
          <StatusBadge status={PAYMENT_STATUS[account.status]} />
        ) : (
          <Badge>
            <Trans>Keines</Trans>
          </Badge>
        )}
        {account?.payoutsBlocked && account.status !== 'REJECTED' && (
          <Badge tone="warning">
            <Trans>Auszahlungen angehalten</Trans>
          </Badge>
        )}
        {account && <span className="text-xs break-all text-slate-500">{account.accountId}</span>}
      </div>

      <div className="mt-1 text-sm text-slate-700">
        {!account && canCreate && <Trans>Noch kein Konto beim Kartenzahlungsanbieter.</Trans>}
        {account?.status === 'ACTIVE' && <Trans>Der Verein kann Kartenzahlungen annehmen.</Trans>}
        {account?.status === 'ONBOARDING' &&
          (account.requirements.length > 0 ? (
            <>
              <Trans>Die Einrichtung beim Zahlungsanbieter ist noch offen. Es fehlt noch:</Trans>
              <ul className="mt-1 list-disc pl-5">
                {account.requirements.map((requirement) => (
                  <li key={requirement}>{i18n._(PAYMENT_REQUIREMENTS[requirement])}</li>
                ))}
              </ul>
            </>
          ) : (
            <Trans>Die Einrichtung beim Zahlungsanbieter ist noch offen.</Trans>
          ))}
        {account?.status === 'REJECTED' && (
          <Trans>Deaktiviert. Grund: {account.rejectReason ?? t`keiner angegeben`}</Trans>
        )}
      </div>

      <div className="mt-3 flex flex-wrap gap-2">
        {(!account || account.status === 'REJECTED') && (
          <Button
            size="sm"
            variant="secondary"
            disabled={!canCreate}
            aria-describedby={canCreate ? undefined : whyNotId}
            aria-label={
              account ? t`Neues Zahlungskonto anlegen (${club.name})` : t`Zahlungskonto anlegen (${club.name})`
            }
            onClick={() => onAction({ kind: 'create', club })}
          >
            {account ? <Trans>Neues Zahlungskonto anlegen</Trans> : <Trans>Zahlungskonto anlegen</Trans>}
          </Button>
        )}
        {account?.status === 'ONBOARDING' && (
          <Link
            to="/payment"
            search={{ clubId: club.id }}
            className={buttonClasses('ghost', 'sm')}
            aria-label={t`Einrichtung fortsetzen (${club.name})`}
          >
            <Trans>Einrichtung fortsetzen</Trans>
          </Link>
        )}
        {account && account.status !== 'REJECTED' && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t`Zahlungskonto deaktivieren (${club.name})`}
            onClick={() => onAction({ kind: 'reject', club, account })}
          >
            <Trans>Zahlungskonto deaktivieren</Trans>
          </Button>
        )}
        {account && (
          <Button
            size="sm"
            variant="secondary"
            aria-label={t`Zahlungskonto löschen (${club.name})`}
            onClick={() => onAction({ kind: 'delete', club, account })}
          >
            <Trans>Zahlungskonto löschen</Trans>
          </Button>
        )}
      </div>
      {(!account || account.status === 'REJECTED') && !canCreate && (
        <p id={whyNotId} className="mt-1 text-sm text-slate-700">
          <Trans>Ein Zahlungskonto kann erst angelegt werden, wenn der Verein aktiv ist.</Trans>
        </p>
      )}
    </section>
  )
}
