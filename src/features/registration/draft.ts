import { z } from '#src/lib/zod.ts'
import { CLUB_SIZES } from '#src/lib/labels/club-labels.ts'
import { emptyRegistration, type RegistrationValues } from './schemas.ts'

/**
 * The registration draft in sessionStorage: what was typed survives a reload, a failed request and the
 * browser's back button, and disappears with the tab. The password and its confirmation are never stored:
 * sessionStorage is readable by any script on the page and by anyone at the unlocked computer.
 */
export const DRAFT_KEY = 'vereinsportal.registrationDraft'

const text = z.catch(z.string().check(z.maxLength(500)), '')

/** Lenient on purpose: a damaged or older draft restores what it can instead of failing the page. */
const draftSchema = z.object({
  club: z.catch(
    z.partial(
      z.object({
        name: text,
        zvrNumber: text,
        address: z.catch(z.object({ street: text, houseNumber: text, postalCode: text, city: text }), {
          street: '',
          houseNumber: '',
          postalCode: '',
          city: '',
        }),
        clubTypeId: text,
        clubSize: z.catch(z.enum(['', ...CLUB_SIZES]), ''),
      }),
    ),
    {},
  ),
  user: z.catch(z.partial(z.object({ firstName: text, lastName: text, phoneNumber: text, email: text })), {}),
  acceptedTerms: z.catch(z.boolean(), false),
})

const storage = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage
  } catch {
    return undefined
  }
}

export interface LoadedDraft {
  values: RegistrationValues
  /** Whether something was restored (the account step then asks for the password again). */
  restored: boolean
}

export const loadDraft = (): LoadedDraft => {
  const empty = emptyRegistration()
  let raw: string | null | undefined
  try {
    raw = storage()?.getItem(DRAFT_KEY)
  } catch {
    raw = null
  }
  if (!raw) return { values: empty, restored: false }
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return { values: empty, restored: false }
  }
  const parsed = draftSchema.safeParse(json)
  if (!parsed.success) return { values: empty, restored: false }
  const draft = parsed.data
  return {
    restored: true,
    values: {
      club: { ...empty.club, ...draft.club, address: { ...empty.club.address, ...draft.club.address } },
      user: { ...empty.user, ...draft.user, password: '', passwordConfirmation: '' },
      acceptedTerms: draft.acceptedTerms,
    },
  }
}

/** Stores everything but the password and its confirmation. */
export const saveDraft = (values: RegistrationValues): void => {
  const { password: _password, passwordConfirmation: _confirmation, ...user } = values.user
  try {
    storage()?.setItem(DRAFT_KEY, JSON.stringify({ club: values.club, user, acceptedTerms: values.acceptedTerms }))
  } catch {
    // Storage full or unavailable (private mode): the draft lasts as long as the page.
  }
}

export const clearDraft = (): void => {
  try {
    storage()?.removeItem(DRAFT_KEY)
  } catch {
    // Nothing stored.
  }
}
