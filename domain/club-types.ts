/** Club types: unique names, and no deleting a type that clubs use. */
import {
  createClubTypeBodyNameMin,
  updateClubTypeBodyNameMin,
} from '#openapi/generated/zod/club-types/club-types.zod.ts'
import type { ClubType } from '#openapi/generated/model/clubType.ts'
import { change, recordAudit } from './audit.ts'
import { collator, normalizeName, sameName } from './common.ts'
import { defineOperations, json, noContent } from './operation.ts'
import type { Ports } from './ports.ts'
import { notFound, problem } from './problem.ts'
import type { ClubTypeRecord } from './records.ts'
import { isoInstant } from './time.ts'
import { normalizedText } from './validation.ts'

const toClubType = (type: ClubTypeRecord, clubCount: number): ClubType => ({ id: type.id, name: type.name, clubCount })

const withCount = async (ports: Ports, type: ClubTypeRecord): Promise<ClubType> =>
  toClubType(type, (await ports.clubs.countsByType()).get(type.id) ?? 0)

/** A normalized name of at least `min` characters, not used by another record of the table. */
export const checkedName = (
  existing: Iterable<{ id: string; name: string }>,
  name: string,
  min: number,
  exceptId?: string,
): string => {
  const normalized = normalizedText('name', name, min, normalizeName)
  for (const record of existing) {
    if (record.id !== exceptId && sameName(record.name, normalized))
      throw problem('name-taken', `The name '${normalized}' is taken.`)
  }
  return normalized
}

const getType = async (ports: Ports, id: string): Promise<ClubTypeRecord> => {
  const type = await ports.clubTypes.get(id)
  if (!type) throw notFound('Club type', id)
  return type
}

export const clubTypeOperations = defineOperations({
  getClubTypes: {
    run: async ({ ports }) => {
      const [types, counts] = await Promise.all([ports.clubTypes.list(), ports.clubs.countsByType()])
      return json(
        200,
        types
          .sort((a, b) => collator.compare(a.name, b.name))
          .map((type) => toClubType(type, counts.get(type.id) ?? 0)),
      )
    },
  },

  createClubType: {
    run: async (ctx, { body }) => {
      const { ports, now } = ctx
      const name = checkedName(await ports.clubTypes.list(), body.name, createClubTypeBodyNameMin)
      const type: ClubTypeRecord = { id: ports.ids.id(), name, createdAt: isoInstant(now) }
      await ports.clubTypes.insert(type)
      await recordAudit(ctx, { action: 'CLUB_TYPE_CREATED', changes: [change('clubType', null, name)] })
      return json(201, toClubType(type, 0))
    },
  },

  updateClubType: {
    run: async (ctx, { params, body }) => {
      const { ports } = ctx
      const type = await getType(ports, params.id)
      const name = checkedName(await ports.clubTypes.list(), body.name, updateClubTypeBodyNameMin, type.id)
      const saved = { ...type, name }
      await ports.clubTypes.update(saved)
      if (name !== type.name)
        await recordAudit(ctx, { action: 'CLUB_TYPE_RENAMED', changes: [change('clubType', type.name, name)] })
      return json(200, await withCount(ports, saved))
    },
  },

  deleteClubType: {
    run: async (ctx, { params }) => {
      const { ports } = ctx
      const type = await getType(ports, params.id)
      const clubs = (await ports.clubs.namesByType(type.id)).sort(collator.compare)
      if (clubs.length > 0)
        throw problem('in-use', `The club type is used by ${clubs.length} club(s): ${clubs.join(', ')}.`)
      await ports.clubTypes.delete(type.id)
      await recordAudit(ctx, { action: 'CLUB_TYPE_DELETED', changes: [change('clubType', type.name, null)] })
      return noContent()
    },
  },
})
