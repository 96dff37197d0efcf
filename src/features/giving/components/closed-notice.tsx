import { useLingui } from '@lingui/react/macro'
import type { CampaignClosedReason } from '#openapi/generated/model/campaignClosedReason.ts'
import type { PublicCampaign } from '#openapi/generated/model/publicCampaign.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { formatDate } from '#src/lib/format.ts'

/** Why the campaign takes no donation now, in the donor's words (domain/giving.ts decides the reason). */
const useReasonText = (reason: CampaignClosedReason | null, campaign: Pick<PublicCampaign, 'from' | 'to'>) => {
  const { t } = useLingui()
  const from = formatDate(campaign.from)
  const to = formatDate(campaign.to)
  switch (reason) {
    case 'NOT_STARTED':
      return t`Die Kampagne beginnt erst: Spenden sind ab ${from} möglich.`
    case 'ENDED':
      return t`Die Kampagne ist beendet: Spenden waren bis ${to} möglich. Vielen Dank an alle, die gespendet haben!`
    case 'CAMPAIGN_DISABLED':
      return t`Der Verein hat die Kampagne vorübergehend pausiert.`
    case 'PAYOUTS_HELD':
      return t`Die Bankverbindung des Vereins wird gerade geprüft. Bitte versuchen Sie es in ein paar Tagen erneut.`
    case 'PAYMENTS_NOT_READY':
      return t`Der Verein kann derzeit keine Kartenzahlungen annehmen.`
    case 'CLUB_NOT_ACTIVE':
      return t`Der Verein ist derzeit nicht aktiv.`
    default:
      return t`Bitte versuchen Sie es später erneut.`
  }
}

/** The go-live gate's answer in place of the form: no checkout can start while it says no. */
export const ClosedNotice = ({ campaign }: { campaign: Pick<PublicCampaign, 'acceptance' | 'from' | 'to'> }) => {
  const { t } = useLingui()
  const text = useReasonText(campaign.acceptance.reason, campaign)
  return (
    <Alert tone="warning" title={t`Diese Kampagne nimmt derzeit keine Spenden an`}>
      <p data-reason={campaign.acceptance.reason ?? undefined}>{text}</p>
    </Alert>
  )
}
