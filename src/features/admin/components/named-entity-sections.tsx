import { zodResolver } from '@hookform/resolvers/zod'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useQuery, type UseMutationResult } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { useForm, type Resolver, type UseFormRegister } from 'react-hook-form'
import { toast } from '#src/lib/toast.ts'
import { getGetClubRolesQueryOptions } from '#src/api/generated/query/endpoints/club-roles/club-roles.ts'
import { getGetClubTypesQueryOptions } from '#src/api/generated/query/endpoints/club-types/club-types.ts'
import { Alert } from '#src/components/ui/alert.tsx'
import { Badge } from '#src/components/ui/badge.tsx'
import { Button } from '#src/components/ui/button.tsx'
import { Card, CardBody, CardHeader } from '#src/components/ui/card.tsx'
import { ConfirmDialog, Dialog, DialogClose } from '#src/components/ui/dialog.tsx'
import { EmptyState } from '#src/components/ui/empty-state.tsx'
import { CheckboxField, TextField } from '#src/components/ui/field.tsx'
import { LoadingBlock } from '#src/components/ui/loading-block.tsx'
import { QueryError } from '#src/components/ui/query-error.tsx'
import { ApiError } from '#src/api/client.ts'
import { applyServerFieldErrors, problemKind, toastSaveFailure } from '#src/lib/api-errors.ts'
import type { ClubRole } from '#openapi/generated/model/clubRole.ts'
import { useClubRoleMutations, useClubTypeMutations } from '#src/features/admin/api/named-entity-mutations.ts'
import {
  clubRoleInputSchema,
  namedInputSchema,
  namesInUse,
  type ClubRoleInputValues,
} from '#src/features/admin/schemas.ts'

/** A club role's rights inside a club (club types have none). */
type Rights = Pick<ClubRole, 'manageMoney' | 'manageMembers'>

interface Entity {
  id: string
  name: string
  /** How often it is used (clubs of a type; memberships and open invitations of a role). */
  count: number
  /** A club role's rights; absent for club types. */
  rights?: Rights
}

/** What the forms edit: the name, and a club role's rights. */
type EntityValues = ClubRoleInputValues

/**
 * The section's view of a kind's create, change and delete. Delete takes the same request for both kinds;
 * changing a type puts the id in the path, changing a role in the body, with its rights.
 */
interface NamedEntityMutations {
  create: { mutateAsync: (values: EntityValues) => Promise<unknown>; isPending: boolean }
  rename: { mutateAsync: (item: { id: string } & EntityValues) => Promise<unknown>; isPending: boolean }
  remove: UseMutationResult<unknown, unknown, { id: string }>
}

interface Texts {
  title: string
  description: string
  newLabel: string
  addLabel: string
  listLabel: string
  empty: string
  renameTitle: (name: string) => string
  /** The button that opens the change dialog, and its accessible name. */
  renameButton: string
  renameLabel: (name: string) => string
  deleteTitle: (name: string) => string
  deleteDescription: (name: string) => string
  usage: (count: number) => string
  unused: string
  blockedDelete: string
  saveError: string
  deleteError: string
  inUseError: (names: string | null) => string
  nameTaken: string
}

