import { msg } from '@lingui/core/macro'
import type { DonationStatus } from '#openapi/generated/model/donationStatus.ts'
import type { StatusLabel } from './status-tone.ts'

/**
 * What became of a donation's payment. A refund or dispute changes it only once the card provider
 * confirms it, so the list may still say "bezahlt" for a moment after a refund was asked for.
 */
export const DONATION_STATUS: Readonly<Record<DonationStatus, StatusLabel>> = {
  PAID: { label: msg`bezahlt`, tone: 'success' },
  PARTIALLY_REFUNDED: { label: msg`teilweise erstattet`, tone: 'warning' },
  REFUNDED: { label: msg`erstattet`, tone: 'neutral' },
  DISPUTED: { label: msg`angefochten`, tone: 'danger' },
}
