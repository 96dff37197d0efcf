/**
 * A named catalogue: entries with a unique name (without regard to case and spacing) that administrators
 * create, rename and delete, each change in the audit log, and that cannot be deleted while something
 * uses them. Club types (club-types.ts) and club roles (club-roles.ts) are the two; each says what differs:
 * what counts as a use, what blocks a delete, the audit actions and the shape of its answers.
 */
import type { AuditAction } from '#openapi/generated/model/auditAction.ts'
import type { AuditChange } from '#openapi/generated/model/auditChange.ts'
import type { AuditField } from '#openapi/generated/model/auditField.ts'
import { change, recordAudit } from './audit.ts'
import { collator, normalizeName, sameName } from './common.ts'
import { json, noContent } from './operation.ts'
import type { ApiResponse, OperationContext } from './operation.ts'
import type { NamedCatalogue, Ports } from './ports.ts'
import { notFound, problem } from './problem.ts'
import type { NamedRecord } from './records.ts'
import { isoInstant } from './time.ts'
import { normalizedText } from './validation.ts'

/** A normalized name of at least `min` characters, not used by another entry of the catalogue. */
export const checkedName = (existing: Iterable<NamedRecord>, name: string, min: number, exceptId?: string): string => {
  const normalized = normalizedText('name', name, min, normalizeName)
  for (const record of existing) {
    if (record.id !== exceptId && sameName(record.name, normalized))
      throw problem('name-taken', `The name '${normalized}' is taken.`)
  }
  return normalized
}

/** What an entry holds beside its id, name and creation time (a club role's rights). */
export type Extra<R extends NamedRecord> = Omit<R, keyof NamedRecord>

export interface NamedCatalogueSpec<R extends NamedRecord, View> {
  /** The catalogue's store among the ports. */
  readonly store: (ports: Ports) => NamedCatalogue<R>
  /** What an entry is called in problems: `Club type`. */
  readonly noun: string
  /** The audit entries' field and actions. */
  readonly audit: {
    readonly field: AuditField
    readonly created: AuditAction
    readonly renamed: AuditAction
    readonly deleted: AuditAction
    /**
     * For entries that hold more than a name: the changes of it between two versions (`before` null for a
     * new entry), which go into the created entry, and the action of an entry of their own on an update.
     */
    readonly extra?: {
      readonly changed: AuditAction
      readonly changes: (before: R | null, after: R) => AuditChange[]
    }
  }
  /** How often each entry is used, by id (unused ones may be absent). */
  readonly uses: (ctx: OperationContext) => Promise<Map<string, number>>
  /** An entry as the contract answers it, with its number of uses. */
  readonly view: (record: R, uses: number) => View
  /** Why the entry may not be deleted (the `in-use` problem's detail, naming who uses it), or null. */
  readonly inUse: (ctx: OperationContext, record: R) => Promise<string | null>
}

/** The operations' rules of one catalogue; the modules bind them to their operations and inputs. */
export const namedCatalogue = <R extends NamedRecord, View>(spec: NamedCatalogueSpec<R, View>) => {
  const existing = async (ports: Ports, id: string): Promise<R> => {
    const record = await spec.store(ports).get(id)
    if (!record) throw notFound(spec.noun, id)
    return record
  }
  return {
    /** Every entry, sorted by name, with its uses. */
    list: async (ctx: OperationContext): Promise<ApiResponse> => {
      const [records, uses] = await Promise.all([spec.store(ctx.ports).list(), spec.uses(ctx)])
      return json(
        200,
        records
          .sort((a, b) => collator.compare(a.name, b.name))
          .map((record) => spec.view(record, uses.get(record.id) ?? 0)),
      )
    },

    create: async (ctx: OperationContext, name: string, minLength: number, extra: Extra<R>): Promise<ApiResponse> => {
      const store = spec.store(ctx.ports)
      const checked = checkedName(await store.list(), name, minLength)
      const record = { ...extra, id: ctx.ports.ids.id(), name: checked, createdAt: isoInstant(ctx.now) } as R
      await store.insert(record)
      await recordAudit(ctx, {
        action: spec.audit.created,
        changes: [change(spec.audit.field, null, checked), ...(spec.audit.extra?.changes(null, record) ?? [])],
      })
      return json(201, spec.view(record, 0))
    },

    /** A new name, and what else the body names (what it leaves out stays). */
    update: async (
      ctx: OperationContext,
      id: string,
      name: string,
      minLength: number,
      extra: Partial<Extra<R>> = {},
    ): Promise<ApiResponse> => {
      const store = spec.store(ctx.ports)
      const record = await existing(ctx.ports, id)
      const checked = checkedName(await store.list(), name, minLength, record.id)
      const defined = Object.fromEntries(Object.entries(extra).filter(([, value]) => value !== undefined))
      const saved = { ...record, ...defined, name: checked } as R
      await store.update(saved)
      if (checked !== record.name)
        await recordAudit(ctx, {
          action: spec.audit.renamed,
          changes: [change(spec.audit.field, record.name, checked)],
        })
      const extraChanges = spec.audit.extra?.changes(record, saved) ?? []
      if (spec.audit.extra && extraChanges.length > 0)
        await recordAudit(ctx, {
          action: spec.audit.extra.changed,
          changes: [change(spec.audit.field, saved.name, saved.name), ...extraChanges],
        })
      return json(200, spec.view(saved, (await spec.uses(ctx)).get(record.id) ?? 0))
    },

    remove: async (ctx: OperationContext, id: string): Promise<ApiResponse> => {
      const record = await existing(ctx.ports, id)
      const reason = await spec.inUse(ctx, record)
      if (reason !== null) throw problem('in-use', reason)
      await spec.store(ctx.ports).delete(record.id)
      await recordAudit(ctx, { action: spec.audit.deleted, changes: [change(spec.audit.field, record.name, null)] })
      return noContent()
    },
  }
}
