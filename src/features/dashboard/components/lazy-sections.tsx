import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense, type ReactNode } from 'react'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { RenderLater } from '#src/components/ui/render-later.tsx'
import { cn } from '#src/lib/cn.ts'
import type { ClubRights } from '#src/features/dashboard/club-rights.ts'
import type { ChartRange } from '#src/features/dashboard/chart-range.ts'
import { CampaignsOverview } from './campaigns-overview.tsx'
import { loadChartSection, loadMediaSection, loadMembersSection, loadTaxNotice } from './lazy-parts.ts'

/*
 * The dashboard below its first screen: the chart, the campaigns, the donation list, members and media.
 * Each renders when it comes near the viewport or the browser is idle (`RenderLater`), so the first screen
 * is drawn and usable before React lays out their rows and before their code has taken the connection;
 * the chart, members and media are chunks of their own (as is the donation list, the route's). Their data
 * is asked for with the first screen's. Until then each shows its card as it looks while its data loads
 * (title, a loading state, about the height it will have), under the anchor the section navigation links
 * to, so little moves when it arrives.
 */

const ChartSection = lazy(() => loadChartSection().then((module) => ({ default: module.DonationChartSection })))
const Members = lazy(() => loadMembersSection().then((module) => ({ default: module.MembersSection })))
const Media = lazy(() => loadMediaSection().then((module) => ({ default: module.MediaSection })))
const TaxNotice = lazy(() => loadTaxNotice().then((module) => ({ default: module.TaxNoticeCard })))

const CardPending = ({
  id,
  title,
  description,
  className,
}: {
  id?: string
  title: string
  description?: string
  className?: string
}) => (
  <Card id={id}>
    <CardHeader title={title} description={description} />
    <CardBody className={className}>
      <LoadingBlock />
    </CardBody>
  </Card>
)

/** A part rendered later, its placeholder also standing in while its code loads. */
const Later = ({ pending, children }: { pending: ReactNode; children: ReactNode }) => (
  <RenderLater placeholder={pending}>
    <Suspense fallback={pending}>{children}</Suspense>
  </RenderLater>
)

export const ChartSectionLater = (props: {
  clubId: string
  range: ChartRange
  onRangeChange: (range: ChartRange) => void
}) => {
  const { t } = useLingui()
  return (
    <Later
      pending={
        // The range form and the chart's box (h-72) set the height.
        <CardPending title={t`Spendenverlauf`} description={t`Summe der Spenden je Zeitraum.`} className="min-h-96" />
      }
    >
      <ChartSection {...props} />
    </Later>
  )
}

export const CampaignsLater = (props: { clubId: string; canEdit: boolean }) => {
  const { t } = useLingui()
  return (
    <Later pending={<CardPending id="kampagnen" title={t`Kampagnen`} className="min-h-48" />}>
      <CampaignsOverview {...props} />
    </Later>
  )
}

/** The club's donation list (another feature's, placed and loaded by the route). */
export const DonationsLater = ({ children }: { children: ReactNode }) => {
  const { t } = useLingui()
  return (
    <Later
      pending={
        <CardPending
          id="spenden"
          title={t`Spenden`}
          description={t`Alle Spenden, neueste zuerst oder nach Ihrer Sortierung.`}
          className="min-h-96"
        />
      }
    >
      {children}
    </Later>
  )
}

export const MembersSection = (props: { clubId: string; rights: ClubRights | null }) => {
  const { t } = useLingui()
  return (
    <Later
      pending={
        <CardPending
          id="mitglieder"
          title={t`Mitglieder`}
          description={t`Personen, die den Verein im Portal vertreten.`}
          // The invite form beside the list is what sets the section's height.
          className={cn(props.rights?.members && 'min-h-96')}
        />
      }
    >
      <Members {...props} />
    </Later>
  )
}

export const MediaSection = (props: { clubId: string; canEdit: boolean }) => {
  const { t } = useLingui()
  return (
    <Later
      pending={
        <div className="grid gap-6 lg:grid-cols-2">
          <CardPending id="bilder" title={t`Bilder und Medien`} />
          <CardPending title={t`Dokumente`} />
        </div>
      }
    >
      <Media {...props} />
    </Later>
  )
}

/**
 * The tax notices (report due or overdue, deductibility lapsing, an entry unconfirmed), for whoever may
 * manage the club's money. A reminder, so nothing stands in for it: its status is asked for only when it
 * renders, after the first screen, and it shows only when there is something to do (the empty box takes
 * no room in the column's gap).
 */
export const TaxNoticeLater = (props: { clubId: string }) => (
  <RenderLater placeholder={null} className="empty:hidden">
    <Suspense fallback={null}>
      <TaxNotice {...props} />
    </Suspense>
  </RenderLater>
)
