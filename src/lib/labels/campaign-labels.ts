import { msg } from '@lingui/core/macro'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import type { CampaignPhase } from '#openapi/generated/model/campaignPhase.ts'
import type { StatusLabel } from './status-tone.ts'

/** Where a campaign stands in its donation period. */
export const CAMPAIGN_PHASE: Readonly<Record<CampaignPhase, StatusLabel>> = {
  UPCOMING: { label: msg`Geplant`, tone: 'info' },
  RUNNING: { label: msg`Läuft`, tone: 'success' },
  ENDED: { label: msg`Beendet`, tone: 'neutral' },
}

/** A deactivated campaign takes no donations, whatever its period says. */
export const CAMPAIGN_DISABLED: StatusLabel = { label: msg`Deaktiviert`, tone: 'neutral' }

/**
 * A campaign's one status: "Deaktiviert" while it is switched off, otherwise where it stands in its
 * period. Both at once ("Deaktiviert" beside "Läuft") would contradict each other: a deactivated campaign
 * in its period does not run.
 */
export const campaignStatus = (campaign: Pick<Campaign, 'enabled' | 'phase'>): StatusLabel =>
  campaign.enabled ? CAMPAIGN_PHASE[campaign.phase] : CAMPAIGN_DISABLED
