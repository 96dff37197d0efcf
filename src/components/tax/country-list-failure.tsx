import { Trans } from '@lingui/react/macro'
// Its texts are in the tax and receipts catalogue (lingui.config.ts), loaded with this module.
import '#src/lib/i18n/tax-messages.ts'

/**
 * Under a receipt address's country select whose list failed to load: Austria stays selectable, and the
 * list can be asked for again. (The donation page's request and the club's issue dialog both show it.)
 */
export const CountryListFailure = ({ onRetry }: { onRetry: () => void }) => (
  <p className="text-sm text-slate-700">
    <Trans>Die Länderliste konnte nicht geladen werden; Österreich kann trotzdem gewählt werden.</Trans>{' '}
    <button
      type="button"
      onClick={onRetry}
      className="min-h-6 rounded px-1 font-medium text-brand-800 underline underline-offset-2 hover:bg-brand-50"
    >
      <Trans>Erneut laden</Trans>
    </button>
  </p>
)
