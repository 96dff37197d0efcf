/** The table `invitations`: invitations into a club, kept after they were used, replaced or withdrawn. */
import type { InvitationRepository } from '#domain/ports.ts'
import type { InvitationRecord } from '#domain/records.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'

const toInvitation = (row: Row<'invitations'>): InvitationRecord => ({
  id: row.id,
  token: row.token,
  clubId: row.club_id,
  email: row.email,
  clubRoleId: row.club_role_id,
  invitedBy: row.invited_by,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  usedAt: row.used_at,
  usedBy: row.used_by,
  replacedAt: row.replaced_at,
  withdrawnAt: row.withdrawn_at,
})

export const invitationRow = (invitation: InvitationRecord): NewRow<'invitations'> => ({
  id: invitation.id,
  token: invitation.token,
  club_id: invitation.clubId,
  email: invitation.email,
  club_role_id: invitation.clubRoleId,
  invited_by: invitation.invitedBy,
  created_at: invitation.createdAt,
  expires_at: invitation.expiresAt,
  used_at: invitation.usedAt,
  used_by: invitation.usedBy,
  replaced_at: invitation.replacedAt,
  withdrawn_at: invitation.withdrawnAt,
})

export const invitationRepository = (trx: Trx): InvitationRepository => ({
  get: async (id) => {
    const row = await trx.selectFrom('invitations').selectAll().where('id', '=', id).executeTakeFirst()
    return row ? toInvitation(row) : null
  },
  findByToken: async (token) => {
    const row = await trx.selectFrom('invitations').selectAll().where('token', '=', token).executeTakeFirst()
    return row ? toInvitation(row) : null
  },
  listByClub: async (clubId) =>
    (await trx.selectFrom('invitations').selectAll().where('club_id', '=', clubId).execute()).map(toInvitation),
  listUnused: async () =>
    (await trx.selectFrom('invitations').selectAll().where('used_at', 'is', null).execute()).map(toInvitation),
  insert: async (invitation) => {
    await trx.insertInto('invitations').values(invitationRow(invitation)).execute()
  },
  update: async (invitation) => {
    const { id: _id, ...changes } = invitationRow(invitation)
    await trx.updateTable('invitations').set(changes).where('id', '=', invitation.id).execute()
  },
  delete: async (id) => {
    await trx.deleteFrom('invitations').where('id', '=', id).execute()
  },
})
