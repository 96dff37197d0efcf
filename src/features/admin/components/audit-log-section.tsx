import { Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useEffect, useId } from 'react'
import {
  getGetAuditLogQueryOptions,
  getGetClubAuditLogQueryOptions,
} from '#src/api/generated/query/endpoints/audit/audit.ts'
import type { AuditEntry } from '#openapi/generated/model/auditEntry.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { buttonClasses } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { SelectField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { Pagination } from '#src/components/ui/pagination.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import {
  ListSpacerItem,
  useWindowRows,
  virtualItemProps,
  type VirtualItemPosition,
} from '#src/components/ui/virtual-rows.tsx'
import { formatDateTime } from '#src/lib/format.ts'
import { AUDIT_ACTIONS, AUDIT_FIELD_LABELS, auditValue } from '#src/lib/labels/audit-labels.ts'
import { AUDIT_PAGE_SIZES, type AdminSearch } from '#src/features/admin/search.ts'

const routeApi = getRouteApi('/_authenticated/admin')
const NO_ENTRIES: readonly AuditEntry[] = []

/**
 * "Protokoll": the audit log, newest first, whole or of one club (`logClub` in the URL, set by the
 * release list's "Protokoll" link), paged in the URL like the release list.
 */
export const AuditLogSection = () => {
  const { t } = useLingui()
  const headingId = useId()
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const clubId = search.logClub
  const paging = { page: search.logPage, size: search.logSize }
  // One of the two lists, each keeping its page in place while the next one loads.
  const whole = useQuery({
    ...getGetAuditLogQueryOptions(paging),
    enabled: !clubId,
    placeholderData: keepPreviousData,
  })
  const ofClub = useQuery({
    ...getGetClubAuditLogQueryOptions(clubId, paging),
    enabled: Boolean(clubId),
    placeholderData: keepPreviousData,
  })
  const log = clubId ? ofClub : whole
  const setSearch = (next: Partial<AdminSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })

  const page = log.data
  const entries = page?.items ?? NO_ENTRIES
  // 100 per page are too many entries for the DOM at once: only those near the viewport render.
  const { indexes, before, after, listRef, measureRef } = useWindowRows({
    count: entries.length,
    estimateSize: 120,
    gap: 12,
    overscan: 4,
  })
  const lastPage = page ? page.totalPages - 1 : -1
  useEffect(() => {
    if (lastPage >= 0 && search.logPage > lastPage) {
      void navigate({ search: (previous) => ({ ...previous, logPage: lastPage }), replace: true })
    }
  }, [lastPage, search.logPage, navigate])

  const clubName = page?.items.find((entry) => entry.club?.id === clubId)?.club?.name
  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title={clubId ? (clubName ? t`Protokoll: ${clubName}` : t`Protokoll eines Vereins`) : t`Protokoll`}
        description={t`Wer hat wann was geändert: Freigaben, Deaktivierungen, Prüfvermerke, Bankverbindungen, Zahlungskonten, Benutzer/innen und ihre Rollen, entfernte Mitglieder, Vereinsarten, Vereinsrollen und das App-Logo, mit den Werten davor und danach.`}
        actions={
          clubId ? (
            <Link
              to="/admin"
              search={{ tab: 'audit', logSize: search.logSize }}
              className={buttonClasses('secondary', 'sm')}
            >
              <Trans>Alle Einträge anzeigen</Trans>
            </Link>
          ) : undefined
        }
      />
      <CardBody className="flex flex-col gap-4">
        <div className="grid gap-3 sm:grid-cols-4">
          <SelectField
            label={t`Pro Seite`}
            value={String(search.logSize)}
            options={AUDIT_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
            onChange={(event) => setSearch({ logSize: Number(event.target.value), logPage: 0 })}
          />
        </div>
        {log.isError ? (
          <QueryError
            error={log.error}
            title={t`Das Protokoll konnte nicht geladen werden.`}
            onRetry={() => void log.refetch()}
          />
        ) : !page ? (
          <LoadingBlock />
        ) : page.items.length === 0 ? (
          <EmptyState title={t`Keine Einträge`}>
            {clubId ? (
              <Trans>Zu diesem Verein ist noch nichts protokolliert.</Trans>
            ) : (
              <Trans>Es ist noch nichts protokolliert.</Trans>
            )}
          </EmptyState>
        ) : (
          <ol
            ref={listRef}
            aria-label={t`Protokolleinträge`}
            aria-busy={log.isFetching}
            className="flex flex-col gap-3"
          >
            <ListSpacerItem height={before} />
            {indexes.map((index) => {
              const entry = entries[index]!
              return (
                <AuditEntryItem
                  key={entry.id}
                  entry={entry}
                  linkClub={!clubId}
                  position={{ index, count: entries.length, measureRef }}
                />
              )
            })}
            <ListSpacerItem height={after} />
          </ol>
        )}
        {page && (
          <Pagination
            page={page.page}
            totalPages={page.totalPages}
            totalItems={page.totalItems}
            onPageChange={(next) => setSearch({ logPage: next })}
          />
        )}
      </CardBody>
    </Card>
  )
}

