import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { CampaignPhase } from '@/api/generated/query/model/campaignPhase'
import type { BadgeTone } from '@/components/ui/badge'

export const CAMPAIGN_PHASE: Readonly<Record<CampaignPhase, { label: MessageDescriptor; tone: BadgeTone }>> = {
  UPCOMING: { label: msg`Geplant`, tone: 'info' },
  RUNNING: { label: msg`Läuft`, tone: 'success' },
  ENDED: { label: msg`Beendet`, tone: 'neutral' },
}
