/** Club roles: unique names, and no deleting a role that members or open invitations hold. */
import {
  CreateClubRoleBody,
  DeleteClubRoleParams,
  UpdateClubRoleBody,
  createClubRoleBodyNameMin,
  updateClubRoleBodyNameMin,
} from '../../src/api/generated/zod/club-roles/club-roles.zod.ts'
import type { ClubRole } from '../../src/api/generated/query/model/clubRole.ts'
import type { Tx } from '../db/store.ts'
import type { ClubRoleRecord, InvitationRecord } from '../db/types.ts'
import { checkedName } from './club-types.ts'
import { collator } from './common.ts'
import { randomId } from './crypto.ts'
import { defineOperation, json, noContent } from './operation.ts'
import { notFound, problem } from './problem.ts'
import { isoInstant } from './time.ts'

/** An invitation that can still be accepted. */
export const isOpenInvitation = (invitation: InvitationRecord, now: number): boolean =>
  invitation.usedAt === null && Date.parse(invitation.expiresAt) > now

/** The clubs whose memberships or open invitations use the role (one entry per use). */
const usesOfRole = (tx: Tx, roleId: string, now: number): string[] => {
  const clubIds: string[] = []
  for (const membership of tx.table('memberships').values()) if (membership.clubRoleId === roleId) clubIds.push(membership.clubId)
  for (const invitation of tx.table('invitations').values()) {
    if (invitation.clubRoleId === roleId && isOpenInvitation(invitation, now)) clubIds.push(invitation.clubId)
  }
  return clubIds
}

const toClubRole = (tx: Tx, role: ClubRoleRecord, now: number): ClubRole => ({
  id: role.id,
  name: role.name,
  memberCount: usesOfRole(tx, role.id, now).length,
})

export const clubRoleOperations = {
  getClubRoles: defineOperation({
    run: ({ tx, now }) =>
      json(
        200,
        [...tx.table('clubRoles').values()].sort((a, b) => collator.compare(a.name, b.name)).map((role) => toClubRole(tx, role, now)),
      ),
  }),

  createClubRole: defineOperation({
    body: CreateClubRoleBody,
    run: ({ tx, now }, { body }) => {
      const name = checkedName(tx.table('clubRoles').values(), body.name, createClubRoleBodyNameMin)
      const id = randomId()
      return json(201, toClubRole(tx, tx.put('clubRoles', id, { id, name, createdAt: isoInstant(now) }), now))
    },
  }),

  updateClubRole: defineOperation({
    body: UpdateClubRoleBody,
    run: ({ tx, now }, { body }) => {
      const role = tx.table('clubRoles').get(body.id)
      if (!role) throw notFound('Club role', body.id)
      const name = checkedName(tx.table('clubRoles').values(), body.name, updateClubRoleBodyNameMin, role.id)
      return json(200, toClubRole(tx, tx.put('clubRoles', role.id, { ...role, name }), now))
    },
  }),

  deleteClubRole: defineOperation({
    params: DeleteClubRoleParams,
    run: ({ tx, now }, { params }) => {
      const role = tx.table('clubRoles').get(params.id)
      if (!role) throw notFound('Club role', params.id)
      const uses = usesOfRole(tx, role.id, now)
      if (uses.length > 0) {
        const clubs = [...new Set(uses)].map((clubId) => tx.table('clubs').get(clubId)?.profile.name ?? clubId).sort(collator.compare)
        throw problem('in-use', `The club role is held ${uses.length} time(s) in: ${clubs.join(', ')}.`)
      }
      tx.delete('clubRoles', role.id)
      return noContent()
    },
  }),
}
