/**
 * A named catalogue: entries with a unique name (without regard to case and spacing) that administrators
 * create, rename and delete, each change in the audit log, and that cannot be deleted while something
 * uses them. Club types (club-types.ts) and club roles (club-roles.ts) are the two; each says what differs:
 * what counts as a use, what blocks a delete, the audit actions and the shape of its answers.
 */
import type { AuditAction } from '#openapi/generated/model/auditAction.ts'
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

export interface NamedCatalogueSpec<View> {
  /** The catalogue's store among the ports. */
  readonly store: (ports: Ports) => NamedCatalogue
  /** What an entry is called in problems: `Club type`. */
  readonly noun: string
  /** The audit entries' field and actions. */
  readonly audit: {
    readonly field: AuditField
    readonly created: AuditAction
    readonly renamed: AuditAction
    readonly deleted: AuditAction
  }
  /** How often each entry is used, by id (unused ones may be absent). */
  readonly uses: (ctx: OperationContext) => Promise<Map<string, number>>
  /** An entry as the contract answers it, with its number of uses. */
  readonly view: (record: NamedRecord, uses: number) => View
  /** Why the entry may not be deleted (the `in-use` problem's detail, naming who uses it), or null. */
  readonly inUse: (ctx: OperationContext, record: NamedRecord) => Promise<string | null>
}

/** The operations' rules of one catalogue; the modules bind them to their operations and inputs. */
export const namedCatalogue = <View>(spec: NamedCatalogueSpec<View>) => {
  const existing = async (ports: Ports, id: string): Promise<NamedRecord> => {
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

    create: async (ctx: OperationContext, name: string, minLength: number): Promise<ApiResponse> => {
      const store = spec.store(ctx.ports)
      const checked = checkedName(await store.list(), name, minLength)
      const record: NamedRecord = { id: ctx.ports.ids.id(), name: checked, createdAt: isoInstant(ctx.now) }
      await store.insert(record)
      await recordAudit(ctx, { action: spec.audit.created, changes: [change(spec.audit.field, null, checked)] })
      return json(201, spec.view(record, 0))
    },

    rename: async (ctx: OperationContext, id: string, name: string, minLength: number): Promise<ApiResponse> => {
      const store = spec.store(ctx.ports)
      const record = await existing(ctx.ports, id)
      const checked = checkedName(await store.list(), name, minLength, record.id)
      const saved = { ...record, name: checked }
      await store.update(saved)
      if (checked !== record.name)
        await recordAudit(ctx, {
          action: spec.audit.renamed,
          changes: [change(spec.audit.field, record.name, checked)],
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
