import { Trans, useLingui } from '@lingui/react/macro'
import { lazy, Suspense } from 'react'
import { keepPreviousData } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useGetClubs } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import { StatusBadge } from '#src/components/ui/badge.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { Pagination } from '#src/components/ui/pagination.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { CLUB_STATUS } from '#src/lib/labels/club-labels.ts'

/** Only administrators see it: a chunk of its own keeps /home's chunk for everyone else small. */
const AwaitingReleaseCard = lazy(() =>
  import('./awaiting-release-card.tsx').then((module) => ({ default: module.AwaitingReleaseCard })),
)

const PICKER_PAGE_SIZE = 20

/** Administrators and staff may look at any club's dashboard: a paged list of all clubs to pick from. */
const ClubPicker = ({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) => {
  const { t } = useLingui()
  const clubs = useGetClubs(
    { page, size: PICKER_PAGE_SIZE, sort: 'name,asc' },
    { query: { placeholderData: keepPreviousData } },
  )
  if (clubs.isPending) return <LoadingBlock />
  if (clubs.isError) {
    return (
      <QueryError
        error={clubs.error}
        title={t`Die Vereine konnten nicht geladen werden.`}
        onRetry={() => void clubs.refetch()}
      />
    )
  }
  if (clubs.data.totalItems === 0) return <EmptyState title={t`Es sind noch keine Vereine registriert.`} />
  return (
    <div className="flex flex-col gap-3">
      <Table>
        <caption className="sr-only">{t`Vereine`}</caption>
        <TableHead>
          <TableRow>
            <TableHeaderCell>
              <Trans>Verein</Trans>
            </TableHeaderCell>
            <TableHeaderCell>
              <Trans>Vereinsart</Trans>
            </TableHeaderCell>
            <TableHeaderCell>
              <Trans>Status</Trans>
            </TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {clubs.data.items.map((club) => (
            <TableRow key={club.id}>
              <TableCell>
                <Link
                  to="/home"
                  search={{ id: club.id }}
                  className="font-medium text-brand-800 underline-offset-2 hover:underline"
                >
                  {club.name}
                </Link>
              </TableCell>
              <TableCell>{club.clubTypeName}</TableCell>
              <TableCell>
                <StatusBadge status={CLUB_STATUS[club.status]} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pagination
        page={clubs.data.page}
        totalPages={clubs.data.totalPages}
        totalItems={clubs.data.totalItems}
        onPageChange={onPageChange}
      />
    </div>
  )
}

/**
 * `/home` for somebody without a club of their own and none named in the URL. Administrators see the clubs
 * waiting for their release (and the way to the administration) above the club picker; staff read every
 * club, so they are told that and pick one (docs/decisions/0006); a representative without clubs is told
 * whom to ask.
 */
export const NoClubState = ({
  role,
  pickerPage,
  onPickerPageChange,
}: {
  role: Role
  pickerPage: number
  onPickerPageChange: (page: number) => void
}) => {
  const { t } = useLingui()
  if (role !== 'ROLE_ADMIN' && role !== 'ROLE_STAFF') {
    return (
      <>
        <PageHeader title={t`Übersicht`} description={t`Ihr Benutzerkonto ist keinem Verein zugeordnet.`} />
        <EmptyState title={t`Kein Verein vorhanden`}>
          <Trans>
            Bitte wenden Sie sich an die Person, die Sie eingeladen hat, oder registrieren Sie Ihren Verein.
          </Trans>
        </EmptyState>
      </>
    )
  }
  const admin = role === 'ROLE_ADMIN'
  return (
    <>
      <PageHeader
        title={t`Übersicht`}
        description={
          admin
            ? t`Vereine, die auf Ihre Freigabe warten, und die Übersicht jedes Vereins.`
            : t`Als Mitarbeiter/in sehen Sie alle Vereine und öffnen die Übersicht jedes Vereins zum Lesen. Ändern können Sie dort nichts.`
        }
      />
      <div className="flex flex-col gap-6">
        {admin && (
          <Suspense fallback={<LoadingBlock />}>
            <AwaitingReleaseCard />
          </Suspense>
        )}
        <Card aria-labelledby="vereinswahl-title">
          <CardHeader
            id="vereinswahl-title"
            title={t`Verein auswählen`}
            description={
              admin
                ? t`Öffnet die Übersicht des gewählten Vereins.`
                : t`Öffnet die Übersicht des gewählten Vereins zum Lesen.`
            }
          />
          <CardBody>
            <ClubPicker page={pickerPage} onPageChange={onPickerPageChange} />
          </CardBody>
        </Card>
      </div>
    </>
  )
}
