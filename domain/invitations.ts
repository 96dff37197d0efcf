/**
 * Invitations into a club: sending one (and sending it again), withdrawing it, what a link stands for, and
 * accepting it with an account the person has already. Registering a new account through an invitation
 * is `registerViaInvite` (domain/users.ts), which shares the token checks here.
 *
 * An invitation is open until it is used (accepted), replaced (a newer invitation to the same address into
 * the same club, or the same one sent again), withdrawn (by the club) or expired. Replaced and withdrawn
 * invitations are kept, so their link can say what happened instead of "unknown".
 */
import type { Invitation } from '#openapi/generated/model/invitation.ts'
import type { InvitationCheck } from '#openapi/generated/model/invitationCheck.ts'
import type { InvitationStatus } from '#openapi/generated/model/invitationStatus.ts'
import { requireClubRight, requireRightsToGrant } from './club-rights.ts'
import { isOpenInvitation } from './club-roles.ts'
import { getClub, normalizeEmail } from './common.ts'
import { invitationMail } from './mails.ts'
import { defineOperations, json, noContent, requireCaller } from './operation.ts'
import type { ApiRequest } from './operation.ts'
import type { Ports } from './ports.ts'
import { notFound, problem } from './problem.ts'
import type { ClubRecord, ClubRoleRecord, InvitationRecord, UserRecord } from './records.ts'
import { HOUR_MS, isoInstant } from './time.ts'

/** What became of an invitation; used before withdrawn before replaced before expired. */
export const invitationStatus = (invitation: InvitationRecord, now: number): InvitationStatus =>
  invitation.usedAt !== null
    ? 'USED'
    : invitation.withdrawnAt !== null
      ? 'WITHDRAWN'
      : invitation.replacedAt !== null
        ? 'REPLACED'
        : Date.parse(invitation.expiresAt) <= now
          ? 'EXPIRED'
          : 'VALID'

/** Used, replaced or withdrawn: nothing more can happen to it (an expired one can still be sent again). */
const isClosed = (invitation: InvitationRecord): boolean =>
  invitation.usedAt !== null || invitation.replacedAt !== null || invitation.withdrawnAt !== null

/** A missing or empty `token` has its own problem kind (before validation, which would say "too short"). */
export const requireInvitationToken = (request: ApiRequest): void => {
  if (!request.query.get('token')?.trim()) throw problem('token-missing', 'The invitation token is missing.')
}

/** The invitation a token names, if it can still be accepted; else the problem that says why not. */
export const openInvitationByToken = async (ports: Ports, now: number, token: string): Promise<InvitationRecord> => {
  const invitation = await ports.invitations.findByToken(token)
  if (!invitation) throw notFound('Invitation', 'token')
  switch (invitationStatus(invitation, now)) {
    case 'USED':
      throw problem('token-used', 'The invitation has been accepted already.')
    case 'WITHDRAWN':
      throw problem('token-withdrawn', 'The club has withdrawn the invitation.')
    case 'REPLACED':
      throw problem('token-replaced', 'A newer invitation to this address has replaced this one.')
    case 'EXPIRED':
      throw problem('token-expired', 'The invitation has expired.')
    case 'VALID':
      return invitation
  }
}

const isMemberOf = async (ports: Ports, uid: string, clubId: string): Promise<boolean> =>
  (await ports.memberships.listByUser(uid)).some((membership) => membership.clubId === clubId)

/** The invited person joins the club with the invited role, and the invitation is used up. */
export const joinClubByInvitation = async (
  ports: Ports,
  now: number,
  invitation: InvitationRecord,
  uid: string,
): Promise<void> => {
  await ports.memberships.insert({
    id: `${invitation.clubId}:${uid}`,
    clubId: invitation.clubId,
    uid,
    clubRoleId: invitation.clubRoleId,
    createdAt: isoInstant(now),
  })
  await ports.invitations.update({ ...invitation, usedAt: isoInstant(now), usedBy: uid })
}

/**
 * Invites `email` into the club with `role` and mails the link. Every earlier invitation to the address
 * into the club that is not closed yet is replaced (its link stops working); `replacesEarlier` says
 * whether one of them could still have been accepted. A member of the club is not invited (409
 * `already-member`); a person with an account gets a mail that asks them to sign in and accept.
 */
