import { t } from '@lingui/core/macro'
import { z } from 'zod'
import {
  CreateUserBody,
  createUserBodyPasswordMax,
  createUserBodyPasswordMin,
  UpdateUserBody,
} from '@/api/generated/zod/users/users.zod'
import { isRole } from './roles'

/**
 * The user administration's forms, derived from the contract's `UserCreate` and `UserUpdate`, with German
 * messages that are looked up lazily (when a check fails, after the catalogue is active).
 */

const requiredText = (shape: z.ZodType<string, string>, message: () => string) =>
  z.string().trim().min(1, { error: message }).pipe(shape)

const email = () => requiredText(CreateUserBody.shape.email, () => t`Bitte geben Sie die E-Mail-Adresse ein.`)

// The select starts empty, so the input is a string; the output is a role the contract knows.
const role = () => z.string().refine(isRole, { error: () => t`Bitte wählen Sie eine Rolle.` })

const names = {
  firstName: () => requiredText(CreateUserBody.shape.firstName, () => t`Bitte geben Sie den Vornamen ein.`),
  lastName: () => requiredText(CreateUserBody.shape.lastName, () => t`Bitte geben Sie den Nachnamen ein.`),
}

/** `POST users`: the administrator sets a first password, which the person changes after signing in. */
export const userCreateSchema = () =>
  CreateUserBody.extend({
    firstName: names.firstName(),
    lastName: names.lastName(),
    email: email(),
    role: role(),
    password: z
      .string()
      .min(1, { error: () => t`Bitte geben Sie ein Passwort ein.` })
      .min(createUserBodyPasswordMin, {
        error: () => t`Das Passwort muss mindestens ${createUserBodyPasswordMin} Zeichen lang sein.`,
      })
      .max(createUserBodyPasswordMax, {
        error: () => t`Das Passwort darf höchstens ${createUserBodyPasswordMax} Zeichen lang sein.`,
      }),
  })
export type UserCreateInput = z.input<ReturnType<typeof userCreateSchema>>
export type UserCreateValues = z.output<ReturnType<typeof userCreateSchema>>

/** `PUT users`: name, e-mail address and role; `uid` names the user and is not a form field. */
export const userUpdateSchema = () =>
  UpdateUserBody.omit({ uid: true }).extend({
    firstName: names.firstName(),
    lastName: names.lastName(),
    email: email(),
    role: role(),
  })
export type UserUpdateInput = z.input<ReturnType<typeof userUpdateSchema>>
export type UserUpdateValues = z.output<ReturnType<typeof userUpdateSchema>>
