/**
 * Calendar arithmetic in Europe/Vienna without Intl: the seed and the donation lists convert tens of
 * thousands of instants, and Intl.DateTimeFormat is far too slow for that. Austria follows the EU rule
 * (summer time from the last Sunday of March to the last Sunday of October, switching at 01:00 UTC),
 * which is all this needs.
 */

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS

const transitions = new Map<number, readonly [number, number]>()

/** The UTC instants summer time starts and ends in `year`. */
const summerTime = (year: number): readonly [number, number] => {
  let cached = transitions.get(year)
  if (!cached) {
    const lastSunday = (month: number): number => {
      const last = new Date(Date.UTC(year, month + 1, 0))
      return Date.UTC(year, month, last.getUTCDate() - last.getUTCDay(), 1)
    }
    cached = [lastSunday(2), lastSunday(9)]
    transitions.set(year, cached)
  }
  return cached
}

/** The year of an instant without a Date object (hot path): good for 1970–2099. */
const utcYear = (instant: number): number => {
  const approx = 1970 + Math.floor(instant / (365.2425 * DAY_MS))
  return instant < Date.UTC(approx, 0, 1) ? approx - 1 : instant >= Date.UTC(approx + 1, 0, 1) ? approx + 1 : approx
}

// The year last asked about, with its bounds: consecutive instants (sorted donations) mostly share it.
let lastYearStart = 0
let lastYearEnd = 0
let lastSummer: readonly [number, number] = [0, 0]

/** Vienna's offset from UTC at an instant: one hour, two in summer. */
export const viennaOffsetMs = (instant: number): number => {
  if (instant < lastYearStart || instant >= lastYearEnd) {
    const year = utcYear(instant)
    lastYearStart = Date.UTC(year, 0, 1)
    lastYearEnd = Date.UTC(year + 1, 0, 1)
    lastSummer = summerTime(year)
  }
  return instant >= lastSummer[0] && instant < lastSummer[1] ? 2 * HOUR_MS : HOUR_MS
}

const dayNames = new Map<number, string>()

/** The Vienna calendar day of an instant as a day number (days since 1970-01-01). */
export const viennaDayNumber = (instant: number): number => Math.floor((instant + viennaOffsetMs(instant)) / DAY_MS)

/** The day number as `YYYY-MM-DD` (cached: donations share a few hundred distinct days). */
export const dayNumberToDay = (dayNumber: number): string => {
  let name = dayNames.get(dayNumber)
  if (name === undefined) {
    name = new Date(dayNumber * DAY_MS).toISOString().slice(0, 10)
    dayNames.set(dayNumber, name)
  }
  return name
}

/** The Vienna calendar day (`YYYY-MM-DD`) of an instant. */
export const viennaDay = (instant: number): string => dayNumberToDay(viennaDayNumber(instant))

/** The instant a Vienna calendar day begins. Transitions happen at 02:00/03:00 local, never near midnight. */
export const viennaDayStart = (day: string): number => {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`)
  return utcMidnight - viennaOffsetMs(utcMidnight - 3 * HOUR_MS)
}

/** Days are compared and stepped as UTC midnights, which have no summer time. */
export const dayToUtc = (day: string): number => Date.parse(`${day}T00:00:00Z`)
export const utcToDay = (utc: number): string => new Date(utc).toISOString().slice(0, 10)
export const addDays = (day: string, days: number): string => utcToDay(dayToUtc(day) + days * DAY_MS)

/** The Monday of the ISO week that contains `day`. */
export const startOfIsoWeek = (day: string): string => {
  const weekday = new Date(dayToUtc(day)).getUTCDay() // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7))
}

export const startOfMonth = (day: string): string => `${day.slice(0, 7)}-01`

export const addMonths = (day: string, months: number): string => {
  const date = new Date(dayToUtc(startOfMonth(day)))
  date.setUTCMonth(date.getUTCMonth() + months)
  return utcToDay(date.getTime())
}

/** An instant as the contract's `date-time`: UTC with a `Z`; milliseconds keep "newest first" exact. */
export const isoInstant = (instant: number): string => new Date(instant).toISOString()
