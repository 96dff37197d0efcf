import { msg } from '@lingui/core/macro'
import type { CampaignPhase } from '#openapi/generated/model/campaignPhase.ts'
import type { StatusLabel } from './status-tone.ts'

/** Where a campaign stands in its donation period. */
export const CAMPAIGN_PHASE: Readonly<Record<CampaignPhase, StatusLabel>> = {
  UPCOMING: { label: msg`Geplant`, tone: 'info' },
  RUNNING: { label: msg`Läuft`, tone: 'success' },
  ENDED: { label: msg`Beendet`, tone: 'neutral' },
}
