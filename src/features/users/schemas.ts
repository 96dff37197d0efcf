import { t } from '@lingui/core/macro'
import { z } from '#src/lib/zod.ts'
import {
  CreateUserBody,
  createUserBodyPasswordMax,
  createUserBodyPasswordMin,
  UpdateUserBody,
} from '#openapi/generated/zod/users/users.zod.ts'
import type { Role } from '#openapi/generated/model/role.ts'
import { isRole } from './roles.ts'

/**
 * The user administration's forms, derived from the contract's `UserCreate` and `UserUpdate`, with German
 * messages that are looked up lazily (when a check fails, after the catalogue is active).
 */

const requiredText = (shape: z.ZodMiniType<string, string>, message: () => string) =>
  z.pipe(z.string().check(z.trim(), z.minLength(1, { error: message })), shape)

const email = () => requiredText(CreateUserBody.shape.email, () => t`Bitte geben Sie die E-Mail-Adresse ein.`)

// The select starts empty, so the input is a string; the output is a role the contract knows.
const role = () => z.custom<Role, string>(isRole, { error: () => t`Bitte wählen Sie eine Rolle.` })

const names = {
  firstName: () => requiredText(CreateUserBody.shape.firstName, () => t`Bitte geben Sie den Vornamen ein.`),
  lastName: () => requiredText(CreateUserBody.shape.lastName, () => t`Bitte geben Sie den Nachnamen ein.`),
}

/** `POST users`: the administrator sets a first password, which the person changes after signing in. */
export const userCreateSchema = () =>
  z.object({
    ...CreateUserBody.shape,
    firstName: names.firstName(),
    lastName: names.lastName(),
    email: email(),
    role: role(),
    password: z.string().check(
      z.minLength(1, { error: () => t`Bitte geben Sie ein Passwort ein.` }),
      z.minLength(createUserBodyPasswordMin, {
        error: () => t`Das Passwort muss mindestens ${createUserBodyPasswordMin} Zeichen lang sein.`,
      }),
      z.maxLength(createUserBodyPasswordMax, {
        error: () => t`Das Passwort darf höchstens ${createUserBodyPasswordMax} Zeichen lang sein.`,
      }),
    ),
  })
export type UserCreateInput = z.input<ReturnType<typeof userCreateSchema>>
export type UserCreateValues = z.output<ReturnType<typeof userCreateSchema>>

const { uid: _uid, ...updatableUser } = UpdateUserBody.shape

/** `PUT users`: name, e-mail address and role; `uid` names the user and is not a form field. */
export const userUpdateSchema = () =>
  z.object({
    ...updatableUser,
    firstName: names.firstName(),
    lastName: names.lastName(),
    email: email(),
    role: role(),
  })
export type UserUpdateInput = z.input<ReturnType<typeof userUpdateSchema>>
export type UserUpdateValues = z.output<ReturnType<typeof userUpdateSchema>>
