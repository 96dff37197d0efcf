/**
 * The passwords people choose most often (OWASP ASVS 6.2.4, NIST SP 800-63B 5.1.1.2): zxcvbn-ts's ranked
 * list of passwords from breaches (`@zxcvbn-ts/language-common`, 49 233 entries, all lower case), the whole
 * of it (docs/decisions/0040-sessions-and-passwords.md). The backend (domain/passwords.ts) refuses them; the
 * screens never import this module eagerly: it is large, and the mocked backend's chunk or a lazily loaded
 * one carries it.
 */
import { dictionary } from '@zxcvbn-ts/language-common'

let common: ReadonlySet<string> | null = null

/** Built on first use: decompressing the list and filling the set takes some milliseconds. */
const commonPasswords = (): ReadonlySet<string> => (common ??= new Set(dictionary['passwords-common']))

/** Whether `password` is one of the common ones, without regard to case (`PassWord1` is `password1`). */
export const isCommonPassword = (password: string): boolean => commonPasswords().has(password.toLowerCase())
