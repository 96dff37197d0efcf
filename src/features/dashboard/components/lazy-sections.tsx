import { useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { cn } from '#src/lib/cn.ts'
import type { ClubRights } from '#src/features/dashboard/club-rights.ts'

/*
 * The last two sections of the dashboard, members and media, are chunks of their own (/home's
 * chunk ≤ 60 KB gzip, docs/decisions/0018). The route's loader has already asked for their data, so the
 * code arrives beside it. While it is on the way each shows its cards as they look while their data loads
 * (titles, a loading state, about the height the section will have), under the anchors the section
 * navigation links to, so little moves when the code is there.
 */

const Members = lazy(() => import('./members-section.tsx').then((module) => ({ default: module.MembersSection })))
const Media = lazy(() => import('./media-section.tsx').then((module) => ({ default: module.MediaSection })))

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

export const MembersSection = (props: { clubId: string; rights: ClubRights | null }) => {
  const { t } = useLingui()
  return (
    <Suspense
      fallback={
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
    </Suspense>
  )
}

export const MediaSection = (props: { clubId: string; canEdit: boolean }) => {
  const { t } = useLingui()
  return (
    <Suspense
      fallback={
        <div className="grid gap-6 lg:grid-cols-2">
          <CardPending id="bilder" title={t`Bilder und Medien`} />
          <CardPending title={t`Dokumente`} />
        </div>
      }
    >
      <Media {...props} />
    </Suspense>
  )
}
