import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { GermanExemptionKind } from '#openapi/generated/model/germanExemptionKind.ts'
import type { ReceiptKind } from '#openapi/generated/model/receiptKind.ts'
import type { ReceiptRefusal } from '#openapi/generated/model/receiptRefusal.ts'
import type { ReceiptStatus } from '#openapi/generated/model/receiptStatus.ts'
import { ApiError } from '#src/api/client.ts'
import type { StatusLabel } from '#src/lib/labels/status-tone.ts'
import { receiptRefusalOf, type ReceiptRefusalShown } from '#src/lib/receipt-refusal.ts'

/** A receipt is valid until it is withdrawn; a withdrawn one stays in the list (and the archive). */
export const RECEIPT_STATUS: Readonly<Record<ReceiptStatus, StatusLabel>> = {
  ISSUED: { label: msg`gültig`, tone: 'success' },
  WITHDRAWN: { label: msg`zurückgezogen`, tone: 'danger' },
}

/** One donation's receipt, or a donor's year (in Germany: Sammelbestätigung). */
export const RECEIPT_KIND: Readonly<Record<ReceiptKind, MessageDescriptor>> = {
  SINGLE: msg`Einzeln`,
  ANNUAL: msg`Jahresbestätigung`,
}

/** Why a donor gets no yearly receipt; the backend's `blockedReason`. */
export const BLOCKED_REASON: Readonly<Record<ReceiptRefusal, MessageDescriptor>> = {
  NOTHING_OPEN: msg`bereits bestätigt`,
  NOT_DEDUCTIBLE: msg`Verein war nicht spendenbegünstigt`,
  EXEMPTION_TOO_OLD: msg`Freistellungsbescheid zu alt`,
  YEAR_NOT_OVER: msg`Jahr noch nicht abgeschlossen`,
  NO_SETTINGS: msg`Angaben auf der Bestätigung fehlen`,
  TRANSMITTED: msg`an das Finanzamt übermittelt`,
  WITHDRAWN: msg`bereits zurückgezogen`,
}

/** The two notices a German receipt may name (the template's wording). */
export const EXEMPTION_KIND: Readonly<Record<GermanExemptionKind, MessageDescriptor>> = {
  FREISTELLUNGSBESCHEID: msg`Freistellungsbescheid`,
  FEST_60A: msg`Feststellung nach § 60a AO`,
}

const REFUSAL_LABEL: Readonly<Record<ReceiptRefusalShown, MessageDescriptor>> = {
  RECEIPTED: BLOCKED_REASON.NOTHING_OPEN,
  REFUNDED: msg`erstattet`,
  NOT_DEDUCTIBLE: BLOCKED_REASON.NOT_DEDUCTIBLE,
  EXEMPTION_TOO_OLD: BLOCKED_REASON.EXEMPTION_TOO_OLD,
  YEAR_NOT_OVER: BLOCKED_REASON.YEAR_NOT_OVER,
  NO_SETTINGS: BLOCKED_REASON.NO_SETTINGS,
  TRANSMITTED: BLOCKED_REASON.TRANSMITTED,
  WITHDRAWN: BLOCKED_REASON.WITHDRAWN,
  OTHER: msg`nicht mehr möglich`,
}

/** Why the backend refused one receipt (409 `receipt-not-possible`'s `reason`), in the words of the donors' list. */
export const refusalLabel = (error: unknown): MessageDescriptor =>
  REFUSAL_LABEL[receiptRefusalOf(error instanceof ApiError ? error.problem?.reason : undefined)]
