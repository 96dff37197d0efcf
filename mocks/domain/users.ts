/** Users, the caller's own record and password, and accepting invitations. */
import {
  CreateUserBody,
  DeleteUserParams,
  RegisterViaInviteBody,
  RegisterViaInviteQueryParams,
  UpdateUserBody,
  UpdateUserPasswordBody,
} from '../../src/api/generated/zod/users/users.zod.ts'
import type { Tx } from '../db/store.ts'
import type { UserRecord } from '../db/types.ts'
import { changePassword, collator, endSessions, getUser, normalizeEmail, normalizeName } from './common.ts'
import { randomId } from './crypto.ts'
import { defineOperation, json, noContent, requireCaller } from './operation.ts'
import { notFound, problem } from './problem.ts'
import { findUserByEmail } from './session.ts'
import { isoInstant } from './time.ts'
import { normalizedText } from './validation.ts'
import { toUser } from './views.ts'

const adminCount = (tx: Tx): number => {
  let count = 0
  for (const user of tx.table('users').values()) if (user.role === 'ROLE_ADMIN') count += 1
  return count
}

const assertEmailFree = (tx: Tx, email: string, exceptUid?: string): void => {
  const existing = findUserByEmail(tx, email)
  if (existing && existing.uid !== exceptUid) throw problem('user-exists', `A user with the e-mail address ${email} exists.`)
}

/** The contract inlines the names' minimum (no generated constant): read it from the schema. */
const NAME_MIN = CreateUserBody.shape.firstName.minLength ?? 0

/** First and last name normalized and at least NAME_MIN long; `prefix` leads the field names in errors. */
const checkedNames = (names: Pick<UserRecord, 'firstName' | 'lastName'>, prefix = ''): Pick<UserRecord, 'firstName' | 'lastName'> => ({
  firstName: normalizedText(`${prefix}firstName`, names.firstName, NAME_MIN, normalizeName),
  lastName: normalizedText(`${prefix}lastName`, names.lastName, NAME_MIN, normalizeName),
})

/**
 * Creates a user with a sign-in account (used by registration, invitations and administrators).
 * `fieldPrefix` leads the field names of errors where the user is nested in the body (`user.`).
 */
export const insertUser = (
  tx: Tx,
  now: number,
  user: Pick<UserRecord, 'email' | 'password' | 'firstName' | 'lastName' | 'role' | 'emailVerified'> & { phoneNumber?: string },
  fieldPrefix = '',
): UserRecord => {
  const names = checkedNames(user, fieldPrefix)
  assertEmailFree(tx, user.email)
  const uid = randomId().replace(/-/g, '').slice(0, 28)
  return tx.put('users', uid, {
    uid,
    email: normalizeEmail(user.email),
    password: user.password,
    ...names,
    role: user.role,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber ?? '',
    createdAt: isoInstant(now),
    sessionsValidAfter: 0,
  })
}

export const userOperations = {
  getUsers: defineOperation({
    run: ({ tx }) =>
      json(
        200,
        [...tx.table('users').values()]
          .sort((a, b) => collator.compare(a.lastName, b.lastName) || collator.compare(a.firstName, b.firstName))
          .map(toUser),
      ),
  }),

  createUser: defineOperation({
    body: CreateUserBody,
    // An administrator vouches for the address, so the account can sign in at once.
    run: ({ tx, now }, { body }) => json(201, toUser(insertUser(tx, now, { ...body, emailVerified: true }))),
  }),

  updateUser: defineOperation({
    body: UpdateUserBody,
    run: ({ tx }, { body }) => {
      const user = getUser(tx, body.uid)
      const names = checkedNames(body)
      assertEmailFree(tx, body.email, user.uid)
      if (user.role === 'ROLE_ADMIN' && body.role !== 'ROLE_ADMIN' && adminCount(tx) <= 1) {
        throw problem('last-admin', 'The last administrator keeps the administrator role.')
      }
      const updated = tx.put('users', user.uid, {
        ...user,
        email: normalizeEmail(body.email),
        ...names,
        role: body.role,
      })
      return json(200, toUser(updated))
    },
  }),

  getCurrentUser: defineOperation({
    run: (ctx) => {
      const { user, clubIds } = requireCaller(ctx)
      return json(200, { ...toUser(user), clubIds: [...clubIds].sort() })
    },
  }),

  updateUserPassword: defineOperation({
    body: UpdateUserPasswordBody,
    run: (ctx, { body }) => {
      const { user } = requireCaller(ctx)
      changePassword(ctx.tx, user, body.password, ctx.now)
      return noContent()
    },
  }),

  registerViaInvite: defineOperation({
    before: (request) => {
      if (!request.query.get('token')?.trim()) throw problem('token-missing', 'The invitation token is missing.')
    },
    query: RegisterViaInviteQueryParams,
    body: RegisterViaInviteBody,
    run: ({ tx, now }, { query, body }) => {
      const invitation = [...tx.table('invitations').values()].find((candidate) => candidate.token === query.token)
      if (!invitation) throw notFound('Invitation', 'token')
      if (invitation.usedAt !== null) throw problem('token-used', 'The invitation has been accepted already.')
      if (Date.parse(invitation.expiresAt) <= now) throw problem('token-expired', 'The invitation has expired.')
      // The address came by e-mail, which proves it.
      const user = insertUser(tx, now, {
        email: invitation.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
        role: 'ROLE_USER',
        emailVerified: true,
      })
      const membershipId = `${invitation.clubId}:${user.uid}`
      tx.put('memberships', membershipId, {
        id: membershipId,
        clubId: invitation.clubId,
        uid: user.uid,
        clubRoleId: invitation.clubRoleId,
        createdAt: isoInstant(now),
      })
      tx.put('invitations', invitation.id, { ...invitation, usedAt: isoInstant(now), usedBy: user.uid })
      return json(201, toUser(user))
    },
  }),

  deleteUser: defineOperation({
    params: DeleteUserParams,
    run: (ctx, { params }) => {
      const caller = requireCaller(ctx)
      const user = getUser(ctx.tx, params.uid)
      if (user.uid === caller.user.uid) throw problem('self-delete', 'You cannot delete your own user.')
      if (user.role === 'ROLE_ADMIN' && adminCount(ctx.tx) <= 1) {
        throw problem('last-admin', 'The last administrator cannot be deleted.')
      }
      ctx.tx.delete('users', user.uid)
      for (const membership of [...ctx.tx.table('memberships').values()]) {
        if (membership.uid === user.uid) ctx.tx.delete('memberships', membership.id)
      }
      for (const code of [...ctx.tx.table('oobCodes').values()]) if (code.uid === user.uid) ctx.tx.delete('oobCodes', code.code)
      endSessions(ctx.tx, user.uid)
      return noContent()
    },
  }),
}
