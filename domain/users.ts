/** Users, the caller's own record and password, and accepting invitations. */
import { CreateUserBody } from '#openapi/generated/zod/users/users.zod.ts'
import { change, recordAudit } from './audit.ts'
import { collator, getUser, normalizeEmail, normalizeName } from './common.ts'
import { joinClubByInvitation, openInvitationByToken, requireInvitationToken } from './invitations.ts'
import { defineOperations, json, noContent, requireCaller, requireFreshSignIn } from './operation.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import type { UserRecord } from './records.ts'
import { passwordResetMail } from './mails.ts'
import { checkNewPassword } from './passwords.ts'
import { isoInstant } from './time.ts'
import { minLengthOf, normalizedText } from './validation.ts'
import { toUser } from './views.ts'

const assertEmailFree = async (ports: Ports, email: string, exceptUid?: string): Promise<void> => {
  const existing = await ports.users.findByEmail(normalizeEmail(email))
  if (existing && existing.uid !== exceptUid)
    throw problem('user-exists', `A user with the e-mail address ${normalizeEmail(email)} exists.`)
}

/** The contract inlines the names' minimum (no generated constant): read it from the schema. */
const NAME_MIN = minLengthOf(CreateUserBody.shape.firstName)

/** First and last name normalized and at least NAME_MIN long; `prefix` leads the field names in errors. */
const checkedNames = (
  names: Pick<UserRecord, 'firstName' | 'lastName'>,
  prefix = '',
): Pick<UserRecord, 'firstName' | 'lastName'> => ({
  firstName: normalizedText(`${prefix}firstName`, names.firstName, NAME_MIN, normalizeName),
  lastName: normalizedText(`${prefix}lastName`, names.lastName, NAME_MIN, normalizeName),
})

