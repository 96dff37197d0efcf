/**
 * What makes a club's data make sense, for the registration and the profile: one club per ZVR number, a
 * warning for a second club of the same name in the same postal code, postal codes by country, a
 * plausible age of the legitimation's contact person, and trimmed texts. The checks both sides share
 * live in src/lib/input-checks.ts (the forms use them too); this module decides.
 */
import {
  checkBirthDate,
  CLUB_ADDRESS_COUNTRY,
  hasPostalCodeFormat,
  isValidPostalCode,
  MAX_AGE_YEARS,
  MIN_AGE_YEARS,
  normalizePostalCode,
  postalCodeExample,
} from '#checks/input-checks.ts'
import { normalizeName } from './common.ts'
import type { Ports } from './ports.ts'
import { problem } from './problem.ts'
import type { ClubProfileRecord } from './records.ts'
import type { Address } from '#openapi/generated/model/address.ts'
import type { ClubCountry } from '#openapi/generated/model/clubCountry.ts'
import { sortKey } from './sort-key.ts'
import { FieldErrors } from './validation.ts'

/** The ZVR number as the register counts it: leading zeros do not count (`012345678` is `12345678`). */
export const zvrKey = (zvrNumber: string): string => zvrNumber.trim().replace(/^0+/, '')

/** Where a club has its seat: its address's country, Austria where the address names none (stored before). */
export const clubCountry = (address: Pick<Address, 'country'>): ClubCountry => address.country ?? CLUB_ADDRESS_COUNTRY

/** A postal code compared without spaces and case (`1012 ab` is `1012AB`). */
export const postalCodeKey = (postalCode: string): string => postalCode.replace(/\s+/g, '').toUpperCase()

/**
 * Whether a club other than `exceptId` has this ZVR number, whatever its status. An empty number (a
 * profile still being completed) is never taken. The one comparison behind the refusals below and the
 * registration's early look-up (`checkZvrAvailability`).
 */
export const isZvrTaken = async (ports: Ports, zvrNumber: string, exceptId?: string): Promise<boolean> => {
  if (zvrNumber.trim() === '') return false
  const holders = await ports.clubs.findByZvrKey(zvrKey(zvrNumber))
  return holders.some((club) => club.id !== exceptId)
}

/**
 * 409 `zvr-taken` when a club other than `exceptId` has this ZVR number; `field` is where the request
 * carries it (`club.zvrNumber`, `zvrNumber`). An empty number (a profile still being completed) is free.
 */
export const assertZvrFree = async (
  ports: Ports,
  zvrNumber: string,
  field: string,
  exceptId?: string,
): Promise<void> => {
  if (await isZvrTaken(ports, zvrNumber, exceptId)) throw zvrTaken(zvrNumber, field)
}

export const zvrTaken = (zvrNumber: string | null, field: string) =>
  problem(
    'zvr-taken',
    `A club with ${zvrNumber === null ? 'this ZVR number' : `the ZVR number ${zvrNumber}`} is registered already.`,
    [{ field, message: 'Another club has this ZVR number.', code: 'taken' }],
  )

/**
 * 409 `possible-duplicate` when a club other than `exceptId` has the same name (by `sortKey`: case,
 * accents and spacing do not count) and the same postal code, unless the request confirms it. Nothing
 * while the name or the postal code is empty.
 */
export const assertNoNamesake = async (
  ports: Ports,
  club: { name: string; postalCode: string },
  fields: { name: string; postalCode: string },
  { confirmed, exceptId }: { confirmed: boolean; exceptId?: string },
): Promise<void> => {
  if (confirmed || club.name.trim() === '' || club.postalCode.trim() === '') return
  const namesakes = (
    await ports.clubs.findByNameAndPostalCode(sortKey(club.name), postalCodeKey(club.postalCode))
  ).filter((other) => other.id !== exceptId)
  if (namesakes.length === 0) return
  throw problem(
    'possible-duplicate',
    'A club with this name is registered in this postal code already. Send the request again with `confirmDuplicate: true` to save it anyway.',
    [
      { field: fields.name, message: 'Another club in this postal code has this name.', code: 'possible_duplicate' },
      {
        field: fields.postalCode,
        message: 'Another club with this name has this postal code.',
        code: 'possible_duplicate',
      },
    ],
  )
}

/** Whether a profile change touches what the namesake warning looks at (so an unchanged pair is not asked again). */
export const namesakeFieldsChanged = (
  before: { name: string; postalCode: string },
  after: { name: string; postalCode: string },
): boolean =>
  sortKey(before.name) !== sortKey(after.name) || postalCodeKey(before.postalCode) !== postalCodeKey(after.postalCode)

/** A postal code of `country` (empty is left to completeness); the message names the expected form. */
export const checkPostalCode = (errors: FieldErrors, field: string, country: string, postalCode: string): void => {
  if (postalCode === '' || isValidPostalCode(country, postalCode)) return
  errors.add(
    field,
    hasPostalCodeFormat(country)
      ? `Not a postal code of ${country} (for example ${postalCodeExample(country) ?? ''}).`
      : 'Not a postal code.',
    'invalid_postal_code',
  )
}

