import { t } from '@lingui/core/macro'
import { connectionFailedMessage, problemKind, problemStatus } from '#src/lib/api-errors.ts'

/**
 * The German meaning of what the backend refused on the receipts screen. The problem's `detail` is
 * English (for logs); the screen picks its message by kind and status.
 */

/** 403: the person's club role may not manage the club's money (or they are no member). */
export const noMoneyRightMessage = () =>
  t`Ihre Rolle im Verein erlaubt das nicht. Spendenbestätigungen verwalten Personen, deren Rolle Geld verwalten darf (zum Beispiel Obmann/Obfrau oder Kassier/in), und die Administration.`

/** 403 and the connection, the cases every action of the screen shares; null for the others. */
export const commonFailure = (error: unknown): string | null => {
  if (problemKind(error) === 'club-right-missing' || problemStatus(error) === 403) return noMoneyRightMessage()
  return connectionFailedMessage(error) ?? null
}

/** 409 `receipt-not-possible`: the backend would not issue (or withdraw) this one now. */
export const isNotPossible = (error: unknown): boolean => problemKind(error) === 'receipt-not-possible'
