import { t } from '@lingui/core/macro'
// These texts are in the tax and receipts catalogue (lingui.config.ts), loaded with this module.
import '#src/lib/i18n/tax-messages.ts'
import type { Donation } from '#openapi/generated/model/donation.ts'
import { ApiError } from '#src/api/client.ts'
import { problemKind } from './api-errors.ts'

/**
 * Why the backend would not issue (or withdraw) a receipt: 409 `receipt-not-possible` names the reason
 * only in its English `detail` (domain/receipts.ts), so the screens read it from there, by a few words
 * that carry it rather than the whole sentence, and fall back to a general German sentence for any
 * other wording.
 */
export type ReceiptRefusal =
  | 'RECEIPTED'
  | 'REFUNDED'
  | 'NOT_DEDUCTIBLE'
  | 'EXEMPTION_TOO_OLD'
  | 'YEAR_NOT_OVER'
  | 'NO_SETTINGS'
  | 'WITHDRAWN'
  | 'OTHER'

/** Lower case, one kind of apostrophe, single spaces: the words as they are, whatever the typography. */
const normalized = (text: string): string =>
  text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[’‘`´]/g, "'")
    .replace(/\s+/g, ' ')

/** Whether nothing of the donation is left to confirm (refunded in full). */
const refundedInFull = (donation: Pick<Donation, 'status' | 'amountCents' | 'refundedCents'>): boolean =>
  donation.status === 'REFUNDED' || donation.refundedCents >= donation.amountCents

/**
 * The reason in `detail`. "Every donation it would cover has a receipt already, or was refunded" names
 * both: with the donation at hand, a donation refunded in full is the refund, else the receipt.
 */
export const receiptRefusalOf = (
  detail: string | null | undefined,
  donation?: Pick<Donation, 'status' | 'amountCents' | 'refundedCents'>,
): ReceiptRefusal => {
  const text = normalized(detail ?? '')
  if (/five years|freistellungsbescheid|60a|exemption notice/.test(text)) return 'EXEMPTION_TOO_OLD'
  if (/deductib|bmf/.test(text)) return 'NOT_DEDUCTIBLE'
  if (/year is over|year not over|yearly receipt/.test(text)) return 'YEAR_NOT_OVER'
  if (/settings/.test(text)) return 'NO_SETTINGS'
  if (/withdrawn already|already withdrawn/.test(text)) return 'WITHDRAWN'
  const receipted = /receipt already|already (has |have )?(a )?receipt|receipted already|already receipted/.test(text)
  const refunded = /refund/.test(text)
  if (receipted && refunded) return donation && refundedInFull(donation) ? 'REFUNDED' : 'RECEIPTED'
  if (receipted) return 'RECEIPTED'
  if (refunded) return 'REFUNDED'
  return 'OTHER'
}

/** The German sentence of a reason. */
export const receiptRefusalMessage = (refusal: ReceiptRefusal): string => {
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
    case 'OTHER':
      return t`Die Spendenbestätigung kann nicht ausgestellt werden. Bitte prüfen Sie die Spende und die Einstellungen des Vereins.`
  }
}

/**
 * For 409 `receipt-not-possible`: the reason in German (see `receiptRefusalOf`); undefined for any other
 * failure, which the screen explains itself.
 */
export const receiptNotPossibleMessage = (
  error: unknown,
  donation?: Pick<Donation, 'status' | 'amountCents' | 'refundedCents'>,
): string | undefined =>
  error instanceof ApiError && problemKind(error) === 'receipt-not-possible'
    ? receiptRefusalMessage(receiptRefusalOf(error.problem?.detail, donation))
    : undefined
