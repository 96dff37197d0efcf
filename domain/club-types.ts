/** Club types: a named catalogue (named-catalogue.ts) whose entries clubs use; a type in use stays. */
import {
  createClubTypeBodyNameMin,
  updateClubTypeBodyNameMin,
} from '#openapi/generated/zod/club-types/club-types.zod.ts'
import type { ClubType } from '#openapi/generated/model/clubType.ts'
import { collator } from './common.ts'
import { namedCatalogue } from './named-catalogue.ts'
import { defineOperations } from './operation.ts'

const clubTypes = namedCatalogue({
  store: (ports) => ports.clubTypes,
  noun: 'Club type',
  audit: {
    field: 'clubType',
    created: 'CLUB_TYPE_CREATED',
    renamed: 'CLUB_TYPE_RENAMED',
    deleted: 'CLUB_TYPE_DELETED',
  },
  uses: ({ ports }) => ports.clubs.countsByType(),
  view: (type, clubCount): ClubType => ({ id: type.id, name: type.name, clubCount }),
  inUse: async ({ ports }, type) => {
    const clubs = (await ports.clubs.namesByType(type.id)).sort(collator.compare)
    return clubs.length > 0 ? `The club type is used by ${clubs.length} club(s): ${clubs.join(', ')}.` : null
  },
})

export const clubTypeOperations = defineOperations({
  getClubTypes: { run: (ctx) => clubTypes.list(ctx) },
  createClubType: { run: (ctx, { body }) => clubTypes.create(ctx, body.name, createClubTypeBodyNameMin, {}) },
  updateClubType: {
    run: (ctx, { params, body }) => clubTypes.update(ctx, params.id, body.name, updateClubTypeBodyNameMin),
  },
  deleteClubType: { run: (ctx, { params }) => clubTypes.remove(ctx, params.id) },
})
