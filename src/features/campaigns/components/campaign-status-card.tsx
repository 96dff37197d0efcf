import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { Campaign } from '#openapi/generated/model/campaign.ts'
import { CampaignStatusBadge, CampaignProgress } from '#src/components/campaigns/campaign-state.tsx'
import { Alert } from '#src/components/ui/alert.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { ConfirmDialog } from '#src/components/ui/dialog.tsx'
import { problemKind, problemStatus } from '#src/lib/api-errors.ts'

interface CampaignStatusCardProps {
  campaign: Campaign
  readOnly: boolean
  toggling: boolean
  deleting: boolean
  onToggle: () => Promise<void>
  /** Throws the backend's error when the deletion failed. */
  onDelete: () => Promise<void>
}

/** State, progress and the two actions on a whole campaign: enable/disable and delete (with confirmation). */
export const CampaignStatusCard = ({
  campaign,
  readOnly,
  toggling,
  deleting,
  onToggle,
  onDelete,
}: CampaignStatusCardProps) => {
  const { t } = useLingui()
  const [confirmOpen, setConfirmOpen] = useState(false)
  const [hasDonations, setHasDonations] = useState(false)
  const [deleteFailed, setDeleteFailed] = useState(false)
  const name = campaign.name

  const openConfirm = () => {
    setHasDonations(false)
    setDeleteFailed(false)
    setConfirmOpen(true)
  }

  const confirmDelete = async () => {
    if (hasDonations) {
      // The way out the explanation offers: disable instead.
      setConfirmOpen(false)
      if (campaign.enabled) await onToggle()
      return
    }
    try {
      await onDelete()
      setConfirmOpen(false)
    } catch (error) {
      if (problemStatus(error) === 409 || problemKind(error) === 'campaign-has-donations') setHasDonations(true)
      else setDeleteFailed(true)
    }
  }

  return (
    <Card aria-labelledby="status-title">
      <CardHeader id="status-title" title={t`Status`} />
      <CardBody className="flex flex-col gap-4">
        <div>
          <CampaignStatusBadge campaign={campaign} />
        </div>
        <CampaignProgress campaign={campaign} label={t`Fortschritt zum Spendenziel`} />
        {!campaign.enabled && (
          <p className="text-sm text-slate-700">
            <Trans>Eine deaktivierte Kampagne nimmt keine Spenden an.</Trans>
          </p>
        )}
        {!readOnly && (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" pending={toggling} onClick={() => void onToggle()}>
              {campaign.enabled ? <Trans>Kampagne deaktivieren</Trans> : <Trans>Kampagne aktivieren</Trans>}
            </Button>
            <Button variant="danger" onClick={openConfirm}>
              <Trans>Kampagne löschen</Trans>
            </Button>
          </div>
        )}
        {!readOnly && campaign.donationCount > 0 && (
          <p className="text-sm text-slate-600">
            <Trans>Kampagnen mit Spenden können nicht gelöscht, nur deaktiviert werden.</Trans>
          </p>
        )}
      </CardBody>
      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={hasDonations ? t`Kampagne kann nicht gelöscht werden` : t`Kampagne löschen?`}
        description={
          hasDonations
            ? t`Für „${name}“ sind bereits Spenden eingegangen. Damit jede Spende nachvollziehbar bleibt, können Kampagnen mit Spenden nicht gelöscht werden. Sie können die Kampagne stattdessen deaktivieren: Dann nimmt sie keine Spenden mehr an.`
            : t`„${name}“ wird endgültig gelöscht. Das kann nicht rückgängig gemacht werden.`
        }
        confirmLabel={
          hasDonations ? (campaign.enabled ? t`Stattdessen deaktivieren` : t`Schließen`) : t`Endgültig löschen`
        }
        destructive={!hasDonations}
        pending={deleting || toggling}
        onConfirm={() => void confirmDelete()}
      >
        {deleteFailed && (
          <Alert tone="error" role="alert">
            <Trans>Die Kampagne konnte nicht gelöscht werden. Bitte versuchen Sie es erneut.</Trans>
          </Alert>
        )}
      </ConfirmDialog>
    </Card>
  )
}
