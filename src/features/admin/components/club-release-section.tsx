import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { getRouteApi } from '@tanstack/react-router'
import { useCallback, useEffect, useId, useState } from 'react'
import { toast } from '#src/lib/toast.ts'
import { getGetClubsQueryOptions } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import type { ClubListItem } from '#openapi/generated/model/clubListItem.ts'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { ConfirmDialog, useLastDefined } from '#src/components/ui/dialog.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { SelectField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { Pagination } from '#src/components/ui/pagination.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { ListSpacerItem, useWindowRows } from '#src/components/ui/virtual-rows.tsx'
import { notReauthenticatedMessage, problemKind } from '#src/lib/api-errors.ts'
import { formatNumber } from '#src/lib/format.ts'
import { CLUB_STATUS_FILTER_LABELS } from '#src/lib/labels/club-labels.ts'
import { formatIban } from '#checks/iban.ts'
import {
  useActivateClubMutation,
  useCheckAndActivateClubMutation,
  useConfirmBankReviewMutation,
  useSetClubCheckedMutation,
} from '#src/features/admin/api/club-release-mutations.ts'
import {
  CLUB_PAGE_SIZES,
  CLUB_SORTS,
  CLUB_STATUS_FILTERS,
  type AdminSearch,
  type ClubSort,
} from '#src/features/admin/search.ts'
import { ClubReleaseItem, type ClubAction } from './club-release-item.tsx'
import { ClubAttentionFilterGroup, ClubSearchField } from './club-search-controls.tsx'
import { DeactivateClubDialog } from './deactivate-club-dialog.tsx'
import { PaymentAccountDialogs } from './payment-account-dialogs.tsx'
import type { PaymentAction } from './payment-account-panel.tsx'

const routeApi = getRouteApi('/_authenticated/admin')
const NO_CLUBS: readonly ClubListItem[] = []

/**
 * The release list (`GET club`): filters, sort and page size in the URL; per club its completeness,
 * check mark, status changes and card-provider account.
 */
export const ClubReleaseSection = () => {
  const { t } = useLingui()
  const headingId = useId()
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const clubs = useQuery({
    ...getGetClubsQueryOptions({
      q: search.q || undefined,
      filter: search.filter === 'ALL' ? undefined : search.filter,
      clubStatus: search.status,
      clubType: search.clubType || undefined,
      page: search.page,
      size: search.size,
      sort: search.sort,
    }),
    // The list stays in place while the next page or filter loads.
    placeholderData: keepPreviousData,
  })
  const types = useQuery(getGetClubTypesQueryOptions())
  const [action, setAction] = useState<ClubAction | null>(null)
  const [paymentAction, setPaymentAction] = useState<PaymentAction | null>(null)

  const setSearch = useCallback(
    (next: Partial<AdminSearch>) => void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true }),
    [navigate],
  )
  const onSearchText = useCallback((q: string) => setSearch({ q, page: 0 }), [setSearch])
  const searching = search.q !== '' || search.filter !== 'ALL'
  // A new box on every reset: text typed but not yet sent goes too, and cannot come back after the reset.
  const [searchResets, setSearchResets] = useState(0)
  const resetSearch = () => {
    setSearchResets((count) => count + 1)
    setSearch({ q: '', filter: 'ALL', page: 0 })
  }

  const page = clubs.data
  const found = formatNumber(page?.totalItems ?? 0)
  const items = page?.items ?? NO_CLUBS
  // 100 per page are too many cards for the DOM at once: only those near the viewport render.
  const { indexes, before, after, listRef, measureRef } = useWindowRows({
    count: items.length,
    estimateSize: 260,
    gap: 12,
    overscan: 3,
  })
  const lastPage = page ? page.totalPages - 1 : -1
  // A page beyond the end (an old link, or the last club of the last page left the filter) shows the last page.
  useEffect(() => {
    if (lastPage >= 0 && search.page > lastPage) {
      void navigate({ search: (previous) => ({ ...previous, page: lastPage }), replace: true })
    }
  }, [lastPage, search.page, navigate])

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader
        id={headingId}
        title={t`Freigabe von Vereinen`}
        description={t`Vereine prüfen, freigeben oder deaktivieren und ihre Zahlungskonten beim Kartenzahlungsanbieter verwalten.`}
      />
      <CardBody className="flex flex-col gap-4">
        <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end">
          <ClubSearchField key={searchResets} value={search.q} onSearch={onSearchText} />
          <ClubAttentionFilterGroup value={search.filter} onChange={(filter) => setSearch({ filter, page: 0 })} />
        </div>
        <Filters
          search={search}
          typeOptions={types.data?.map((type) => ({ value: type.id, label: type.name })) ?? []}
          onChange={(next) => setSearch({ ...next, page: 0 })}
        />
        {/* Read out as the results change while typing; the empty state says "none" itself. */}
        <p role="status" className={page?.items.length ? 'text-sm font-medium text-slate-700' : 'sr-only'}>
          {page && <Plural value={page.totalItems} one="# Verein gefunden" other={`${found} Vereine gefunden`} />}
        </p>
        {clubs.isError ? (
          <QueryError
            error={clubs.error}
            title={t`Die Vereine konnten nicht geladen werden.`}
            onRetry={() => void clubs.refetch()}
          />
        ) : !page ? (
          <LoadingBlock />
        ) : page.items.length === 0 ? (
          <EmptyState
            title={t`Keine Vereine gefunden`}
            action={
              searching && (
                <Button variant="secondary" onClick={resetSearch}>
                  <Trans>Suche zurücksetzen</Trans>
                </Button>
              )
            }
          >
            {searching ? (
              <Trans>Kein Verein passt zu Suche und Filtern. Prüfen Sie die Schreibweise oder die ZVR-Zahl.</Trans>
            ) : (
              <Trans>Zu diesen Filtern gibt es keine Vereine.</Trans>
            )}
          </EmptyState>
        ) : (
          <ul ref={listRef} aria-label={t`Vereine`} aria-busy={clubs.isFetching} className="flex flex-col gap-3">
            <ListSpacerItem height={before} />
            {indexes.map((index) => {
              const club = items[index]!
              return (
                <ClubReleaseItem
                  key={club.id}
                  club={club}
                  onAction={setAction}
                  onPaymentAction={setPaymentAction}
                  position={{ index, count: items.length, measureRef }}
                />
              )
            })}
            <ListSpacerItem height={after} />
          </ul>
        )}
        {page && (
          <Pagination
            page={page.page}
            totalPages={page.totalPages}
            totalItems={page.totalItems}
            onPageChange={(next) => setSearch({ page: next })}
          />
        )}
      </CardBody>
      <ClubActionDialog action={action?.kind === 'deactivate' ? null : action} onClose={() => setAction(null)} />
      <DeactivateClubDialog action={action?.kind === 'deactivate' ? action : null} onClose={() => setAction(null)} />
      <PaymentAccountDialogs action={paymentAction} onClose={() => setPaymentAction(null)} />
    </Card>
  )
}