/** Club types: `GET clubtypes/all` with the number of clubs of each type. */
export const ClubTypesSection = () => {
  const { t } = useLingui()
  const query = useQuery(getGetClubTypesQueryOptions())
  const { create, rename, remove } = useClubTypeMutations()
  const mutations: NamedEntityMutations = {
    create: { isPending: create.isPending, mutateAsync: ({ name }) => create.mutateAsync({ data: { name } }) },
    rename: { isPending: rename.isPending, mutateAsync: ({ id, name }) => rename.mutateAsync({ id, data: { name } }) },
    remove,
  }
  const texts: Texts = {
    title: t`Vereinsarten`,
    description: t`Die Arten von Vereinen, aus denen ein Verein bei der Registrierung wählt.`,
    newLabel: t`Neue Vereinsart`,
    addLabel: t`Vereinsart hinzufügen`,
    listLabel: t`Vereinsarten`,
    empty: t`Es gibt noch keine Vereinsarten.`,
    renameTitle: (name) => t`Vereinsart „${name}“ umbenennen`,
    renameButton: t`Umbenennen`,
    renameLabel: (name) => t`${name} umbenennen`,
    deleteTitle: (name) => t`Vereinsart „${name}“ löschen?`,
    deleteDescription: (name) =>
      t`„${name}“ wird von keinem Verein verwendet und wird endgültig gelöscht. Vereine können sie danach nicht mehr wählen.`,
    usage: (count) => plural(count, { one: 'wird von # Verein verwendet', other: 'wird von # Vereinen verwendet' }),
    unused: t`wird von keinem Verein verwendet`,
    blockedDelete: t`Löschen ist erst möglich, wenn kein Verein diese Vereinsart mehr verwendet.`,
    saveError: t`Fehler beim Speichern der Vereinsart`,
    deleteError: t`Fehler beim Löschen der Vereinsart`,
    inUseError: (names) =>
      names
        ? t`Die Vereinsart wird noch verwendet und wurde nicht gelöscht. Verwendet von: ${names}`
        : t`Die Vereinsart wird noch verwendet und wurde nicht gelöscht.`,
    nameTaken: t`Diesen Namen gibt es schon.`,
  }
  return (
    <NamedEntitySection
      texts={texts}
      mutations={mutations}
      items={query.data?.map((type) => ({ id: type.id, name: type.name, count: type.clubCount }))}
      error={query.error}
      onRetry={() => void query.refetch()}
    />
  )
}

/** Club roles: `GET clubroles/all` with the number of memberships and open invitations of each role. */
export const ClubRolesSection = () => {
  const { t } = useLingui()
  const query = useQuery(getGetClubRolesQueryOptions())
  const { create, rename, remove } = useClubRoleMutations()
  const mutations: NamedEntityMutations = {
    create: {
      isPending: create.isPending,
      mutateAsync: ({ name, manageMoney = false, manageMembers = false }) =>
        create.mutateAsync({ data: { name, manageMoney, manageMembers } }),
    },
    rename: { isPending: rename.isPending, mutateAsync: (item) => rename.mutateAsync({ data: item }) },
    remove,
  }
  const texts: Texts = {
    title: t`Vereinsrollen`,
    description: t`Die Funktionen, die Personen in einem Verein haben und mit denen sie eingeladen werden, und was sie im Verein dürfen.`,
    newLabel: t`Neue Vereinsrolle`,
    addLabel: t`Vereinsrolle hinzufügen`,
    listLabel: t`Vereinsrollen`,
    empty: t`Es gibt noch keine Vereinsrollen.`,
    renameTitle: (name) => t`Vereinsrolle „${name}“ bearbeiten`,
    renameButton: t`Bearbeiten`,
    renameLabel: (name) => t`${name} bearbeiten`,
    deleteTitle: (name) => t`Vereinsrolle „${name}“ löschen?`,
    deleteDescription: (name) =>
      t`„${name}“ hat niemand inne und wird endgültig gelöscht. Einladungen können sie danach nicht mehr verwenden.`,
    usage: (count) =>
      plural(count, {
        one: 'wird von # Mitglied oder Einladung verwendet',
        other: 'wird von # Mitgliedern oder Einladungen verwendet',
      }),
    unused: t`wird von niemandem verwendet`,
    blockedDelete: t`Löschen ist erst möglich, wenn niemand diese Rolle mehr hat und keine offene Einladung sie nennt.`,
    saveError: t`Fehler beim Speichern der Vereinsrolle`,
    deleteError: t`Fehler beim Löschen der Vereinsrolle`,
    inUseError: (names) =>
      names
        ? t`Die Vereinsrolle wird noch verwendet und wurde nicht gelöscht. Verwendet in: ${names}`
        : t`Die Vereinsrolle wird noch verwendet und wurde nicht gelöscht.`,
    nameTaken: t`Diesen Namen gibt es schon.`,
  }
  return (
    <NamedEntitySection
      texts={texts}
      mutations={mutations}
      items={query.data?.map((role) => ({
        id: role.id,
        name: role.name,
        count: role.memberCount,
        rights: { manageMoney: role.manageMoney, manageMembers: role.manageMembers },
      }))}
      error={query.error}
      onRetry={() => void query.refetch()}
      withRights
    />
  )
}

interface SectionProps {
  texts: Texts
  mutations: NamedEntityMutations
  items: Entity[] | undefined
  /** The list's failure, or null. */
  error: unknown
  onRetry: () => void
  /** The entries have rights inside a club (club roles): shown in the list, edited in the forms. */
  withRights?: boolean
}