export const sendInvitation = async (
  ports: Ports,
  now: number,
  { club, role, email, inviter }: { club: ClubRecord; role: ClubRoleRecord; email: string; inviter: UserRecord },
): Promise<Invitation> => {
  const address = normalizeEmail(email)
  const account = await ports.users.findByEmail(address)
  if (account && (await isMemberOf(ports, account.uid, club.id)))
    throw problem('already-member', `${address} is a member of the club already.`)
  let replacesEarlier = false
  for (const earlier of await ports.invitations.listByClub(club.id)) {
    if (earlier.email !== address || isClosed(earlier)) continue
    if (isOpenInvitation(earlier, now)) replacesEarlier = true
    await ports.invitations.update({ ...earlier, replacedAt: isoInstant(now) })
  }
  const { invitationValidityHours } = await ports.globals.get()
  const id = ports.ids.id()
  const token = ports.ids.token(24)
  const expiresAt = isoInstant(now + invitationValidityHours * HOUR_MS)
  await ports.invitations.insert({
    id,
    token,
    clubId: club.id,
    email: address,
    clubRoleId: role.id,
    invitedBy: inviter.uid,
    createdAt: isoInstant(now),
    expiresAt,
    usedAt: null,
    usedBy: null,
    replacedAt: null,
    withdrawnAt: null,
  })
  await ports.mailer.send(
    invitationMail(address, {
      token,
      inviter: `${inviter.firstName} ${inviter.lastName}`,
      clubName: club.profile.name,
      roleName: role.name,
      validityHours: invitationValidityHours,
      hasAccount: account !== null,
    }),
  )
  return { id, clubId: club.id, email: address, clubRoleId: role.id, expiresAt, replacesEarlier }
}

const clubScope = async (ports: Ports, clubId: string) => ({ clubId: (await getClub(ports, clubId)).id })

/** An invitation of the club that is not closed; 404 for another club's, 409 for a closed one. */
const invitationOfClub = async (ports: Ports, clubId: string, invitationId: string): Promise<InvitationRecord> => {
  const invitation = await ports.invitations.get(invitationId)
  if (!invitation || invitation.clubId !== clubId) throw notFound('Invitation', invitationId)
  if (isClosed(invitation))
    throw problem('invitation-not-open', 'The invitation has been accepted, replaced or withdrawn already.')
  return invitation
}

export const invitationOperations = defineOperations({
  getInvitation: {
    before: requireInvitationToken,
    run: async ({ ports, now }, { query }) => {
      const invitation = await ports.invitations.findByToken(query.token)
      if (!invitation) throw notFound('Invitation', 'token')
      const [club, role, account] = await Promise.all([
        ports.clubs.get(invitation.clubId),
        ports.clubRoles.get(invitation.clubRoleId),
        ports.users.findByEmail(invitation.email),
      ])
      const check: InvitationCheck = {
        status: invitationStatus(invitation, now),
        email: invitation.email,
        clubName: club?.profile.name ?? '',
        clubRoleName: role?.name ?? '',
        expiresAt: invitation.expiresAt,
        hasAccount: account !== null,
      }
      return json(200, check)
    },
  },

  acceptInvitation: {
    before: requireInvitationToken,
    run: async (ctx, { query }) => {
      const { ports, now } = ctx
      const { user } = requireCaller(ctx)
      const invitation = await openInvitationByToken(ports, now, query.token)
      if (invitation.email !== normalizeEmail(user.email))
        throw problem('invitation-other-address', 'The invitation is for another e-mail address.')
      if (await isMemberOf(ports, user.uid, invitation.clubId))
        throw problem('already-member', 'You are a member of the club already.')
      await joinClubByInvitation(ports, now, invitation, user.uid)
      const [club, role] = await Promise.all([
        ports.clubs.get(invitation.clubId),
        ports.clubRoles.get(invitation.clubRoleId),
      ])
      return json(200, {
        clubId: invitation.clubId,
        clubName: club?.profile.name ?? '',
        clubRoleId: invitation.clubRoleId,
        clubRoleName: role?.name ?? '',
      })
    },
  },

  withdrawClubInvitation: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      const club = await getClub(ports, params.clubId)
      await requireClubRight(ctx, club.id, 'members')
      const invitation = await invitationOfClub(ports, club.id, params.invitationId)
      await ports.invitations.update({ ...invitation, withdrawnAt: isoInstant(now) })
      return noContent()
    },
  },

  resendClubInvitation: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      const caller = requireCaller(ctx)
      const club = await getClub(ports, params.clubId)
      await requireClubRight(ctx, club.id, 'members')
      const invitation = await invitationOfClub(ports, club.id, params.invitationId)
      const role = await ports.clubRoles.get(invitation.clubRoleId)
      if (!role) throw notFound('Club role', invitation.clubRoleId)
      await requireRightsToGrant(ctx, club.id, role)
      // The same address again: sendInvitation replaces this one (and any other still pending).
      const sent = await sendInvitation(ports, now, { club, role, email: invitation.email, inviter: caller.user })
      return json(201, sent)
    },
  },
})
