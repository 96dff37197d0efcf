/**
 * The pieces of a CSV file Excel opens correctly in de-AT, shared by the exports (donations, receipts):
 * `;` separates the columns (the comma is the decimal separator there), a UTF-8 byte order mark makes
 * Excel read umlauts as UTF-8, amounts are plain numbers with a decimal comma (`1234,56`, no thousands
 * dots, so Excel can add them up), and lines end with CRLF as RFC 4180 asks.
 */
import { centsToEuroInput } from './format.ts'

export const CSV_BOM = '\uFEFF'
const SEPARATOR = ';'
const LINE_END = '\r\n'

/** 123456 → "1234,56": a decimal comma, no thousands dots (the text an amount input shows, too). */
export const centsToCsvAmount = centsToEuroInput

/**
 * Quotes a text cell when it needs it, and defuses spreadsheet formulas: donors type their names and
 * messages themselves, and a cell starting with `=`, `+`, `-`, `@` (or a tab/CR) would run as a formula in
 * Excel (CSV injection), so such cells get a leading apostrophe.
 */
export const csvText = (value: string): string => {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[";\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** The whole file from rows of cells already made safe (`csvText`, `centsToCsvAmount`): BOM, `;`, CRLF. */
export const csvFile = (rows: ReadonlyArray<readonly string[]>): string =>
  `${CSV_BOM}${rows.map((cells) => cells.join(SEPARATOR)).join(LINE_END)}${LINE_END}`
