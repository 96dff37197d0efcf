import Papa from 'papaparse'
import { isValidVbpk } from './tax-transmission.ts'

/*
 * The vbPK of a donor comes from the Stammzahlenregister, never from the donor: the club sends the BMI's
 * bPK service a batch file of the donors with consent (name as on the Meldezettel, date of birth) and
 * imports its answer, one line per donor. The vbPK differs on every query, so it is stored as the donor's
 * current one and never used as a key; the key is the line number (`LAUFNR`), which the club assigns.
 *
 * The request's header lines and columns are those the BMI's batch service names (issue 23); the answer's
 * column names are not published with it, so the reader looks for the usual ones (`VBPK`/`BPK`,
 * `STATUS`/`ERGEBNIS`/`FEHLER`/`MELDUNG`) and says so when it finds none (decision 47).
 */

/** One donor in a query: `lineNumber` comes back in the answer's `LAUFNR`. */
export interface BpkQueryLine {
  lineNumber: number
  lastName: string
  firstName: string
  /** ISO date, `JJJJ-MM-TT`. */
  dateOfBirth: string
}

/** The header lines the service reads before the columns: which vbPK (tax office, Sonderausgaben), the date form. */
export const BPK_QUERY_HEADER = ['VERSCHLÜSSELTEBPK=BMF+SA', 'DATUMSFORMAT=JJJJ-MM-TT'] as const
export const BPK_QUERY_COLUMNS = ['LAUFNR', 'NACHNAME', 'VORNAME', 'GEBDATUM'] as const

/** The batch file "bPK-Abfrage (CSV)": UTF-8, semicolons, CRLF, the header lines, then one line per donor. */
export const bpkQueryCsv = (lines: readonly BpkQueryLine[]): string => {
  for (const line of lines) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(line.dateOfBirth)) throw new RangeError(`Not a date: ${line.dateOfBirth}`)
  }
  const table = Papa.unparse(
    {
      fields: [...BPK_QUERY_COLUMNS],
      data: lines.map((line) => [String(line.lineNumber), line.lastName, line.firstName, line.dateOfBirth]),
    },
    { delimiter: ';', newline: '\r\n', quotes: false, escapeFormulae: false },
  )
  return `${BPK_QUERY_HEADER.join('\r\n')}\r\n${table}\r\n`
}

export type BpkOutcome =
  | { lineNumber: number; state: 'found'; vbpk: string }
  | { lineNumber: number; state: 'no-match' | 'ambiguous' | 'error'; message: string }

export interface BpkAnswer {
  outcomes: BpkOutcome[]
  /** Lines that could not be read at all (no line number), with their line in the file. */
  unreadable: Array<{ row: number; text: string }>
}

const VBPK_COLUMNS = ['VBPK', 'BPK', 'VERSCHLÜSSELTEBPK']
const STATUS_COLUMNS = ['STATUS', 'ERGEBNIS', 'FEHLER', 'FEHLERTEXT', 'MELDUNG']

const outcomeOf = (lineNumber: number, vbpk: string, status: string): BpkOutcome => {
  if (isValidVbpk(vbpk)) return { lineNumber, state: 'found', vbpk }
  const message = status || (vbpk ? 'Die Antwort enthält keinen gültigen vbPK.' : 'Die Antwort enthält keinen vbPK.')
  if (/mehrdeutig|mehrere|ambig/i.test(status)) return { lineNumber, state: 'ambiguous', message }
  if (/kein|nicht gefunden|keine? treffer|no match|not found/i.test(status))
    return { lineNumber, state: 'no-match', message }
  return { lineNumber, state: 'error', message }
}

/**
 * Reads the service's answer: the header lines are skipped up to the row that names `LAUFNR`; each line then
 * says found (with a valid vbPK), no match, ambiguous or error. Throws when the file has no such columns.
 */
export const readBpkAnswer = (text: string): BpkAnswer => {
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter: ';', skipEmptyLines: 'greedy' }).data
  const headerRow = rows.findIndex((row) => row.some((cell) => cell.trim().toUpperCase() === 'LAUFNR'))
  if (headerRow === -1) throw new RangeError('Die Datei enthält keine Spalte LAUFNR.')
  const header = rows[headerRow]!.map((cell) => cell.trim().toUpperCase())
  const column = (names: readonly string[]) => header.findIndex((name) => names.includes(name))
  const lineColumn = header.indexOf('LAUFNR')
  const vbpkColumn = column(VBPK_COLUMNS)
  const statusColumn = column(STATUS_COLUMNS)
  if (vbpkColumn === -1 && statusColumn === -1)
    throw new RangeError('Die Datei enthält weder eine Spalte für den vbPK noch eine für das Ergebnis.')
  const outcomes: BpkOutcome[] = []
  const unreadable: BpkAnswer['unreadable'] = []
  rows.slice(headerRow + 1).forEach((row, index) => {
    const lineNumber = Number(row[lineColumn]?.trim())
    if (!Number.isSafeInteger(lineNumber) || lineNumber < 1) {
      unreadable.push({ row: headerRow + index + 2, text: row.join(';') })
      return
    }
    const cell = (at: number) => (at === -1 ? '' : (row[at] ?? '').trim())
    outcomes.push(outcomeOf(lineNumber, cell(vbpkColumn), cell(statusColumn)))
  })
  return { outcomes, unreadable }
}
