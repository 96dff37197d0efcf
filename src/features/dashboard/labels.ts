import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BadgeTone } from '@/components/ui/badge'
import type { CampaignPhase } from '@/api/generated/query/model/campaignPhase'
import type { ClubStatus } from '@/api/generated/query/model/clubStatus'
import type { DocumentLabel } from '@/api/generated/query/model/documentLabel'
import type { PaymentAccountStatus } from '@/api/generated/query/model/paymentAccountStatus'

export const CLUB_STATUS: Readonly<Record<ClubStatus, { label: MessageDescriptor; tone: BadgeTone }>> = {
  PROCESSING: { label: msg`In Prüfung`, tone: 'warning' },
  ACTIVE: { label: msg`Aktiv`, tone: 'success' },
  INACTIVE: { label: msg`Inaktiv`, tone: 'neutral' },
}

export const CAMPAIGN_PHASE: Readonly<Record<CampaignPhase, { label: MessageDescriptor; tone: BadgeTone }>> = {
  UPCOMING: { label: msg`Geplant`, tone: 'info' },
  RUNNING: { label: msg`Läuft`, tone: 'success' },
  ENDED: { label: msg`Beendet`, tone: 'neutral' },
}

export const PAYMENT_STATUS: Readonly<Record<PaymentAccountStatus, { label: MessageDescriptor; tone: BadgeTone }>> = {
  ONBOARDING: { label: msg`Einrichtung offen`, tone: 'warning' },
  ACTIVE: { label: msg`Aktiv`, tone: 'success' },
  REJECTED: { label: msg`Deaktiviert`, tone: 'danger' },
}

export const DOCUMENT_LABEL: Readonly<Record<DocumentLabel, MessageDescriptor>> = {
  SPEND2_FORM: msg`SPEND 2 Formular`,
  DEDUCTIBILITY_NOTICE: msg`Spendenbegünstigungsbescheid`,
  OTHER_DOCUMENT: msg`Weiteres Dokument`,
}
