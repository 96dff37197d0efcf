import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import {
  CreateUserBody,
  RegisterViaInviteBody,
  UpdateUserPasswordBody,
  updateUserPasswordBodyPasswordMax,
  updateUserPasswordBodyPasswordMin,
} from '#openapi/generated/zod/users/users.zod.ts'

/**
 * The form schemas of sign-in, password reset, password change and invitation. They derive from the
 * contract's generated schemas, so the screens ask for what the backend accepts; the messages are German
 * and lazy (`error: () => t…`), so they are looked up when a check fails, after the catalogue is active.
 */

/**
 * Minimum password length: 8, from the contract (`Password.minLength`). The provider's default of 6
 * (spec §9) is too weak for accounts that manage club money; 8 is what NIST SP 800-63B asks as the floor
 * for user-chosen passwords. The maximum (128) only bounds the request.
 */
export const PASSWORD_MIN_LENGTH = updateUserPasswordBodyPasswordMin
export const PASSWORD_MAX_LENGTH = updateUserPasswordBodyPasswordMax

/** Spec §5 "Bitte geben Sie Ihre E-Mail-Adresse ein" for an empty field, then the contract's format check. */
const email = () =>
  z.pipe(
    z.string().check(z.trim(), z.minLength(1, { error: () => t`Bitte geben Sie Ihre E-Mail-Adresse ein` })),
    CreateUserBody.shape.email,
  )

const newPassword = () =>
  z.string().check(
    z.minLength(1, { error: () => t`Bitte geben Sie ein Passwort ein.` }),
    z.minLength(PASSWORD_MIN_LENGTH, {
      error: () => t`Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
    }),
    z.maxLength(PASSWORD_MAX_LENGTH, {
      error: () => t`Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein.`,
    }),
  )

const passwordConfirmation = () =>
  z.string().check(z.minLength(1, { error: () => t`Bitte wiederholen Sie das Passwort.` }))

interface WithConfirmation {
  password: string
  passwordConfirmation: string
}

/** The confirmation must match; checked as soon as both fields hold text, even while others are still empty. */
const confirmed = <T extends z.ZodMiniType<WithConfirmation>>(schema: T) =>
  schema.check(
    z.refine<WithConfirmation>((value) => value.password === value.passwordConfirmation, {
      path: ['passwordConfirmation'],
      error: () => t`Die Passwörter stimmen nicht überein.`,
      when: (payload) => {
        const value = payload.value as Partial<WithConfirmation> | undefined
        return Boolean(value?.password && value.passwordConfirmation)
      },
    }),
  )

export const loginSchema = () =>
  z.object({
    email: email(),
    password: z.string().check(z.minLength(1, { error: () => t`Bitte geben Sie Ihr Passwort ein.` })),
  })
export type LoginValues = z.infer<ReturnType<typeof loginSchema>>

export const passwordResetRequestSchema = () => z.object({ email: email() })
export type PasswordResetRequestValues = z.infer<ReturnType<typeof passwordResetRequestSchema>>

/** The reset link's new password plus the repeated entry (the provider takes it; no current password). */
export const newPasswordSchema = () =>
  confirmed(
    z.object({
      password: newPassword(),
      passwordConfirmation: passwordConfirmation(),
    }),
  )
export type NewPasswordValues = z.infer<ReturnType<typeof newPasswordSchema>>

/**
 * /pwdchange: the current password first (the provider checks it before anything is sent, and the backend
 * wants that recent sign-in for a password change), then the new one, repeated, and different.
 */
export const passwordChangeSchema = () =>
  confirmed(
    z.object({
      ...UpdateUserPasswordBody.shape,
      currentPassword: z
        .string()
        .check(z.minLength(1, { error: () => t`Bitte geben Sie Ihr aktuelles Passwort ein.` })),
      password: newPassword(),
      passwordConfirmation: passwordConfirmation(),
    }),
  ).check(
    z.refine<{ currentPassword: string; password: string }>((value) => value.password !== value.currentPassword, {
      path: ['password'],
      error: () => t`Das neue Passwort muss sich vom aktuellen unterscheiden.`,
      when: (payload) => {
        const value = payload.value as { currentPassword?: string; password?: string } | undefined
        return Boolean(value?.currentPassword && value.password)
      },
    }),
  )
export type PasswordChangeValues = z.infer<ReturnType<typeof passwordChangeSchema>>

const name = (shape: z.ZodMiniType<string, string>, message: () => string) =>
  z.pipe(z.string().check(z.trim(), z.minLength(1, { error: message })), shape)

/** `POST users/registerViaInvite`: the invited person's name and password. */
export const invitationSchema = () =>
  confirmed(
    z.object({
      ...RegisterViaInviteBody.shape,
      firstName: name(RegisterViaInviteBody.shape.firstName, () => t`Bitte geben Sie Ihren Vornamen ein.`),
      lastName: name(RegisterViaInviteBody.shape.lastName, () => t`Bitte geben Sie Ihren Nachnamen ein.`),
      password: newPassword(),
      passwordConfirmation: passwordConfirmation(),
    }),
  )
export type InvitationValues = z.infer<ReturnType<typeof invitationSchema>>
