/** The rules a new password meets beyond the contract's length (`Password`), on every path that sets one. */
import { isCommonPassword } from '#checks/common-passwords.ts'
import { invalidField } from './problem.ts'

/** The field error's code the screens turn into their German message. */
export const COMMON_PASSWORD_CODE = 'common_password'

/**
 * Refuses a password on the list of common ones (checks/common-passwords.ts; OWASP ASVS 6.2.4) with a 400
 * `validation` problem naming `field`: such a password falls to the first guesses of an attacker.
 */
export const checkNewPassword = (field: string, password: string): void => {
  if (isCommonPassword(password))
    throw invalidField(field, 'This password is too common and easy to guess.', COMMON_PASSWORD_CODE)
}
