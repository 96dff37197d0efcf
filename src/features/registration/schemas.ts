import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import type { FieldPath } from 'react-hook-form'
import { z } from '#src/lib/zod.ts'
import type { ClubRegistration } from '#openapi/generated/model/clubRegistration.ts'
import {
  CreateClubWithUserBody,
  createClubWithUserBodyClubZvrNumberRegExp,
  createClubWithUserBodyUserPasswordMin,
  createClubWithUserBodyUserPhoneNumberRegExp,
} from '#openapi/generated/zod/clubs/clubs.zod.ts'
import { plainText } from '#src/lib/form-checks.ts'
import { CLUB_ADDRESS_COUNTRY, isValidPostalCode } from '#checks/input-checks.ts'
import { postalCodeMessage } from '#src/lib/input-messages.ts'
import { CLUB_SIZES } from '#src/lib/labels/club-labels.ts'

/**
 * The registration wizard's form, derived from the contract's `ClubRegistration` body
 * (`CreateClubWithUserBody`): the generated schemas keep the limits (lengths, patterns) and the screen adds
 * German messages, the repeated password and the AGB checkbox. Messages are lazy (`error: () => t…`), so
 * they are looked up when a check fails, after the catalogue is active.
 */

const Club = CreateClubWithUserBody.shape.club
const Address = Club.shape.address
const User = CreateClubWithUserBody.shape.user

/** The contract's minimum (8): the provider's default of 6 is too weak for accounts that manage money. */
export const PASSWORD_MIN_LENGTH = createClubWithUserBodyUserPasswordMin

/**
 * A mandatory text: trimmed, a German message when empty or when it holds control characters or
 * bidirectional overrides (the backend refuses those in every text), then the contract's own checks.
 */
const required = (contract: z.ZodMiniType<string, string>, message: () => string) =>
  z.pipe(z.pipe(z.string().check(z.trim(), z.minLength(1, { error: message })), plainText()), contract)

const userSchema = () =>
  z
    .object({
      ...User.shape,
      firstName: required(User.shape.firstName, () => t`Bitte geben Sie Ihren Vornamen ein.`),
      lastName: required(User.shape.lastName, () => t`Bitte geben Sie Ihren Nachnamen ein.`),
      phoneNumber: z.pipe(
        z.string().check(
          z.trim(),
          z.regex(createClubWithUserBodyUserPhoneNumberRegExp, {
            error: () => t`Bitte geben Sie eine gültige Telefonnummer ein (Ziffern, Leerzeichen und + ( ) / -).`,
          }),
        ),
        User.shape.phoneNumber.def.innerType,
      ),
      email: z.pipe(
        z.string().check(z.trim(), z.minLength(1, { error: () => t`Bitte geben Sie Ihre E-Mail-Adresse ein` })),
        User.shape.email,
      ),
      password: z.pipe(
        z.string().check(
          z.minLength(1, { error: () => t`Bitte geben Sie ein Passwort ein.` }),
          z.minLength(PASSWORD_MIN_LENGTH, {
            error: () => t`Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein.`,
          }),
        ),
        User.shape.password,
      ),
      passwordConfirmation: z.string().check(z.minLength(1, { error: () => t`Bitte wiederholen Sie das Passwort.` })),
    })
    .check(
      z.refine((user) => user.password === user.passwordConfirmation, {
        path: ['passwordConfirmation'],
        error: () => t`Die Passwörter stimmen nicht überein.`,
        // Checked as soon as both fields hold text, even while other fields of the step are still empty.
        when: (payload) => {
          const value = payload.value as { password?: unknown; passwordConfirmation?: unknown } | undefined
          return Boolean(value?.password && value.passwordConfirmation)
        },
      }),
    )

