/**
 * An amount in German words, as the German receipt's "Betrag der Zuwendung – in Buchstaben –" wants it
 * (issue 24): one word per number, lower case, "Euro" and "Cent" apart ("einhundertdreiundzwanzig Euro
 * und fünfundvierzig Cent").
 *
 * Every hundred and every thousand is written with its "ein" (einhundert, eintausend, einhunderttausend):
 * both forms are correct German, and on a receipt the longer one leaves no room to write a digit in front.
 */

const UNITS = ['', 'eins', 'zwei', 'drei', 'vier', 'fünf', 'sechs', 'sieben', 'acht', 'neun']
const TEENS = [
  'zehn',
  'elf',
  'zwölf',
  'dreizehn',
  'vierzehn',
  'fünfzehn',
  'sechzehn',
  'siebzehn',
  'achtzehn',
  'neunzehn',
]
const TENS = ['', '', 'zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig']

/** The largest amount in words: below a thousand billion euros (a Billion, which no receipt reaches). */
const LIMIT_CENTS = 1e12 * 100

/**
 * 1–999 as one word. `ein`: a 1 at the end is "ein" (before "tausend", "hundert", a noun), not "eins";
 * "einundzwanzig" and "einhundert" take "ein" anyway.
 */
const belowThousand = (n: number): string => {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const head = hundreds > 0 ? `${hundreds === 1 ? 'ein' : UNITS[hundreds]}hundert` : ''
  if (rest === 0) return head
  if (rest < 10) return head + UNITS[rest]
  if (rest < 20) return head + TEENS[rest - 10]
  const ones = rest % 10
  const tens = TENS[Math.floor(rest / 10)]
  return head + (ones === 0 ? tens : `${ones === 1 ? 'ein' : UNITS[ones]}und${tens}`)
}

/** A multiplier in front of "tausend": 1 → "ein", 101 → "einhundertein", 11 stays "elf". */
const asMultiplier = (n: number): string => {
  const word = belowThousand(n)
  return word.endsWith('eins') ? word.slice(0, -1) : word
}

/** Millionen and Milliarden are nouns of their own: "eine Million", "zwei Millionen", a space after. */
const bigUnit = (n: number, one: string, many: string): string =>
  n === 1 ? `eine ${one}` : `${asMultiplier(n)} ${many}`

/** 0 … LIMIT as words: "null", "eins", "eintausendeins", "eine Million zweihunderttausend". */
export const numberInWords = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 0 || n >= LIMIT_CENTS / 100) {
    throw new RangeError(`No number in words for ${n}`)
  }
  if (n === 0) return 'null'
  const billions = Math.floor(n / 1e9)
  const millions = Math.floor(n / 1e6) % 1000
  const thousands = Math.floor(n / 1e3) % 1000
  const rest = n % 1000
  const parts: string[] = []
  if (billions > 0) parts.push(bigUnit(billions, 'Milliarde', 'Milliarden'))
  if (millions > 0) parts.push(bigUnit(millions, 'Million', 'Millionen'))
  const small = (thousands > 0 ? `${asMultiplier(thousands)}tausend` : '') + belowThousand(rest)
  if (small) parts.push(small)
  return parts.join(' ')
}

/** An amount as it is said: exactly one is "ein Euro", "ein Cent" (the noun follows). */
const count = (n: number, unit: string): string => `${n === 1 ? 'ein' : numberInWords(n)} ${unit}`

/**
 * Integer cents in German words: 5000 → "fünfzig Euro", 12345 → "einhundertdreiundzwanzig Euro und
 * fünfundvierzig Cent", 100 → "ein Euro", 1 → "ein Cent", 0 → "null Euro".
 */
export const amountInWords = (cents: number): string => {
  if (!Number.isSafeInteger(cents) || cents < 0 || cents >= LIMIT_CENTS) {
    throw new RangeError(`No amount in words for ${cents} cents`)
  }
  const euros = Math.floor(cents / 100)
  const rest = cents % 100
  if (rest === 0) return count(euros, 'Euro')
  if (euros === 0) return count(rest, 'Cent')
  return `${count(euros, 'Euro')} und ${count(rest, 'Cent')}`
}
