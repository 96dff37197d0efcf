import './messages.ts'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { useQuery } from '@tanstack/react-query'
import { getRouteApi, Link } from '@tanstack/react-router'
import { useCallback, useId, useMemo, useState } from 'react'
import { getGetUsersQueryOptions } from '#src/api/generated/query/endpoints/users/users.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import type { User } from '#openapi/generated/model/user.ts'
import type { UserListItem } from '#openapi/generated/model/userListItem.ts'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { EmailAddress } from '#src/components/ui/email-address.tsx'
import { Card, CardBody } from '#src/components/ui/card.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { SelectField, TextField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { PageHeader } from '#src/components/ui/page-header.tsx'
import { Pagination } from '#src/components/ui/pagination.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '#src/components/ui/table.tsx'
import { useCurrentUser } from '#src/lib/auth/use-auth.ts'
import { formatDate, formatNumber } from '#src/lib/format.ts'
import { ROLE_LABELS } from '#src/lib/labels/role-labels.ts'
import { DeleteUserDialog } from './components/delete-user-dialog.tsx'
import { CreateUserDialog, EditUserDialog } from './components/user-form-dialog.tsx'
import { selectUsers, USER_PAGE_SIZES, type SortDirection, type UserSortField } from './user-list.ts'

const routeApi = getRouteApi('/_authenticated/users')
const NO_USERS: readonly UserListItem[] = []

