/** Club types: unique names, and no deleting a type that clubs use. */
import {
  CreateClubTypeBody,
  DeleteClubTypeParams,
  UpdateClubTypeBody,
  UpdateClubTypeParams,
  createClubTypeBodyNameMin,
  updateClubTypeBodyNameMin,
} from '../../src/api/generated/zod/club-types/club-types.zod.ts'
import type { ClubType } from '../../src/api/generated/query/model/clubType.ts'
import type { Tx } from '../db/store.ts'
import type { ClubTypeRecord } from '../db/types.ts'
import { collator, normalizeName, sameName } from './common.ts'
import { randomId } from './crypto.ts'
import { defineOperation, json, noContent } from './operation.ts'
import { notFound, problem } from './problem.ts'
import { isoInstant } from './time.ts'
import { normalizedText } from './validation.ts'

const clubsOfType = (tx: Tx, typeId: string): string[] => {
  const names: string[] = []
  for (const club of tx.table('clubs').values()) if (club.profile.clubTypeId === typeId) names.push(club.profile.name)
  return names.sort(collator.compare)
}

const toClubType = (tx: Tx, type: ClubTypeRecord): ClubType => ({ id: type.id, name: type.name, clubCount: clubsOfType(tx, type.id).length })

/** A normalized name of at least `min` characters, not used by another record of the table. */
export const checkedName = (existing: Iterable<{ id: string; name: string }>, name: string, min: number, exceptId?: string): string => {
  const normalized = normalizedText('name', name, min, normalizeName)
  for (const record of existing) {
    if (record.id !== exceptId && sameName(record.name, normalized)) throw problem('name-taken', `The name '${normalized}' is taken.`)
  }
  return normalized
}

export const clubTypeOperations = {
  getClubTypes: defineOperation({
    run: ({ tx }) =>
      json(
        200,
        [...tx.table('clubTypes').values()].sort((a, b) => collator.compare(a.name, b.name)).map((type) => toClubType(tx, type)),
      ),
  }),

  createClubType: defineOperation({
    body: CreateClubTypeBody,
    run: ({ tx, now }, { body }) => {
      const name = checkedName(tx.table('clubTypes').values(), body.name, createClubTypeBodyNameMin)
      const id = randomId()
      return json(201, toClubType(tx, tx.put('clubTypes', id, { id, name, createdAt: isoInstant(now) })))
    },
  }),

  updateClubType: defineOperation({
    params: UpdateClubTypeParams,
    body: UpdateClubTypeBody,
    run: ({ tx }, { params, body }) => {
      const type = tx.table('clubTypes').get(params.id)
      if (!type) throw notFound('Club type', params.id)
      const name = checkedName(tx.table('clubTypes').values(), body.name, updateClubTypeBodyNameMin, type.id)
      return json(200, toClubType(tx, tx.put('clubTypes', type.id, { ...type, name })))
    },
  }),

  deleteClubType: defineOperation({
    params: DeleteClubTypeParams,
    run: ({ tx }, { params }) => {
      const type = tx.table('clubTypes').get(params.id)
      if (!type) throw notFound('Club type', params.id)
      const clubs = clubsOfType(tx, type.id)
      if (clubs.length > 0) throw problem('in-use', `The club type is used by ${clubs.length} club(s): ${clubs.join(', ')}.`)
      tx.delete('clubTypes', type.id)
      return noContent()
    },
  }),
}
