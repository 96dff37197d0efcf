/**
 * What the tax office answered to an uploaded file, and what it means for the next one. FinanzOnline
 * answers each file with a protocol (`SonderausgabenResponse`): the file's `MessageRefId`, `OK`
 * (accepted), `TWOK` (accepted except the records it lists with errors) or `NOK` (rejected), and errors
 * per `RefNr`. Its exact layout is not published with the upload schema: the reader takes the element
 * names by their local name wherever they are nested (docs/decisions/0048-tax-transmission.md), and says
 * clearly when a file is no such protocol.
 */
import { XMLParser } from 'fast-xml-parser'
import type { TaxTransmissionRecord, TransmissionProtocolRecord } from './records.ts'

export interface ReadProtocol {
  messageRefId: string
  status: TransmissionProtocolRecord['status']
  errors: Array<{ refNr: string | null; message: string }>
}

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  trimValues: true,
})

type Node = unknown

const children = (node: Node): Array<[string, Node]> =>
  node !== null && typeof node === 'object'
    ? Object.entries(node as Record<string, Node>).flatMap(([name, value]) =>
        Array.isArray(value) ? value.map((item): [string, Node] => [name, item]) : [[name, value]],
      )
    : []

const textOf = (node: Node): string =>
  typeof node === 'string' || typeof node === 'number'
    ? String(node).trim()
    : node !== null && typeof node === 'object' && '#text' in node
      ? String(node['#text']).trim()
      : ''

/** Every element named one of `names` (case-insensitive), depth first, in document order. */
const findAll = (node: Node, names: readonly string[]): Node[] => {
  const wanted = names.map((name) => name.toLowerCase())
  const out: Node[] = []
  const visit = (current: Node) => {
    for (const [name, value] of children(current)) {
      if (wanted.includes(name.toLowerCase())) out.push(value)
      visit(value)
    }
  }
  visit(node)
  return out
}

const STATUS_NAMES = ['Status', 'Ergebnis', 'Result', 'Returncode', 'Rc']
const ERROR_NAMES = ['Error', 'Fehler', 'Errors', 'Fehlermeldung', 'Meldung']
const MESSAGE_NAMES = ['Message', 'Text', 'Fehlertext', 'Beschreibung', 'Description', 'Msg']
const STATUSES = new Set(['OK', 'TWOK', 'NOK'])

/** Reads a protocol; throws a RangeError with a German message when the file is none. */
export const readProtocol = (text: string): ReadProtocol => {
  let document: Node
  try {
    document = parser.parse(text.replace(/^\uFEFF/, ''), true)
  } catch {
    throw new RangeError('Die Datei ist kein lesbares XML.')
  }
  const root = children(document).find(([name]) => !name.startsWith('?'))
  if (!root || !/response|protokoll/i.test(root[0]))
    throw new RangeError('Die Datei ist kein Protokoll des Finanzamts (SonderausgabenResponse).')
  const messageRefId = findAll(root[1], ['MessageRefId']).map(textOf).find(Boolean)
  if (!messageRefId) throw new RangeError('Das Protokoll nennt keine MessageRefId.')
  const status = findAll(root[1], STATUS_NAMES)
    .map((node) => textOf(node).toUpperCase())
    .find((value) => STATUSES.has(value)) as ReadProtocol['status'] | undefined
  if (!status) throw new RangeError('Das Protokoll nennt keinen Status (OK, TWOK oder NOK).')
  const errors = findAll(root[1], ERROR_NAMES)
    .filter((node) => node !== null && typeof node === 'object')
    .map((node) => {
      const refNr = findAll(node, ['RefNr']).map(textOf).find(Boolean) ?? null
      const message =
        findAll(node, MESSAGE_NAMES).map(textOf).filter(Boolean).join(' ') ||
        findAll(node, ['Code', 'Fehlercode']).map(textOf).find(Boolean) ||
        'Vom Finanzamt abgelehnt.'
      return { refNr, message }
    })
    // An errors element that only wraps the single ones is not an error itself.
    .filter((error, index, all) => error.refNr !== null || !all.some((other, at) => at !== index && other.refNr))
  return { messageRefId, status, errors }
}

/**
 * What the tax office holds for each donor of a year, from the year's production transmissions oldest
 * first: a record of a part whose protocol accepted it (OK; TWOK unless listed with an error) sets the
 * accepted total (E, A) or removes it (S); a rejected one (NOK, or listed) leaves it and is remembered as
 * the donor's rejection until a later record of theirs is accepted. Test uploads never count.
 */
export const acceptedState = (
  transmissions: readonly TaxTransmissionRecord[],
): { accepted: Map<string, number>; rejected: Map<string, string> } => {
  const accepted = new Map<string, number>()
  const rejected = new Map<string, string>()
  for (const transmission of transmissions) {
    if (transmission.mode !== 'PRODUCTION') continue
    for (const part of transmission.parts) {
      const protocol = part.protocol
      if (!protocol) continue
      const errors = new Map<string, string>()
      for (const error of protocol.errors) if (error.refNr) errors.set(error.refNr, error.message)
      const general = protocol.errors.find((error) => error.refNr === null)?.message ?? 'Vom Finanzamt abgelehnt.'
      for (const record of part.records) {
        if (protocol.status === 'NOK' || errors.has(record.refNr)) {
          rejected.set(record.refNr, errors.get(record.refNr) ?? general)
          continue
        }
        rejected.delete(record.refNr)
        if (record.type === 'S') accepted.delete(record.refNr)
        else accepted.set(record.refNr, record.amountCents)
      }
    }
  }
  return { accepted, rejected }
}

/** Whether a production file of the transmission still waits for its protocol. */
export const awaitsProtocol = (transmission: TaxTransmissionRecord): boolean =>
  transmission.mode === 'PRODUCTION' && transmission.parts.some((part) => part.protocol === null)
