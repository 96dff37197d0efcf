import { t } from '@lingui/core/macro'
// These texts are in the tax and receipts catalogue (lingui.config.ts), loaded with this module.
import '#src/lib/i18n/tax-messages.ts'
import type { Donation } from '#openapi/generated/model/donation.ts'
import type { ReceiptRefusal } from '#openapi/generated/model/receiptRefusal.ts'
import { ApiError } from '#src/api/client.ts'
import { problemKind } from './api-errors.ts'

/**
 * Why the backend would not issue (or withdraw) a receipt: 409 `receipt-not-possible` carries its
 * `reason`. `NOTHING_OPEN` means "receipted already or refunded": with the donation at hand the screens
 * tell which; a problem without a reason (an older backend) reads as `OTHER`.
 */
export type ReceiptRefusalShown = Exclude<ReceiptRefusal, 'NOTHING_OPEN'> | 'RECEIPTED' | 'REFUNDED' | 'OTHER'

/** Whether nothing of the donation is left to confirm (refunded in full). */
const refundedInFull = (donation: Pick<Donation, 'status' | 'amountCents' | 'refundedCents'>): boolean =>
  donation.status === 'REFUNDED' || donation.refundedCents >= donation.amountCents

/** The reason to show: a donation refunded in full is the refund, else a receipt exists. */
export const receiptRefusalOf = (
  reason: ReceiptRefusal | null | undefined,
  donation?: Pick<Donation, 'status' | 'amountCents' | 'refundedCents'>,
): ReceiptRefusalShown => {
  if (reason === null || reason === undefined) return 'OTHER'
  if (reason === 'NOTHING_OPEN') return donation && refundedInFull(donation) ? 'REFUNDED' : 'RECEIPTED'
  return reason
}

/** The German sentence of a reason. */
export const receiptRefusalMessage = (refusal: ReceiptRefusalShown): string => {
  switch (refusal) {
    case 'RECEIPTED':
      return t`Für diese Spende gibt es bereits eine Bestätigung.`
    case 'REFUNDED':
      return t`Die Spende wurde erstattet: Es gibt nichts zu bestätigen.`
    case 'NOT_DEDUCTIBLE':
      return t`Der Verein war am Tag der Spende nicht spendenbegünstigt (BMF-Liste): Eine Spendenbestätigung ist nicht möglich.`
    case 'EXEMPTION_TOO_OLD':
      return t`Der Freistellungsbescheid ist älter als fünf Jahre (ein Bescheid nach § 60a AO drei): Es darf keine Zuwendungsbestätigung ausgestellt werden.`
    case 'YEAR_NOT_OVER':
      return t`Eine Jahresbestätigung kann erst ausgestellt werden, wenn das Jahr vorbei ist.`
    case 'NO_SETTINGS':
      return t`Ein Verein mit Sitz in Deutschland muss zuerst seinen Freistellungsbescheid und seine Zwecke in den Einstellungen der Spendenbestätigungen eintragen.`
    case 'WITHDRAWN':
      return t`Diese Bestätigung wurde bereits zurückgezogen.`
    case 'TRANSMITTED':
      return t`Die Spende wird mit der Einwilligung des Spenders an das Finanzamt übermittelt und so abgesetzt: Eine Spendenbestätigung ist nicht vorgesehen.`
    case 'OTHER':
      return t`Die Spendenbestätigung kann nicht ausgestellt werden. Bitte prüfen Sie die Spende und die Einstellungen des Vereins.`
  }
}

/** For 409 `receipt-not-possible`: the reason in German; undefined for any other failure, which the screen explains itself. */
export const receiptNotPossibleMessage = (
  error: unknown,
  donation?: Pick<Donation, 'status' | 'amountCents' | 'refundedCents'>,
): string | undefined =>
  error instanceof ApiError && problemKind(error) === 'receipt-not-possible'
    ? receiptRefusalMessage(receiptRefusalOf(error.problem?.reason, donation))
    : undefined