const displayName = (user: Pick<UserRecord, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim()

/** Uids look like the identity provider's (28 characters), whichever store makes them. */
const newUid = (ports: Ports): string => ports.ids.id().replace(/-/g, '').slice(0, 28)

/**
 * Creates a user with a sign-in account (used by registration, invitations and administrators).
 * `fieldPrefix` leads the field names of errors where the user is nested in the body (`user.`).
 */
export const insertUser = async (
  ports: Ports,
  now: number,
  user: Pick<UserRecord, 'email' | 'firstName' | 'lastName' | 'role' | 'emailVerified'> & {
    password: string
    phoneNumber?: string
  },
  fieldPrefix = '',
): Promise<UserRecord> => {
  const names = checkedNames(user, fieldPrefix)
  checkNewPassword(`${fieldPrefix}password`, user.password)
  await assertEmailFree(ports, user.email)
  const record: UserRecord = {
    uid: newUid(ports),
    email: normalizeEmail(user.email),
    ...names,
    role: user.role,
    emailVerified: user.emailVerified,
    phoneNumber: user.phoneNumber ?? '',
    createdAt: isoInstant(now),
  }
  await ports.users.insert(record)
  await ports.identity.createAccount({
    uid: record.uid,
    email: record.email,
    password: user.password,
    emailVerified: record.emailVerified,
    displayName: displayName(record),
  })
  return record
}

export const userOperations = defineOperations({
  getUsers: {
    run: async ({ ports }) => {
      const users = (await ports.users.list()).sort(
        (a, b) =>
          collator.compare(a.lastName, b.lastName) ||
          collator.compare(a.firstName, b.firstName) ||
          (a.uid < b.uid ? -1 : 1),
      )
      // Every user's clubs in one lookup, not one per user.
      const clubs = await ports.memberships.clubsOfUsers(users.map((user) => user.uid))
      return json(
        200,
        users.map((user) => ({ ...toUser(user), clubs: clubs.get(user.uid) ?? [] })),
      )
    },
  },

  createUser: {
    // An administrator vouches for the address, so the account can sign in at once.
    run: async (ctx, { body }) => {
      const user = await insertUser(ctx.ports, ctx.now, { ...body, emailVerified: true })
      await recordAudit(ctx, {
        action: 'USER_CREATED',
        user,
        changes: [
          change('name', null, displayName(user)),
          change('email', null, user.email),
          change('role', null, user.role),
        ],
      })
      return json(201, toUser(user))
    },
  },

  updateUser: {
    run: async (ctx, { body }) => {
      const { ports } = ctx
      const user = await getUser(ports, body.uid)
      const names = checkedNames(body)
      if (body.role !== user.role) requireFreshSignIn(ctx, 'Changing a role')
      await assertEmailFree(ports, body.email, user.uid)
      if (
        user.role === 'ROLE_ADMIN' &&
        body.role !== 'ROLE_ADMIN' &&
        (await ports.users.countByRole('ROLE_ADMIN')) <= 1
      ) {
        throw problem('last-admin', 'The last administrator keeps the administrator role.')
      }
      const updated: UserRecord = { ...user, email: normalizeEmail(body.email), ...names, role: body.role }
      await ports.users.update(updated)
      await ports.identity.updateAccount(user.uid, { email: updated.email, displayName: displayName(updated) })
      const renamed = [
        ...(displayName(updated) !== displayName(user)
          ? [change('name', displayName(user), displayName(updated))]
          : []),
        ...(updated.email !== user.email ? [change('email', user.email, updated.email)] : []),
      ]
      if (renamed.length > 0) await recordAudit(ctx, { action: 'USER_UPDATED', user: updated, changes: renamed })
      if (updated.role !== user.role) {
        await recordAudit(ctx, {
          action: 'USER_ROLE_CHANGED',
          user: updated,
          changes: [change('role', user.role, updated.role)],
        })
      }
      return json(200, toUser(updated))
    },
  },

  getCurrentUser: {
    run: async (ctx) => {
      const { user, clubIds } = requireCaller(ctx)
      return json(200, { ...toUser(user), clubIds: [...clubIds].sort() })
    },
  },

  updateUserPassword: {
    run: async (ctx, { body }) => {
      const { user } = requireCaller(ctx)
      requireFreshSignIn(ctx, 'Changing the password')
      checkNewPassword('password', body.password)
      // A stolen session (or an unlocked computer) must not be enough to take the account over.
      if (!(await ctx.ports.identity.verifyPassword(user.uid, user.email, body.currentPassword))) {
        throw problem('current-password-wrong', 'The current password is wrong; the password was not changed.', [
          { field: 'currentPassword', message: 'Not the current password.', code: 'wrong' },
        ])
      }
      await ctx.ports.identity.setPassword(user.uid, body.password, ctx.now)
      return noContent()
    },
  },

  signOut: {
    run: async (ctx) => {
      const { user } = requireCaller(ctx)
      await ctx.ports.identity.revokeSessions(user.uid, ctx.now)
      return noContent()
    },
  },

  requestPasswordReset: {
    run: async ({ ports, now }, { body }) => {
      const email = normalizeEmail(body.email)
      // The provider is asked for every address, known or not, so both answers take about as long.
      const code = await ports.identity.passwordResetCode(email, now)
      const user = code === null ? null : await ports.users.findByEmail(email)
      if (code !== null && user) await ports.mailer.send(passwordResetMail(user.email, user.firstName, code))
      return { status: 202 }
    },
  },

  registerViaInvite: {
    before: requireInvitationToken,
    run: async ({ ports, now }, { query, body }) => {
      const invitation = await openInvitationByToken(ports, now, query.token)
      // The address came by e-mail, which proves it. An address with an account accepts with that account
      // (acceptInvitation): insertUser answers 409 user-exists.
      const user = await insertUser(ports, now, {
        email: invitation.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
        role: 'ROLE_USER',
        emailVerified: true,
      })
      await joinClubByInvitation(ports, now, invitation, user.uid)
      return json(201, toUser(user))
    },
  },

  deleteUser: {
    run: async (ctx, { params }) => {
      const caller = requireCaller(ctx)
      const { ports } = ctx
      const user = await getUser(ports, params.uid)
      if (user.uid === caller.user.uid) throw problem('self-delete', 'You cannot delete your own user.')
      if (user.role === 'ROLE_ADMIN' && (await ports.users.countByRole('ROLE_ADMIN')) <= 1) {
        throw problem('last-admin', 'The last administrator cannot be deleted.')
      }
      // Recorded with what goes: who it was, the role and the clubs the user represented.
      const memberships = await ports.memberships.listByUser(user.uid)
      const clubs = await ports.clubs.getMany(memberships.map((membership) => membership.clubId))
      const clubNames = [...clubs.values()].map((club) => club.profile.name).sort(collator.compare)
      await recordAudit(ctx, {
        action: 'USER_DELETED',
        user,
        changes: [
          change('name', displayName(user), null),
          change('email', user.email, null),
          change('role', user.role, null),
          ...(clubNames.length > 0 ? [change('clubs', clubNames.join(', '), null)] : []),
        ],
      })
      await ports.memberships.deleteByUser(user.uid)
      await ports.users.delete(user.uid)
      await ports.identity.deleteAccount(user.uid)
      return noContent()
    },
  },
})