const NamedEntitySection = ({ texts, mutations, items, error, onRetry, withRights = false }: SectionProps) => {
  const { t } = useLingui()
  const headingId = useId()
  const [renaming, setRenaming] = useState<Entity | null>(null)
  const [deleting, setDeleting] = useState<Entity | null>(null)
  const [inUse, setInUse] = useState<string | null>(null)

  const confirmDelete = () => {
    if (!deleting) return
    mutations.remove.mutate(
      { id: deleting.id },
      {
        onSuccess: () => setDeleting(null),
        onError: (error) => {
          setDeleting(null)
          if (problemKind(error) === 'in-use') {
            // Someone started using it meanwhile: say who, and show the new counts.
            setInUse(texts.inUseError(namesInUse(error instanceof ApiError ? error.problem?.detail : undefined)))
            onRetry()
          } else {
            toast.error(texts.deleteError)
          }
        },
      },
    )
  }

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader id={headingId} title={texts.title} description={texts.description} />
      <CardBody className="flex flex-col gap-5">
        <CreateForm texts={texts} mutations={mutations} withRights={withRights} />
        {inUse && (
          <Alert
            tone="error"
            role="alert"
            title={texts.deleteError}
            actions={
              <Button variant="secondary" size="sm" onClick={() => setInUse(null)}>
                <Trans>Hinweis schließen</Trans>
              </Button>
            }
          >
            {inUse}
          </Alert>
        )}
        {error ? (
          <QueryError error={error} title={t`Die Liste konnte nicht geladen werden.`} onRetry={onRetry} />
        ) : !items ? (
          <LoadingBlock />
        ) : items.length === 0 ? (
          <EmptyState title={texts.empty} />
        ) : (
          <ul aria-label={texts.listLabel} className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {items.map((item) => (
              <EntityRow
                key={item.id}
                item={item}
                texts={texts}
                onRename={() => setRenaming(item)}
                onDelete={() => {
                  setInUse(null)
                  setDeleting(item)
                }}
              />
            ))}
          </ul>
        )}
      </CardBody>
      <RenameDialog
        texts={texts}
        mutations={mutations}
        item={renaming}
        withRights={withRights}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? texts.deleteTitle(deleting.name) : ''}
        description={deleting ? texts.deleteDescription(deleting.name) : ''}
        confirmLabel={t`Endgültig löschen`}
        destructive
        pending={mutations.remove.isPending}
        onConfirm={confirmDelete}
      />
    </Card>
  )
}

const EntityRow = ({
  item,
  texts,
  onRename,
  onDelete,
}: {
  item: Entity
  texts: Texts
  onRename: () => void
  onDelete: () => void
}) => {
  const { t } = useLingui()
  const usageId = useId()
  const blockedId = useId()
  const used = item.count > 0
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words text-slate-900">{item.name}</p>
        <p id={usageId} className="text-sm text-slate-600">
          {used ? texts.usage(item.count) : texts.unused}
        </p>
        {item.rights && <RightsSummary rights={item.rights} />}
        {used && (
          <p id={blockedId} className="text-xs text-slate-600">
            {texts.blockedDelete}
          </p>
        )}
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="secondary" size="sm" onClick={onRename} aria-label={texts.renameLabel(item.name)}>
          {texts.renameButton}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={onDelete}
          disabled={used}
          aria-label={t`${item.name} löschen`}
          aria-describedby={used ? `${usageId} ${blockedId}` : usageId}
        >
          <Trans>Löschen</Trans>
        </Button>
      </div>
    </li>
  )
}

/** What a club role allows inside a club, as the list shows it. */
const RightsSummary = ({ rights }: { rights: Rights }) => {
  const { t } = useLingui()
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label={t`Rechte im Verein`}>
      {!rights.manageMoney && !rights.manageMembers && (
        <li>
          <Badge>
            <Trans>Keine Rechte im Verein</Trans>
          </Badge>
        </li>
      )}
      {rights.manageMoney && (
        <li>
          <Badge tone="warning">
            <Trans>Darf Geld verwalten</Trans>
          </Badge>
        </li>
      )}
      {rights.manageMembers && (
        <li>
          <Badge tone="info">
            <Trans>Darf Mitglieder verwalten</Trans>
          </Badge>
        </li>
      )}
    </ul>
  )
}