export const registrationSchema = () =>
  z.object({
    ...CreateClubWithUserBody.shape,
    club: z.object({
      ...Club.shape,
      name: required(Club.shape.name, () => t`Bitte geben Sie den Namen des Vereins ein.`),
      zvrNumber: z.pipe(
        z.string().check(
          z.trim(),
          z.minLength(1, { error: () => t`Bitte geben Sie die ZVR-Zahl ein.` }),
          z.regex(createClubWithUserBodyClubZvrNumberRegExp, {
            error: () => t`Die ZVR-Zahl besteht aus 1 bis 10 Ziffern.`,
          }),
        ),
        Club.shape.zvrNumber,
      ),
      address: z.object({
        ...Address.shape,
        street: required(Address.shape.street, () => t`Bitte geben Sie die Straße ein.`),
        houseNumber: required(Address.shape.houseNumber, () => t`Bitte geben Sie die Hausnummer ein.`),
        // The club address is Austrian: 4 digits (src/lib/input-checks.ts, as the backend checks it).
        postalCode: z.string().check(
          z.trim(),
          z.minLength(1, { error: () => t`Bitte geben Sie die Postleitzahl ein.` }),
          z.refine((value) => isValidPostalCode(CLUB_ADDRESS_COUNTRY, value), {
            error: () => postalCodeMessage(CLUB_ADDRESS_COUNTRY),
          }),
        ),
        city: required(Address.shape.city, () => t`Bitte geben Sie den Ort ein.`),
      }),
      clubTypeId: required(Club.shape.clubTypeId, () => t`Bitte wählen Sie die Vereinsart.`),
      clubSize: z.enum(['', ...CLUB_SIZES]),
    }),
    user: userSchema(),
    // Spec §5: the AGB must be accepted; the contract only takes `true`.
    acceptedTerms: z
      .boolean()
      .check(z.refine((accepted) => accepted, { error: () => t`Bitte akzeptieren Sie die AGB.` })),
  })

export type RegistrationSchema = ReturnType<typeof registrationSchema>
export type RegistrationValues = z.input<RegistrationSchema>
export type RegistrationOutput = z.output<RegistrationSchema>
export type RegistrationField = FieldPath<RegistrationValues>

export const emptyRegistration = (): RegistrationValues => ({
  club: {
    name: '',
    zvrNumber: '',
    address: { street: '', houseNumber: '', postalCode: '', city: '' },
    clubTypeId: '',
    clubSize: '',
  },
  user: { firstName: '', lastName: '', phoneNumber: '', email: '', password: '', passwordConfirmation: '' },
  acceptedTerms: false,
})

export interface RegistrationStep {
  title: MessageDescriptor
  /** The fields "Weiter" checks before the next step. */
  fields: readonly RegistrationField[]
}

/** The wizard: club data, address, contact person and account, club type and size, terms. */
export const STEPS: readonly RegistrationStep[] = [
  { title: msg`Vereinsdaten`, fields: ['club.name', 'club.zvrNumber'] },
  {
    title: msg`Adresse`,
    fields: ['club.address.street', 'club.address.houseNumber', 'club.address.postalCode', 'club.address.city'],
  },
  {
    title: msg`Kontaktperson und Benutzerkonto`,
    fields: [
      'user.firstName',
      'user.lastName',
      'user.phoneNumber',
      'user.email',
      'user.password',
      'user.passwordConfirmation',
    ],
  },
  { title: msg`Vereinsart und Größe`, fields: ['club.clubTypeId', 'club.clubSize'] },
  { title: msg`AGB und Abschluss`, fields: ['acceptedTerms'] },
]

export const STEP_COUNT = STEPS.length

/** The 1-based step that holds a field (`user.email` → 3), for errors found after the step was left. */
export const stepOfField = (field: string): number => {
  const index = STEPS.findIndex((step) => step.fields.some((candidate) => candidate === field))
  return index === -1 ? 1 : index + 1
}

/**
 * The first step whose fields are not valid yet (STEP_COUNT when all before the last are), so a URL such as
 * `?step=5` cannot skip steps: the wizard opens the first step that still needs something.
 */
export const firstIncompleteStep = (values: RegistrationValues): number => {
  const result = registrationSchema().safeParse(values)
  if (result.success) return STEP_COUNT
  const steps = result.error.issues.map((issue) => stepOfField(issue.path.join('.')))
  return Math.min(STEP_COUNT, ...steps)
}

/**
 * The request body: trimmed values, the optional size as a number, no password confirmation;
 * `confirmDuplicate` once the person said that a club of the same name and postal code is another one.
 */
export const toRegistrationBody = (values: RegistrationOutput, confirmDuplicate = false): ClubRegistration => ({
  club: {
    name: values.club.name,
    zvrNumber: values.club.zvrNumber,
    address: values.club.address,
    clubTypeId: values.club.clubTypeId,
    clubSize: values.club.clubSize === '' ? null : (Number(values.club.clubSize) as 10 | 20 | 50 | 100),
  },
  user: {
    email: values.user.email,
    password: values.user.password,
    firstName: values.user.firstName,
    lastName: values.user.lastName,
    ...(values.user.phoneNumber ? { phoneNumber: values.user.phoneNumber } : {}),
  },
  acceptedTerms: true,
  ...(confirmDuplicate ? { confirmDuplicate: true } : {}),
})