/** One entry: what, when, by whom, about which club or user, and each value before and after. */
export const AuditEntryItem = ({
  entry,
  linkClub,
  position,
}: {
  entry: AuditEntry
  linkClub: boolean
  /** Its place in the (possibly virtual) list. */
  position: VirtualItemPosition
}) => {
  const { t, i18n } = useLingui()
  const headingId = useId()
  const action = AUDIT_ACTIONS[entry.action]
  const when = formatDateTime(entry.at)
  const value = (field: AuditEntry['changes'][number]['field'], raw: string | null) => {
    const shown = auditValue(i18n, field, raw)
    return shown === null ? (
      <span className="text-slate-500">
        <span aria-hidden="true">–</span>
        <span className="sr-only">{t`leer`}</span>
      </span>
    ) : field === 'bankInfo.iban' ? (
      // A masked IBAN stays on one line, in its groups.
      <span className="font-mono whitespace-nowrap">{shown}</span>
    ) : (
      <span className="break-words">{shown}</span>
    )
  }
  return (
    <li {...virtualItemProps(position)}>
      <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-3 sm:p-4">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3 id={headingId} className="font-semibold text-slate-900">
            <Badge tone={action.tone}>{i18n._(action.label)}</Badge>
            <span className="sr-only">, {when}</span>
          </h3>
          <p className="text-sm text-slate-600">
            <time dateTime={entry.at}>{when}</time>
            {' · '}
            <Trans>
              von {entry.actor.name} <span className="break-all text-slate-500">({entry.actor.email})</span>
            </Trans>
          </p>
        </div>
        {(entry.club || entry.user) && (
          // Club and user are two parts, never run together: one line each on a narrow screen, side by side
          // with a separator on a wide one, and the separator in the text either way ("…1923 · Benutzer/in: …").
          <p className="mt-1 flex flex-col text-sm text-slate-800 sm:flex-row sm:flex-wrap sm:gap-x-2">
            {entry.club && (
              <span>
                {linkClub ? (
                  <Trans>
                    Verein:{' '}
                    <Link
                      to="/admin"
                      search={{ tab: 'audit', logClub: entry.club.id }}
                      className="font-medium text-brand-800 underline-offset-2 hover:underline"
                      aria-label={t`Protokoll von ${entry.club.name} anzeigen`}
                    >
                      {entry.club.name}
                    </Link>
                  </Trans>
                ) : (
                  <Trans>
                    Verein: <span className="font-medium">{entry.club.name}</span>
                  </Trans>
                )}
              </span>
            )}
            {entry.club && entry.user && <span className="hidden text-slate-400 sm:inline">{' · '}</span>}
            {entry.user && (
              <span>
                <Trans>
                  Benutzer/in: <span className="font-medium">{entry.user.name}</span>{' '}
                  <span className="break-all text-slate-500">({entry.user.email})</span>
                </Trans>
              </span>
            )}
          </p>
        )}
        {entry.changes.length > 0 && (
          <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(10rem,auto)_1fr]">
            {entry.changes.map((item) => (
              <div key={item.field} className="contents">
                <dt className="text-slate-600">{i18n._(AUDIT_FIELD_LABELS[item.field])}</dt>
                <dd className="min-w-0 text-slate-900">
                  {item.before === item.after ? (
                    value(item.field, item.after)
                  ) : (
                    <>
                      <span className="sr-only">{t`vorher:`} </span>
                      {value(item.field, item.before)}
                      <span aria-hidden="true"> → </span>
                      <span className="sr-only"> {t`nachher:`} </span>
                      {value(item.field, item.after)}
                    </>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        )}
      </article>
    </li>
  )
}