/** The two rights of a club role, as checkboxes. */
const RightsFields = ({ register }: { register: UseFormRegister<EntityValues> }) => {
  const { t } = useLingui()
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-slate-900">
        <Trans>Rechte im Verein</Trans>
      </legend>
      <CheckboxField
        label={t`Darf Geld verwalten (Bankdaten, Kartenzahlung, Erstattungen)`}
        {...register('manageMoney')}
      />
      <CheckboxField label={t`Darf Mitglieder verwalten`} {...register('manageMembers')} />
    </fieldset>
  )
}

const useNameForm = (initial: EntityValues, withRights: boolean) => {
  // Club types' forms have the name only; club roles' the rights too (the schemas are the contract's).
  const [resolver] = useState(
    () => zodResolver(withRights ? clubRoleInputSchema() : namedInputSchema()) as Resolver<EntityValues>,
  )
  return useForm<EntityValues>({ resolver, defaultValues: initial })
}

const reportNameError = (error: unknown, form: ReturnType<typeof useNameForm>, texts: Texts, invalid: string) => {
  if (problemKind(error) === 'name-taken') {
    form.setError('name', { type: 'server', message: texts.nameTaken })
    return
  }
  applyServerFieldErrors(error, form.setError, ['name'], invalid)
  toastSaveFailure(texts.saveError, error)
}

const NO_RIGHTS = { manageMoney: false, manageMembers: false }

const CreateForm = ({
  texts,
  mutations,
  withRights,
}: {
  texts: Texts
  mutations: NamedEntityMutations
  withRights: boolean
}) => {
  const { t } = useLingui()
  const empty = withRights ? { name: '', ...NO_RIGHTS } : { name: '' }
  const form = useNameForm(empty, withRights)
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutations.create.mutateAsync(values)
      form.reset(empty)
    } catch (error) {
      reportNameError(error, form, texts, t`Bitte prüfen Sie den Namen.`)
    }
  })
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label={texts.addLabel}
      className="flex flex-col gap-3"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <TextField
          label={texts.newLabel}
          containerClassName="sm:flex-1"
          autoComplete="off"
          maxLength={60}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Button type="submit" pending={mutations.create.isPending} className="sm:mt-6">
          {texts.addLabel}
        </Button>
      </div>
      {withRights && <RightsFields register={form.register} />}
    </form>
  )
}

const RenameDialog = ({
  texts,
  mutations,
  item,
  withRights,
  onClose,
}: {
  texts: Texts
  mutations: NamedEntityMutations
  item: Entity | null
  withRights: boolean
  onClose: () => void
}) => (
  <Dialog
    open={item !== null}
    onOpenChange={(open) => !open && onClose()}
    title={item ? texts.renameTitle(item.name) : ''}
  >
    {item && (
      <RenameForm
        key={item.id}
        texts={texts}
        mutations={mutations}
        item={item}
        withRights={withRights}
        onDone={onClose}
      />
    )}
  </Dialog>
)

const RenameForm = ({
  texts,
  mutations,
  item,
  withRights,
  onDone,
}: {
  texts: Texts
  mutations: NamedEntityMutations
  item: Entity
  withRights: boolean
  onDone: () => void
}) => {
  const { t } = useLingui()
  const formId = useId()
  const form = useNameForm({ name: item.name, ...(withRights ? (item.rights ?? NO_RIGHTS) : {}) }, withRights)
  const { errors } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await mutations.rename.mutateAsync({ id: item.id, ...values })
      onDone()
    } catch (error) {
      reportNameError(error, form, texts, t`Bitte prüfen Sie den Namen.`)
    }
  })
  return (
    <form id={formId} noValidate onSubmit={(event) => void onSubmit(event)} className="flex flex-col gap-4">
      <TextField
        label={t`Neuer Name`}
        autoComplete="off"
        maxLength={60}
        required
        error={errors.name?.message}
        {...form.register('name')}
      />
      {withRights && <RightsFields register={form.register} />}
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <DialogClose variant="secondary">
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button type="submit" form={formId} pending={mutations.rename.isPending}>
          <Trans>Speichern</Trans>
        </Button>
      </div>
    </form>
  )
}
