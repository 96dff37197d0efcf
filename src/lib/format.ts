/**
 * Numbers, money and dates for people. One locale for the whole product: de-AT, because the portal
 * serves Austrian clubs (ZVR numbers, SPEND 2 forms) and Austrian German writes dates and months its
 * own way ("Jänner"). Amounts travel as integer cents (see the contract) and become euros only here.
 */
export const LOCALE = 'de-AT'
export const TIME_ZONE = 'Europe/Vienna'

/**
 * Each formatter is built the first time it is used: building the product's dozen Intl formatters cost
 * about 85 ms at 4× CPU when they were built as the module loaded, on every page, before the first paint.
 */
const once = <T>(make: () => T): (() => T) => {
  let value: T | undefined
  return () => (value ??= make())
}

const money = once(() => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR' }))
const wholeEuros = once(
  () => new Intl.NumberFormat(LOCALE, { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }),
)
const integer = once(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 }))
const millions = once(() => new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 2 }))
/**
 * The one thousands separator of the product: the one Austrian amounts use ("€ 1.234,56"). CLDR's de-AT
 * groups plain numbers with a (narrow) space instead ("10 250"), which put "10 250 Spenden" next to
 * "€ 10.250,00"; counts take the amounts' dot.
 */
const group = once(
  () =>
    money()
      .formatToParts(1_000_000)
      .find((part) => part.type === 'group')?.value ?? '.',
)
const date = once(() => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: TIME_ZONE }))
const shortDate = once(
  () =>
    new Intl.DateTimeFormat(LOCALE, {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: TIME_ZONE,
    }),
)
const dateTime = once(
  () => new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }),
)
const clockTime = once(
  () => new Intl.DateTimeFormat(LOCALE, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: TIME_ZONE }),
)
const monthYear = once(() => new Intl.DateTimeFormat(LOCALE, { month: 'long', year: 'numeric', timeZone: TIME_ZONE }))
// Parts, not the formatted string: the day, month and year of a moment in Vienna, whatever the locale writes.
const isoDay = once(
  () =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      timeZone: TIME_ZONE,
    }),
)

/** 123456 → "€ 1.234,56" */
export const formatCents = (cents: number): string => money().format(cents / 100)

/** 10250 → "10.250": counts, grouped like the amounts. */
export const formatNumber = (value: number): string =>
  integer()
    .formatToParts(value)
    .map((part) => (part.type === 'group' ? group() : part.value))
    .join('')

/**
 * An axis label in whole euros, short enough for a chart's axis: 250000 → "€ 2.500", 125000000 →
 * "€ 1,25 Mio.". The same grouping and euro sign as `formatCents`, never Intl's compact notation (which
 * leaves four-digit amounts ungrouped, "€ 1000", and moves the sign behind millions, "1,2 Mio. €").
 */
export const formatCentsShort = (cents: number): string => {
  const euros = cents / 100
  if (Math.abs(euros) >= 1_000_000) return `€ ${millions().format(euros / 1_000_000)} Mio.`
  return wholeEuros().format(euros)
}

/** Accepts an ISO date (`2026-05-01`) or date-time; a bare date is a calendar day, never shifted by time zone. */
const toDate = (value: string | Date): Date =>
  value instanceof Date ? value : /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T12:00:00Z`) : new Date(value)

export const formatDate = (value: string | Date): string => date().format(toDate(value))
export const formatShortDate = (value: string | Date): string => shortDate().format(toDate(value))
export const formatDateTime = (value: string | Date): string => dateTime().format(toDate(value))
export const formatMonthYear = (value: string | Date): string => monthYear().format(toDate(value))
/** The time of day in Vienna, 24 hours: "09:05". */
export const formatClockTime = (value: string | Date): string => clockTime().format(toDate(value))

/**
 * Today in Vienna as an ISO calendar day (`2026-05-01`), for date inputs, ranges and file names. Not
 * `toISOString()`, which gives the day in UTC: wrong for the first hour or two after midnight in Vienna.
 */
export const todayIso = (now: Date = new Date()): string => {
  const parts = isoDay().formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/** An amount with a decimal comma: whole euros, plain or with dots grouping thousands, then 1–2 cent digits. */
const COMMA_AMOUNT = /^(\d+|\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/
/** No comma, a single dot, 1–2 digits after it: the dot is a decimal point ("12.50"). */
const DOT_AMOUNT = /^(\d+)\.(\d{1,2})$/

/**
 * Euro input → cents, or null when it is not an amount. The rule, as people in Austria type amounts:
 * - "€" and spaces are ignored ("€ 1 234,50").
 * - The comma separates the cents, one or two digits after it ("1234,5" → 1.234,50 €).
 * - Dots group the whole euros in threes ("5.000", "2.000.000", "1.234,56").
 * - Without a comma, a single dot followed by one or two digits is a decimal point ("12.50", "12.5" →
 *   12,50 €), for people used to English keyboards; three digits after a dot are always thousands.
 * - Anything else is not an amount: "1,234", "1.23,4", "12.345.6", "1.2345", "-5", "zwölf".
 */
export const parseEuroToCents = (input: string): number | null => {
  const cleaned = input.replace(/[€\s]/g, '')
  const match = COMMA_AMOUNT.exec(cleaned) ?? DOT_AMOUNT.exec(cleaned)
  if (!match) return null
  const [, whole = '', fraction = ''] = match
  // Whole euros and cent digits separately: no floating-point rounding on the way to cents.
  return Number(whole.replace(/\./g, '')) * 100 + Number(fraction.padEnd(2, '0'))
}

/** cents → the text an amount input shows ("1234,50"). */
export const centsToEuroInput = (cents: number): string => (cents / 100).toFixed(2).replace('.', ',')
