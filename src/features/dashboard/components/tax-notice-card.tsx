import { Trans, useLingui } from '@lingui/react/macro'
import { useGetClubTaxStatus } from '#src/api/generated/query/endpoints/tax/tax.ts'
import { TaxNoticeList } from '#src/components/tax/tax-notice-list.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'

/**
 * What the club should do about donations that count for tax (issue 23): last year's transmission due or
 * overdue, a deductibility lapsing soon or lapsed, an entry still unconfirmed; with the way to the tax
 * screen. Nothing at all while the status loads, when it fails (the tax screen shows why) or when there is
 * nothing to do: it is a reminder, not a part of the dashboard one waits for.
 */
export const TaxNoticeCard = ({ clubId }: { clubId: string }) => {
  const { t } = useLingui()
  const status = useGetClubTaxStatus(clubId)
  const notices = status.data?.notices ?? []
  if (notices.length === 0) return null
  return (
    <Card aria-labelledby="steuer-hinweise-title" className="border-amber-300">
      <CardHeader
        id="steuer-hinweise-title"
        title={t`Steuer: Hinweise`}
        actions={
          <ButtonLink to="/steuer/$clubId" params={{ clubId }} variant="secondary" size="sm">
            <Trans>Zur Steuer-Übersicht</Trans>
          </ButtonLink>
        }
      />
      <CardBody>
        <TaxNoticeList notices={notices} />
      </CardBody>
    </Card>
  )
}
