/** Club roles: unique names, and no deleting a role that members or open invitations hold. */
import {
  createClubRoleBodyNameMin,
  updateClubRoleBodyNameMin,
} from '#openapi/generated/zod/club-roles/club-roles.zod.ts'
import type { ClubRole } from '#openapi/generated/model/clubRole.ts'
import { change, recordAudit } from './audit.ts'
import { checkedName } from './club-types.ts'
import { collator } from './common.ts'
import { defineOperations, json, noContent } from './operation.ts'
import type { Ports } from './ports.ts'
import { notFound, problem } from './problem.ts'
import type { ClubRoleRecord, InvitationRecord } from './records.ts'
import { isoInstant } from './time.ts'

/** An invitation that can still be accepted: not used, replaced or withdrawn, and not expired. */
export const isOpenInvitation = (invitation: InvitationRecord, now: number): boolean =>
  invitation.usedAt === null &&
  invitation.replacedAt === null &&
  invitation.withdrawnAt === null &&
  Date.parse(invitation.expiresAt) > now

/** How often each role is held: by members, and by open invitations. */
const usesByRole = async (ports: Ports, now: number): Promise<Map<string, number>> => {
  const [memberships, invitations] = await Promise.all([
    ports.memberships.countsByRole(),
    ports.invitations.listUnused(),
  ])
  const uses = new Map(memberships)
  for (const invitation of invitations) {
    if (isOpenInvitation(invitation, now)) uses.set(invitation.clubRoleId, (uses.get(invitation.clubRoleId) ?? 0) + 1)
  }
  return uses
}

const toClubRole = (role: ClubRoleRecord, memberCount: number): ClubRole => ({
  id: role.id,
  name: role.name,
  memberCount,
})

const getRole = async (ports: Ports, id: string): Promise<ClubRoleRecord> => {
  const role = await ports.clubRoles.get(id)
  if (!role) throw notFound('Club role', id)
  return role
}

export const clubRoleOperations = defineOperations({
  getClubRoles: {
    run: async ({ ports, now }) => {
      const [roles, uses] = await Promise.all([ports.clubRoles.list(), usesByRole(ports, now)])
      return json(
        200,
        roles.sort((a, b) => collator.compare(a.name, b.name)).map((role) => toClubRole(role, uses.get(role.id) ?? 0)),
      )
    },
  },

  createClubRole: {
    run: async (ctx, { body }) => {
      const { ports, now } = ctx
      const name = checkedName(await ports.clubRoles.list(), body.name, createClubRoleBodyNameMin)
      const role: ClubRoleRecord = { id: ports.ids.id(), name, createdAt: isoInstant(now) }
      await ports.clubRoles.insert(role)
      await recordAudit(ctx, { action: 'CLUB_ROLE_CREATED', changes: [change('clubRole', null, name)] })
      return json(201, toClubRole(role, 0))
    },
  },

  updateClubRole: {
    run: async (ctx, { body }) => {
      const { ports, now } = ctx
      const role = await getRole(ports, body.id)
      const name = checkedName(await ports.clubRoles.list(), body.name, updateClubRoleBodyNameMin, role.id)
      const saved = { ...role, name }
      await ports.clubRoles.update(saved)
      if (name !== role.name)
        await recordAudit(ctx, { action: 'CLUB_ROLE_RENAMED', changes: [change('clubRole', role.name, name)] })
      return json(200, toClubRole(saved, (await usesByRole(ports, now)).get(role.id) ?? 0))
    },
  },

  deleteClubRole: {
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      const role = await getRole(ports, params.id)
      const [memberships, invitations] = await Promise.all([
        ports.memberships.listByRole(role.id),
        ports.invitations.listUnused(),
      ])
      const clubIds = [
        ...memberships.map((membership) => membership.clubId),
        ...invitations
          .filter((invitation) => invitation.clubRoleId === role.id && isOpenInvitation(invitation, now))
          .map((invitation) => invitation.clubId),
      ]
      if (clubIds.length > 0) {
        const clubs = await ports.clubs.getMany([...new Set(clubIds)])
        const names = [...new Set(clubIds)]
          .map((clubId) => clubs.get(clubId)?.profile.name ?? clubId)
          .sort(collator.compare)
        throw problem('in-use', `The club role is held ${clubIds.length} time(s) in: ${names.join(', ')}.`)
      }
      await ports.clubRoles.delete(role.id)
      await recordAudit(ctx, { action: 'CLUB_ROLE_DELETED', changes: [change('clubRole', role.name, null)] })
      return noContent()
    },
  },
})