/** The legitimation's contact person is MIN_AGE_YEARS to MAX_AGE_YEARS old on `today` (a Vienna day). */
export const checkBirthDateRange = (
  errors: FieldErrors,
  field: string,
  birthDate: string | null,
  today: string,
): void => {
  if (birthDate === null) return
  const check = checkBirthDate(birthDate, today)
  if (check === 'too-young') errors.add(field, `The person must be at least ${MIN_AGE_YEARS} years old.`, 'too_young')
  if (check === 'too-old') errors.add(field, `The person must be at most ${MAX_AGE_YEARS} years old.`, 'too_old')
}

/** The club address by its country (Austria or Germany) and, when it has its own, the billing address by its. */
export const checkProfileInput = (errors: FieldErrors, profile: ClubProfileRecord, today: string): void => {
  checkPostalCode(errors, 'address.postalCode', clubCountry(profile.address), profile.address.postalCode)
  if (!profile.billingAddress.sameAsClubAddress) {
    checkPostalCode(
      errors,
      'billingAddress.postalCode',
      profile.billingAddress.country,
      profile.billingAddress.postalCode,
    )
  }
  checkBirthDateRange(errors, 'legitimation.birthDate', profile.legitimation.birthDate, today)
}

const trim = (text: string): string => text.trim()

/**
 * A profile as it is stored: texts trimmed (names also without repeated spaces), postal codes as people
 * write them (`normalizePostalCode`), the club's country named (Austria when the request left it out).
 * The bank details are stored as sent (their rules are their own).
 */
export const normalizeProfile = <P extends ClubProfileRecord>(profile: P): P => ({
  ...profile,
  name: normalizeName(profile.name),
  zvrNumber: trim(profile.zvrNumber),
  vatNumber: trim(profile.vatNumber),
  donationNumber: trim(profile.donationNumber),
  description: trim(profile.description),
  shortDescription: trim(profile.shortDescription),
  address: {
    ...profile.address,
    street: trim(profile.address.street),
    houseNumber: trim(profile.address.houseNumber),
    postalCode: normalizePostalCode(profile.address.postalCode),
    city: trim(profile.address.city),
    country: clubCountry(profile.address),
  },
  billingAddress: {
    ...profile.billingAddress,
    street: trim(profile.billingAddress.street),
    houseNumber: trim(profile.billingAddress.houseNumber),
    postalCode: normalizePostalCode(profile.billingAddress.postalCode),
    city: trim(profile.billingAddress.city),
    additionalInformation: trim(profile.billingAddress.additionalInformation),
  },
  legitimation: {
    ...profile.legitimation,
    firstName: normalizeName(profile.legitimation.firstName),
    lastName: normalizeName(profile.legitimation.lastName),
    phoneNumber: trim(profile.legitimation.phoneNumber),
    email: trim(profile.legitimation.email),
  },
})

/**
 * The two duplicate rules in their order: 409 `zvr-taken`, then (when the name or postal code is new to
 * this club and the request does not confirm it) 409 `possible-duplicate`. `fields` are where the
 * request carries the three values; `clubId` and `before` describe the club being changed, if any.
 */
export const assertDistinctClub = async (
  ports: Ports,
  club: { zvrNumber: string; name: string; postalCode: string },
  options: {
    fields: { zvrNumber: string; name: string; postalCode: string }
    confirmed: boolean
    clubId?: string
    before?: { name: string; postalCode: string }
  },
): Promise<void> => {
  const { fields, confirmed, clubId, before } = options
  await assertZvrFree(ports, club.zvrNumber, fields.zvrNumber, clubId)
  if (before && !namesakeFieldsChanged(before, club)) return
  await assertNoNamesake(ports, club, fields, { confirmed, ...(clubId === undefined ? {} : { exceptId: clubId }) })
}

/**
 * The club address of a registration as stored: every part trimmed and still there (the contract asks
 * for at least one character), the postal code Austrian (a registered club is in Austria; the profile may
 * move its seat to Germany). A 400 `validation` problem names every bad part.
 */
export const checkedRegistrationAddress = (address: Address): Address => {
  const errors = new FieldErrors()
  const part = (key: 'street' | 'houseNumber' | 'city'): string => {
    const text = address[key].trim()
    if (text === '') errors.add(`club.address.${key}`, 'Must be at least 1 characters.', 'too_small')
    return text
  }
  const checked: Address = {
    street: part('street'),
    houseNumber: part('houseNumber'),
    postalCode: normalizePostalCode(address.postalCode),
    city: part('city'),
    country: CLUB_ADDRESS_COUNTRY,
  }
  checkPostalCode(errors, 'club.address.postalCode', CLUB_ADDRESS_COUNTRY, checked.postalCode)
  errors.throwIfAny()
  return checked
}
