import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useGetClubs } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { ButtonLink } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { formatDate, formatNumber } from '#src/lib/format.ts'

/** How many waiting clubs the card names; the rest are a click away in the release list. */
const SHOWN = 5
/** The release list's search text is at most this long (`GET club?q=`): a longer name is found by its start. */
const SEARCH_MAX = 100

/**
 * An administrator's `/home` without a club: the clubs that wait for their release (`GET club`,
 * `PROCESSING`, longest waiting first), each a link to its entry in the release list of `/admin`, and the
 * way to the administration itself.
 */
export const AwaitingReleaseCard = () => {
  const { t } = useLingui()
  const clubs = useGetClubs({ clubStatus: 'PROCESSING', page: 0, size: SHOWN, sort: 'createdAt,asc' })
  const toAdministration = (
    <ButtonLink to="/admin" variant="secondary" size="sm">
      <Trans>Zur Administration</Trans>
    </ButtonLink>
  )
  const body = () => {
    if (clubs.isPending) return <LoadingBlock />
    if (clubs.isError) {
      return (
        <QueryError
          error={clubs.error}
          title={t`Die wartenden Vereine konnten nicht geladen werden.`}
          onRetry={() => void clubs.refetch()}
        />
      )
    }
    const total = clubs.data.totalItems
    if (total === 0) return <EmptyState title={t`Kein Verein wartet auf Freigabe.`} />
    const waiting = formatNumber(total)
    const more = total - clubs.data.items.length
    const moreText = formatNumber(more)
    return (
      <div className="flex flex-col gap-3">
        <p className="font-medium text-slate-800">
          <Plural value={total} one="# Verein wartet auf Freigabe" other={`${waiting} Vereine warten auf Freigabe`} />
        </p>
        <ul aria-label={t`Wartende Vereine`} className="divide-y divide-slate-200">
          {clubs.data.items.map((club) => (
            <li key={club.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2">
              <div className="min-w-0">
                <Link
                  to="/admin"
                  search={{ status: 'PROCESSING', q: club.name.slice(0, SEARCH_MAX) }}
                  className="font-medium break-words text-brand-800 underline-offset-2 hover:underline"
                  aria-label={t`${club.name} in der Freigabe öffnen`}
                >
                  {club.name}
                </Link>
                <p className="text-sm text-slate-600">
                  {club.clubTypeName}
                  {' · '}
                  <Trans>registriert am {formatDate(club.createdAt)}</Trans>
                </p>
              </div>
              {club.completeness.complete ? (
                <Badge tone="success">
                  <Trans>Profil vollständig</Trans>
                </Badge>
              ) : (
                <Badge tone="warning">
                  <Trans>Profil unvollständig</Trans>
                </Badge>
              )}
            </li>
          ))}
        </ul>
        {more > 0 && (
          <p className="text-sm">
            <Link
              to="/admin"
              search={{ status: 'PROCESSING' }}
              className="font-medium text-brand-800 underline underline-offset-2"
            >
              <Plural
                value={more}
                one="# weiterer wartender Verein in der Freigabe"
                other={`${moreText} weitere wartende Vereine in der Freigabe`}
              />
            </Link>
          </p>
        )}
      </div>
    )
  }
  return (
    <Card aria-labelledby="freigabe-title">
      <CardHeader
        id="freigabe-title"
        title={t`Warten auf Ihre Freigabe`}
        description={t`Neu registrierte Vereine, die Sie in der Administration prüfen und freigeben.`}
        actions={toAdministration}
      />
      <CardBody>{body()}</CardBody>
    </Card>
  )
}
