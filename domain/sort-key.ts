/**
 * The key names are sorted by, the same in every store: the in-memory adapters compare keys as
 * strings, PostgreSQL compares the stored key `COLLATE "C"`. A key instead of a collation because the
 * embedded PostgreSQL (PGlite) has no ICU, and because both stores must agree on every order.
 *
 * German alphabetical order as people expect it: case and accents do not count (ä sorts as a, ß as ss),
 * and numbers in names count as numbers ("Verein 9" before "Verein 10").
 */
const cache = new Map<string, string>()

export const sortKey = (text: string): string => {
  let key = cache.get(text)
  if (key === undefined) {
    key = text
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/\s+/g, ' ')
      .trim()
      // Digit runs padded to a fixed width compare as numbers.
      .replace(/\d+/g, (digits) => digits.replace(/^0+(?=\d)/, '').padStart(12, '0'))
    // Names repeat (donors, clubs): a bounded cache keeps sorting 10 000 rows cheap.
    if (cache.size > 50_000) cache.clear()
    cache.set(text, key)
  }
  return key
}

/** Compares two texts by their sort keys (code-unit order, as `COLLATE "C"` compares them). */
export const compareBySortKey = (a: string, b: string): number => {
  const left = sortKey(a)
  const right = sortKey(b)
  return left < right ? -1 : left > right ? 1 : 0
}

/**
 * What `searchKey` takes off a sort key: the padding of its numbers (and any leading zeros), so "19" is
 * found in "1923". Written for both engines: PostgreSQL applies the same pattern to the stored `name_key`
 * (server/db/repositories/clubs.ts), so no column of its own holds the search key.
 */
export const NUMBER_PADDING = '(^|[^0-9])0+([0-9])'
const numberPadding = new RegExp(NUMBER_PADDING, 'g')

/**
 * The key a name is searched by: as `sortKey` folds it (case, accents, ß, spaces) but with its numbers as
 * written, without leading zeros. A search text's key found inside a name's key is a match.
 */
export const searchKey = (text: string): string => sortKey(text).replace(numberPadding, '$1$2')