interface FiltersProps {
  search: AdminSearch
  typeOptions: { value: string; label: string }[]
  onChange: (next: Partial<AdminSearch>) => void
}

const Filters = ({ search, typeOptions, onChange }: FiltersProps) => {
  const { t, i18n } = useLingui()
  const sortLabels: Record<ClubSort, string> = {
    'name,asc': t`Name (A–Z)`,
    'name,desc': t`Name (Z–A)`,
    'createdAt,desc': t`Neueste Registrierung zuerst`,
    'createdAt,asc': t`Älteste Registrierung zuerst`,
    'status,asc': t`Status`,
    'zvrNumber,asc': t`ZVR-Zahl`,
  }
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4" role="group" aria-label={t`Filter und Sortierung`}>
      <SelectField
        label={t`Status`}
        value={search.status}
        options={CLUB_STATUS_FILTERS.map((status) => ({
          value: status,
          label: i18n._(CLUB_STATUS_FILTER_LABELS[status]),
        }))}
        onChange={(event) => onChange({ status: event.target.value as AdminSearch['status'] })}
      />
      <SelectField
        label={t`Vereinsart`}
        value={search.clubType}
        placeholder={t`Alle Vereinsarten`}
        options={typeOptions}
        onChange={(event) => onChange({ clubType: event.target.value })}
      />
      <SelectField
        label={t`Sortierung`}
        value={search.sort}
        options={CLUB_SORTS.map((sort) => ({ value: sort, label: sortLabels[sort] }))}
        onChange={(event) => onChange({ sort: event.target.value as ClubSort })}
      />
      <SelectField
        label={t`Pro Seite`}
        value={String(search.size)}
        options={CLUB_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        onChange={(event) => onChange({ size: Number(event.target.value) })}
      />
    </div>
  )
}

/**
 * The confirmation before a release, a check mark and the confirmation of new bank details; the result
 * shows in the list at once. Deactivating asks for a reason in its own dialog (deactivate-club-dialog.tsx).
 * Only checked clubs are released (docs/decisions/0044-activation-after-the-check.md): for a club nobody
 * has marked yet, the release asks whether it was checked and marks it before releasing it.
 */