/** `/users` (ROLE_ADMIN): every portal user, searched, sorted and paged on the client. */
export const UsersPage = () => {
  const { t, i18n } = useLingui()
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const usersQuery = useQuery(getGetUsersQueryOptions())
  const users = usersQuery.data ?? NO_USERS
  const { data: me } = useCurrentUser()
  const [creating, setCreating] = useState(false)
  const [editing, setEditing] = useState<User | null>(null)
  const [deleting, setDeleting] = useState<User | null>(null)

  const roleLabel = useCallback((role: Role) => i18n._(ROLE_LABELS[role]), [i18n])
  const result = useMemo(() => selectUsers(users, search, roleLabel), [users, search, roleLabel])
  const adminCount = users.filter((user) => user.role === 'ROLE_ADMIN').length
  const found = formatNumber(result.totalItems)

  /**
   * Why a row's delete button is locked: the backend refuses to delete the caller and the last administrator
   * (409 `self-delete` / `last-admin`), so say it up front. Roles are not locked here: the backend decides
   * when a role changes, and the edit dialog reports its refusal (409 `last-admin`) at the role.
   */
  const deleteLockReason = (user: User): string | undefined => {
    if (user.uid === me?.uid) return t`Ihr eigenes Konto können Sie nicht löschen.`
    if (user.role === 'ROLE_ADMIN' && adminCount <= 1)
      return t`Die einzige Administratorin bzw. der einzige Administrator kann weder gelöscht noch herabgestuft werden.`
    return undefined
  }

  const setSearch = (next: Partial<typeof search>) =>
    void navigate({ search: (previous) => ({ ...previous, ...next }), replace: true })

  return (
    <>
      <PageHeader
        title={t`Benutzerverwaltung`}
        description={t`Administrator/innen, Mitarbeiter/innen und Vereinsvertreter/innen des Portals.`}
        actions={<Button onClick={() => setCreating(true)}>{t`Benutzer anlegen`}</Button>}
      />
      <Card>
        <CardBody className="flex flex-col gap-4">
          <ListControls
            q={search.q}
            sort={search.sort}
            dir={search.dir}
            size={search.size}
            onSearch={(q) => setSearch({ q, page: 0 })}
            onSort={(sort, dir) => setSearch({ sort, dir, page: 0 })}
            onSize={(size) => setSearch({ size, page: 0 })}
          />
          <p className="sr-only" role="status">
            <Plural value={result.totalItems} one="# Benutzer gefunden" other={`${found} Benutzer gefunden`} />
          </p>
          {usersQuery.isPending ? (
            <LoadingBlock />
          ) : usersQuery.isError ? (
            <QueryError
              error={usersQuery.error}
              title={t`Die Benutzer konnten nicht geladen werden.`}
              onRetry={() => void usersQuery.refetch()}
            />
          ) : result.items.length === 0 ? (
            <EmptyState title={t`Keine Benutzer gefunden`}>
              {search.q ? <Trans>Ändern Sie den Suchbegriff.</Trans> : <Trans>Es gibt noch keine Benutzer.</Trans>}
            </EmptyState>
          ) : (
            <Table aria-label={t`Benutzer`} className="max-md:block">
              <TableHead className="max-md:sr-only">
                <tr>
                  <SortableHeader field="name" search={search}>
                    <Trans>Name</Trans>
                  </SortableHeader>
                  <TableHeaderCell>
                    <Trans>Vereine</Trans>
                  </TableHeaderCell>
                  <SortableHeader field="email" search={search}>
                    <Trans>E-Mail</Trans>
                  </SortableHeader>
                  <SortableHeader field="role" search={search}>
                    <Trans>Rolle</Trans>
                  </SortableHeader>
                  <SortableHeader field="verified" search={search}>
                    <Trans>E-Mail bestätigt</Trans>
                  </SortableHeader>
                  <TableHeaderCell>
                    <span className="sr-only">
                      <Trans>Aktionen</Trans>
                    </span>
                  </TableHeaderCell>
                </tr>
              </TableHead>
              <TableBody>
                {result.items.map((user) => (
                  <UserRow
                    key={user.uid}
                    user={user}
                    isSelf={user.uid === me?.uid}
                    lockReason={deleteLockReason(user)}
                    roleLabel={roleLabel(user.role)}
                    onEdit={() => setEditing(user)}
                    onDelete={() => setDeleting(user)}
                  />
                ))}
              </TableBody>
            </Table>
          )}
          <Pagination
            page={result.page}
            totalPages={result.totalPages}
            totalItems={result.totalItems}
            onPageChange={(page) => setSearch({ page })}
          />
        </CardBody>
      </Card>
      <CreateUserDialog open={creating} onOpenChange={setCreating} />
      <EditUserDialog user={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <DeleteUserDialog user={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </>
  )
}

interface UserRowProps {
  user: UserListItem
  isSelf: boolean
  lockReason: string | undefined
  roleLabel: string
  onEdit: () => void
  onDelete: () => void
}

/** On phones the row becomes a small card: each cell shows its column name in front. */
const UserRow = ({ user, isSelf, lockReason, roleLabel, onEdit, onDelete }: UserRowProps) => {
  const { t } = useLingui()
  const reasonId = useId()
  const name = `${user.firstName} ${user.lastName}`
  const cell =
    'max-md:flex max-md:gap-2 max-md:px-0 max-md:py-1 max-md:before:w-32 max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]'
  return (
    <TableRow className="max-md:block max-md:py-3">
      <TableCell className={cell} data-label={t`Name`}>
        <span className="font-medium text-slate-900">
          {name}
          {isSelf && (
            <span className="ml-2 align-middle">
              <Badge tone="info">
                <Trans>Sie</Trans>
              </Badge>
            </span>
          )}
        </span>
      </TableCell>
      {/* Next to the name: on phones, where the row is a card, the clubs stand right under it. */}
      <TableCell className={cell} data-label={t`Vereine`}>
        <UserClubs clubs={user.clubs} userName={name} />
      </TableCell>
      <TableCell className={cell} data-label={t`E-Mail`}>
        <EmailAddress email={user.email} />
      </TableCell>
      <TableCell className={cell} data-label={t`Rolle`}>
        {roleLabel}
      </TableCell>
      <TableCell className={cell} data-label={t`E-Mail bestätigt`}>
        {user.emailVerified ? (
          <Badge tone="success">
            <Trans>Bestätigt</Trans>
          </Badge>
        ) : (
          <Badge tone="warning">
            <Trans>Nicht bestätigt</Trans>
          </Badge>
        )}
        <span className="sr-only">
          <Trans>Angelegt am {formatDate(user.createdAt)}</Trans>
        </span>
      </TableCell>
      <TableCell className="max-md:px-0 max-md:pt-2">
        <div className="flex flex-wrap justify-end gap-2 max-md:justify-start">
          <Button variant="secondary" size="sm" onClick={onEdit} aria-label={t`${name} bearbeiten`}>
            <Trans>Bearbeiten</Trans>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            onClick={onDelete}
            disabled={Boolean(lockReason)}
            aria-label={t`${name} löschen`}
            aria-describedby={lockReason ? reasonId : undefined}
          >
            <Trans>Löschen</Trans>
          </Button>
        </div>
        {lockReason && (
          <p id={reasonId} className="mt-1 text-xs text-slate-600 md:max-w-56 md:text-right">
            {lockReason}
          </p>
        )}
      </TableCell>
    </TableRow>
  )
}

/**
 * The clubs a user belongs to, each a link to the club's overview (the dashboard an administrator opens
 * for any club); "Kein Verein" for staff and anyone not in a club yet.
 */
const UserClubs = ({ clubs, userName }: { clubs: UserListItem['clubs']; userName: string }) => {
  const { t } = useLingui()
  if (clubs.length === 0) {
    return (
      <span className="text-slate-500">
        <Trans>Kein Verein</Trans>
      </span>
    )
  }
  return (
    // Narrow from tablet width, so the e-mail addresses and the buttons keep their room beside it.
    <ul aria-label={t`Vereine von ${userName}`} className="flex min-w-0 flex-col gap-0.5 md:max-w-44">
      {clubs.map((club) => (
        <li key={club.id}>
          <Link
            to="/home"
            search={{ id: club.id }}
            className="text-brand-800 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-800"
          >
            {club.name}
          </Link>
        </li>
      ))}
    </ul>
  )
}

interface SortableHeaderProps {
  field: UserSortField
  search: { sort: UserSortField; dir: SortDirection }
  children: React.ReactNode
}

/** Screen readers hear the current order from `aria-sort`; the select above changes it. */
const SortableHeader = ({ field, search, children }: SortableHeaderProps) => (
  <TableHeaderCell aria-sort={search.sort === field ? (search.dir === 'asc' ? 'ascending' : 'descending') : undefined}>
    {children}
  </TableHeaderCell>
)

interface ListControlsProps {
  q: string
  sort: UserSortField
  dir: SortDirection
  size: number
  onSearch: (q: string) => void
  onSort: (sort: UserSortField, dir: SortDirection) => void
  onSize: (size: number) => void
}

const ListControls = ({ q, sort, dir, size, onSearch, onSort, onSize }: ListControlsProps) => {
  const { t } = useLingui()
  const sortOptions: { value: `${UserSortField},${SortDirection}`; label: string }[] = [
    { value: 'name,asc', label: t`Name (A–Z)` },
    { value: 'name,desc', label: t`Name (Z–A)` },
    { value: 'email,asc', label: t`E-Mail (A–Z)` },
    { value: 'email,desc', label: t`E-Mail (Z–A)` },
    { value: 'role,asc', label: t`Rolle` },
    { value: 'verified,asc', label: t`Unbestätigte zuerst` },
    { value: 'createdAt,desc', label: t`Neueste zuerst` },
    { value: 'createdAt,asc', label: t`Älteste zuerst` },
  ]
  const current = `${sort},${dir}`
  return (
    <div className="grid gap-3 md:grid-cols-[1fr_14rem_9rem]">
      <form role="search" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label={t`Suche`}
          type="search"
          placeholder={t`Name, E-Mail, Rolle oder Verein`}
          defaultValue={q}
          maxLength={100}
          onChange={(event) => onSearch(event.target.value)}
        />
      </form>
      <SelectField
        label={t`Sortierung`}
        value={sortOptions.some((option) => option.value === current) ? current : 'name,asc'}
        options={sortOptions}
        onChange={(event) => {
          const [field, direction] = event.target.value.split(',') as [UserSortField, SortDirection]
          onSort(field, direction)
        }}
      />
      <SelectField
        label={t`Pro Seite`}
        value={String(size)}
        options={USER_PAGE_SIZES.map((value) => ({ value: String(value), label: String(value) }))}
        onChange={(event) => onSize(Number(event.target.value))}
      />
    </div>
  )
}
