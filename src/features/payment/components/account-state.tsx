import { Trans, useLingui } from '@lingui/react/macro'
import type { PaymentAccount } from '@/api/generated/query/model/paymentAccount'
import { Alert } from '@/components/ui/alert'
import { problemStatus } from '@/lib/api-errors'
import { PAYMENT_REQUIREMENTS } from '@/lib/labels/payment-labels'

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

/** A failed read of the account, in German: no access, no such club, or a general failure. */
export const AccountLoadError = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => {
  const { t } = useLingui()
  const status = problemStatus(error)
  if (status === 403) {
    return (
      <Alert tone="error" role="alert" title={t`Kein Zugriff auf diesen Verein`}>
        <Trans>Das Zahlungskonto eines Vereins sehen nur seine Vertreter/innen und die Administration.</Trans>
      </Alert>
    )
  }
  if (status === 404) {
    return (
      <Alert tone="error" role="alert" title={t`Diesen Verein gibt es nicht.`}>
        <Trans>Bitte prüfen Sie den Link oder öffnen Sie die Übersicht Ihres Vereins.</Trans>
      </Alert>
    )
  }
  return (
    <Alert
      tone="error"
      role="alert"
      title={t`Der Stand des Zahlungskontos konnte nicht geladen werden.`}
      actions={
        <button type="button" className="text-sm font-medium underline" onClick={onRetry}>
          <Trans>Erneut versuchen</Trans>
        </button>
      }
    />
  )
}