const ClubActionDialog = ({
  action,
  onClose,
}: {
  action: Exclude<ClubAction, { kind: 'deactivate' }> | null
  onClose: () => void
}) => {
  const { t } = useLingui()
  const activate = useActivateClubMutation()
  const checkAndActivate = useCheckAndActivateClubMutation()
  const confirmBank = useConfirmBankReviewMutation()
  const check = useSetClubCheckedMutation()
  // The dialog keeps its text while it closes.
  const shown = useLastDefined(action)

  const club: ClubListItem | undefined = shown?.club
  const name = club?.name ?? ''
  const previousIban = club?.bankReview?.previousIbanMasked || t`keine`
  // Administrators get the new IBAN in full (`bankReviewDetails`): they confirm what they read.
  const newIban =
    (club?.bankReviewDetails ? formatIban(club.bankReviewDetails.iban) : club?.bankReview?.newIbanMasked) || t`keine`
  const texts = {
    activate: {
      title: t`${name} aktivieren?`,
      description: t`Der Verein wird freigegeben: Er erscheint als aktiv und kann Kampagnen veröffentlichen und Spenden annehmen.`,
      confirm: t`Aktivieren`,
    },
    checkAndActivate: {
      title: t`${name} aktivieren?`,
      description: t`Der Verein ist noch nicht als geprüft markiert, und nur geprüfte Vereine werden freigegeben. Bestätigen Sie nur, wenn Sie seine Daten und Dokumente geprüft haben: Er wird dann als geprüft markiert (Ihr Name und die Zeit werden gespeichert) und freigegeben.`,
      confirm: t`Als geprüft markieren und aktivieren`,
    },
    confirmBank: {
      title: t`Neue Bankverbindung von ${name} bestätigen?`,
      description: t`Bisher: ${previousIban}. Neu: ${newIban}. Bestätigen Sie nur, wenn Sie die Änderung mit dem Verein geklärt haben: Danach zahlt der Kartenzahlungsanbieter wieder auf das Konto aus. Ihr Name und die Zeit werden protokolliert.`,
      confirm: t`Bankverbindung bestätigen`,
    },
    check: {
      title: t`${name} als geprüft markieren?`,
      description: t`Damit vermerken Sie, dass Sie die Daten und Dokumente des Vereins geprüft haben. Ihr Name und die Zeit werden gespeichert.`,
      confirm: t`Als geprüft markieren`,
    },
    uncheck: {
      title: t`Prüfvermerk von ${name} entfernen?`,
      description: t`Der Verein gilt danach wieder als ungeprüft.`,
      confirm: t`Prüfvermerk entfernen`,
    },
  }
  // A release of a club nobody has marked as checked asks about the check as well.
  const checkFirst = shown?.kind === 'activate' && !shown.club.isChecked
  const text = checkFirst ? texts.checkAndActivate : shown ? texts[shown.kind] : texts.activate

  const fail = (error: unknown) => {
    const kind = problemKind(error)
    const notReauthenticated = notReauthenticatedMessage(error)
    if (notReauthenticated) {
      toast.error(notReauthenticated)
    } else if (shown?.kind === 'confirmBank') {
      toast.error(
        kind === 'invalid-transition'
          ? t`Für diesen Verein wartet keine Bankverbindung mehr auf Bestätigung. Die Liste wurde aktualisiert.`
          : t`Fehler beim Bestätigen der Bankverbindung`,
      )
    } else if (kind === 'club-incomplete') {
      toast.error(t`Der Verein kann nicht aktiviert werden: Das Profil ist noch unvollständig.`)
    } else if (kind === 'club-not-checked') {
      toast.error(
        t`Der Verein kann nicht aktiviert werden: Er ist nicht als geprüft markiert. Die Liste wurde aktualisiert.`,
      )
    } else if (kind === 'invalid-transition') {
      toast.error(
        t`Dieser Statuswechsel ist im aktuellen Status des Vereins nicht möglich. Die Liste wurde aktualisiert.`,
      )
    } else if (shown?.kind === 'check' || shown?.kind === 'uncheck') {
      toast.error(t`Fehler beim Speichern des Prüfvermerks`)
    } else {
      toast.error(t`Fehler beim Ändern des Vereinsstatus`)
    }
    onClose()
  }

  const confirm = () => {
    if (!shown) return
    const options = { onSuccess: onClose, onError: fail }
    switch (shown.kind) {
      case 'activate':
        return (checkFirst ? checkAndActivate : activate).mutate({ clubId: shown.club.id }, options)
      case 'confirmBank':
        return confirmBank.mutate({ clubId: shown.club.id }, options)
      case 'check':
      case 'uncheck':
        return check.mutate({ clubId: shown.club.id, data: { isChecked: shown.kind === 'check' } }, options)
    }
  }

  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => !open && onClose()}
      title={text.title}
      description={text.description}
      confirmLabel={text.confirm}
      pending={activate.isPending || checkAndActivate.isPending || confirmBank.isPending || check.isPending}
      onConfirm={confirm}
    />
  )
}
