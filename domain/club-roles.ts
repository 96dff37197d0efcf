/**
 * Club roles: a named catalogue (named-catalogue.ts) whose entries members and open invitations hold; a
 * role held stays. Each role carries the rights inside a club its holders have (club-rights.ts); a change
 * of them is in the audit log and applies to every holder at once.
 */
import {
  createClubRoleBodyNameMin,
  updateClubRoleBodyNameMin,
} from '#openapi/generated/zod/club-roles/club-roles.zod.ts'
import type { ClubRole } from '#openapi/generated/model/clubRole.ts'
import { change } from './audit.ts'
import { CLUB_RIGHTS, RIGHT_FIELD } from './club-rights.ts'
import { collator } from './common.ts'
import { namedCatalogue } from './named-catalogue.ts'
import { defineOperations } from './operation.ts'
import type { ClubRoleRecord, InvitationRecord } from './records.ts'

/** An invitation that can still be accepted: not used, replaced or withdrawn, and not expired. */
export const isOpenInvitation = (invitation: InvitationRecord, now: number): boolean =>
  invitation.usedAt === null &&
  invitation.replacedAt === null &&
  invitation.withdrawnAt === null &&
  Date.parse(invitation.expiresAt) > now

const clubRoles = namedCatalogue({
  store: (ports) => ports.clubRoles,
  noun: 'Club role',
  audit: {
    field: 'clubRole',
    created: 'CLUB_ROLE_CREATED',
    renamed: 'CLUB_ROLE_RENAMED',
    deleted: 'CLUB_ROLE_DELETED',
    extra: {
      changed: 'CLUB_ROLE_RIGHTS_CHANGED',
      changes: (before: ClubRoleRecord | null, after: ClubRoleRecord) =>
        CLUB_RIGHTS.flatMap((right) => {
          const field = RIGHT_FIELD[right]
          const was = before === null ? false : before[field]
          return was === after[field] ? [] : [change(`clubRole.${field}`, String(was), String(after[field]))]
        }),
    },
  },
  /** How often each role is held: by members, and by open invitations. */
  uses: async ({ ports, now }) => {
    const [memberships, invitations] = await Promise.all([
      ports.memberships.countsByRole(),
      ports.invitations.listUnused(),
    ])
    const uses = new Map(memberships)
    for (const invitation of invitations) {
      if (isOpenInvitation(invitation, now)) uses.set(invitation.clubRoleId, (uses.get(invitation.clubRoleId) ?? 0) + 1)
    }
    return uses
  },
  view: (role, memberCount): ClubRole => ({
    id: role.id,
    name: role.name,
    memberCount,
    manageMoney: role.manageMoney,
    manageMembers: role.manageMembers,
  }),
  inUse: async ({ ports, now }, role) => {
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
    if (clubIds.length === 0) return null
    const clubs = await ports.clubs.getMany([...new Set(clubIds)])
    const names = [...new Set(clubIds)]
      .map((clubId) => clubs.get(clubId)?.profile.name ?? clubId)
      .sort(collator.compare)
    return `The club role is held ${clubIds.length} time(s) in: ${names.join(', ')}.`
  },
})

export const clubRoleOperations = defineOperations({
  getClubRoles: { run: (ctx) => clubRoles.list(ctx) },
  createClubRole: {
    run: (ctx, { body }) =>
      clubRoles.create(ctx, body.name, createClubRoleBodyNameMin, {
        manageMoney: body.manageMoney ?? false,
        manageMembers: body.manageMembers ?? false,
      }),
  },
  updateClubRole: {
    run: (ctx, { body }) =>
      clubRoles.update(ctx, body.id, body.name, updateClubRoleBodyNameMin, {
        manageMoney: body.manageMoney,
        manageMembers: body.manageMembers,
      }),
  },
  deleteClubRole: { run: (ctx, { params }) => clubRoles.remove(ctx, params.id) },
})
