import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getGetPaymentAccountQueryOptions } from '#src/api/generated/query/endpoints/payments/payments.ts'
import type { PaymentAccount } from '#openapi/generated/model/paymentAccount.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { PAYMENT_REQUIREMENTS } from '#src/lib/labels/payment-labels.ts'

/** The club's payment account, always read afresh: the person may come straight back from the provider. */
export const useCurrentPaymentAccount = (clubId: string) =>
  useQuery({ ...getGetPaymentAccountQueryOptions(clubId), staleTime: 0, refetchOnMount: 'always' })

/** Back to the club's overview (`/home?id=…`): a side way out, or the main action where nothing is left to do. */
export const OverviewLink = ({
  clubId,
  variant = 'secondary',
}: {
  clubId: string
  variant?: 'primary' | 'secondary'
}) => (
  <ButtonLink to="/home" search={{ id: clubId }} variant={variant}>
    <Trans>Zur Vereinsübersicht</Trans>
  </ButtonLink>
)

/** The administration has deactivated the account: the reason, and whom to ask. */
export const RejectedAccountAlert = ({
  account,
  clubId,
  role,
}: {
  account: PaymentAccount
  clubId: string
  /** `status` where the page announces the result of a check (the return from the provider). */
  role?: 'status'
}) => {
  const { t } = useLingui()
  return (
    <Alert
      tone="error"
      role={role}
      title={t`Das Zahlungskonto ist deaktiviert.`}
      actions={<OverviewLink clubId={clubId} />}
    >
      <p>
        <Trans>Grund: {account.rejectReason ?? t`keiner angegeben`}</Trans>
      </p>
      <p className="mt-1">
        <Trans>Bitte wenden Sie sich an die Administration des Vereinsportals.</Trans>
      </p>
    </Alert>
  )
}

/** What the provider still needs, as a list a club representative understands. */
export const RequirementList = ({ account }: { account: PaymentAccount }) => {
  const { t, i18n } = useLingui()
  if (account.requirements.length === 0) return null
  return (
    <ul className="mt-2 list-disc pl-5" aria-label={t`Noch offene Angaben`}>
      {account.requirements.map((requirement) => (
        <li key={requirement}>{i18n._(PAYMENT_REQUIREMENTS[requirement])}</li>
      ))}
    </ul>
  )
}

/** A failed read of the account, in German: no access, no such club, or a failure a retry may fix. */
export const AccountLoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useLingui()
  return (
    <QueryError
      error={error}
      title={t`Der Stand des Zahlungskontos konnte nicht geladen werden.`}
      messages={{
        forbidden: t`Das Zahlungskonto eines Vereins sehen nur seine Vertreter/innen und die Administration.`,
        'not-found': t`Diesen Verein gibt es nicht. Bitte prüfen Sie den Link oder öffnen Sie die Übersicht Ihres Vereins.`,
      }}
      onRetry={onRetry}
    />
  )
}

/**
 * While the club's new bank details await the administration's confirmation, the card-provider account is
 * not used for payouts (`payoutsBlocked`): said on every payment page, whatever else the account's state is.
 */
export const PayoutsBlockedNote = ({ clubId }: { clubId: string }) => {
  const { t } = useLingui()
  const query = useCurrentPaymentAccount(clubId)
  const account = query.data?.account
  if (!account?.payoutsBlocked || account.status === 'REJECTED') return null
  return (
    <Alert tone="warning" role="status" title={t`Bankverbindung geändert – Prüfung ausstehend`} className="mb-4">
      <Trans>
        Die Bankverbindung des Vereins wurde geändert. Bis die Administration sie bestätigt, zahlt der
        Kartenzahlungsanbieter nichts aus; Spenden werden weiter angenommen.
      </Trans>
    </Alert>
  )
}
