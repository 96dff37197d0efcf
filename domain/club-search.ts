/**
 * The release list's search text as the stores apply it: a part of the club's name, folded the way names
 * are sorted (domain/sort-key.ts: case, accents and ß do not count), or, when it is digits only, a part of
 * the ZVR number as well. Every character stands for itself: the stores compare plain substrings, so `%`
 * and `_` are no wildcards.
 */
import type { ClubSearch } from './ports.ts'
import { searchKey } from './sort-key.ts'

/** null when the text searches nothing (missing or blank). */
export const clubSearchOf = (text: string | undefined): ClubSearch | null => {
  const nameKey = searchKey(text ?? '')
  if (nameKey === '') return null
  // People write ZVR numbers in groups ("1234 567 89").
  const digits = (text ?? '').replace(/\s+/g, '')
  return { nameKey, zvrDigits: /^[0-9]+$/.test(digits) ? digits : null }
}
