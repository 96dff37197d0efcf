/**
 * The cases of one operation: the generic ones the suite derives from the operation table (who may call
 * it, its path parameters, its body type, the statuses it declares), plus, where ./cases.ts has an entry
 * for it, those derived from its valid sample request and the operation's own cases.
 *
 * An operation without an entry still gets what needs no valid request: no token and a token the backend
 * never issued (401), an unconfirmed address (403 `email-not-verified`), a caller whose role has no access
 * where the role alone decides (403), a `text/plain` body (415) and one over the limit (413) where it
 * declares them, a path parameter longer than the contract allows and a request without the query
 * parameters it needs (400), and, when it takes no body and no query it needs, an unknown id (404); a GET
 * that needs nothing filled in gets its valid request too. Path
 * parameters are placeholders (UNKNOWN_ID): the backend authenticates and checks the role before it
 * validates or looks anything up. The coverage summary lists the operations that have no sample yet.
 */
import { OPERATION_CASES, RawBody } from './cases.ts'
import type { Caller, CaseSpec, OperationCases, RequestSpec } from './cases.ts'
import type { ContractOperation } from './openapi.ts'

/** What the target under test lets the suite do beyond the contract. */
export interface TargetCapabilities {
  /** How the suite can make a stale sign-in there, if at all. */
  staleSignIns: 'firebase-emulator' | 'mock-settings' | null
  /** The sign-in rate limit per client and minute the suite may use up (`--sign-in-limit`). */
  signInLimit: number | null
  /** The same for the other operations anyone may call (`--public-limit`). */
  publicLimit: number | null
  /** The requests go through Prism's validation proxy. */
  throughPrism: boolean
}

export interface Case extends CaseSpec {
  operation: ContractOperation
  /** Adds UNKNOWN_FIELD to the JSON body (after setup): 400 `unknown_field` (the contract is closed). */
  unknownField?: boolean
}

/** The contract's limit of a JSON body (info.description: 1 MiB, else 413). */
export const JSON_BODY_LIMIT = 1024 * 1024
/** A field no schema of the contract names. */
export const UNKNOWN_FIELD = 'kontraktUnbekannt'
/** An id nothing in the seed has. */
export const UNKNOWN_ID = 'unbekannt-0000'

/** The entry of ./cases.ts for an operation, if it has one yet. */
export const entryOf = (operation: ContractOperation): OperationCases | undefined =>
  (OPERATION_CASES as Record<string, OperationCases | undefined>)[operation.operationId]

/** A JSON body of more than `bytes` bytes (one long string), sent as it is. */
const oversizedJson = (bytes: number): RawBody =>
  new RawBody(new TextEncoder().encode(JSON.stringify({ [UNKNOWN_FIELD]: 'x'.repeat(bytes) })), 'application/json')

const pathNamesOf = (operation: ContractOperation): string[] =>
  [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!)

/** Values for a path parameter that is no id (a year, a file's number): the first its schema takes. */
const NUMBER_CANDIDATES = ['2017', '1']

/**
 * The path parameters naming nothing the seed has: an unknown id where the schema takes one, else (a
 * number) a valid value, so only the ids are unknown. `unknownNames` are the ones that are.
 */
const unknownParamsOf = (operation: ContractOperation): { params: Record<string, string>; unknownNames: string[] } => {
  const takes = (name: string, value: string) =>
    !(operation.params?.safeParse({ [name]: value }).error?.issues ?? []).some((issue) => issue.path[0] === name)
  const params: Record<string, string> = {}
  for (const name of pathNamesOf(operation))
    params[name] = takes(name, UNKNOWN_ID)
      ? UNKNOWN_ID
      : (NUMBER_CANDIDATES.find((value) => takes(name, value)) ?? UNKNOWN_ID)
  return { params, unknownNames: Object.keys(params).filter((name) => params[name] === UNKNOWN_ID) }
}

/** The caller whose role the operation's access admits, without depending on the resource. */
const callerByRole = (operation: ContractOperation): Caller => {
  const { access } = operation
  if (access.includes('ANYONE')) return 'none'
  if (access.includes('ADMIN')) return 'admin'
  if (access.includes('STAFF')) return 'staff'
  return 'member'
}

/** Whether the operation can be called with its path parameters alone: no body, and no query it needs. */
const needsNoInput = (operation: ContractOperation): boolean =>
  operation.bodyType === null && (operation.query === null || operation.query.safeParse({}).success)

/**
 * What the suite sends an operation without an entry in ./cases.ts: the caller its role admits and
 * placeholder ids; the success status it declares (the first 2xx) for a GET that needs nothing more.
 */
const placeholderRequest = (operation: ContractOperation): RequestSpec & { expect: number } => {
  const { params } = unknownParamsOf(operation)
  const success = operation.statuses.find((status) => status >= 200 && status < 300) ?? 200
  return { as: callerByRole(operation), params, expect: success }
}

/**
 * Every case of `operation` that runs against this target; with `entry` null, those it gets without an
 * entry in ./cases.ts.
 */
export const deriveCases = (
  operation: ContractOperation,
  target: TargetCapabilities,
  entry: OperationCases | null = entryOf(operation) ?? null,
): Case[] => {
  const sampled = entry !== null
  const sample = entry?.sample ?? placeholderRequest(operation)
  const access = operation.access
  const pathNames = pathNamesOf(operation)
  /** Whether the access to a named resource can decide (a club's member, the user themselves). */
  const resourceDecides = access.includes('CLUB_MEMBER') || access.includes('SELF')

  const cases: Case[] = []
  if (sampled || (operation.method === 'GET' && pathNames.length === 0 && needsNoInput(operation)))
    cases.push({ ...sample, operation, name: 'a valid request' })
  const anyone = access.includes('ANYONE')
  if (!anyone) {
    cases.push({
      ...sample,
      operation,
      name: 'no token',
      as: 'none',
      expect: 401,
      kind: 'unauthorized',
      malformed: true,
    })
    cases.push({
      ...sample,
      operation,
      name: 'a token the backend never issued',
      as: 'invalid',
      expect: 401,
      kind: 'unauthorized',
    })
  }
  if (!anyone && !access.includes('UNCONFIRMED')) {
    cases.push({
      ...sample,
      operation,
      name: 'an unconfirmed address',
      as: 'unconfirmed',
      expect: 403,
      kind: 'email-not-verified',
    })
  }
  if (!anyone && !access.includes('SIGNED_IN')) {
    // Where the resource decides, a caller without the role is refused only once it is found: that needs
    // a sample's real ids.
    if (!access.includes('STAFF') && (sampled || !resourceDecides))
      cases.push({ ...sample, operation, name: 'staff (no access)', as: 'staff', expect: 403, kind: 'forbidden' })
    if (resourceDecides) {
      if (sampled)
        cases.push({
          ...sample,
          operation,
          name: 'a representative of another club',
          as: 'stranger',
          expect: 403,
          kind: 'forbidden',
        })
    } else if (!access.includes('STAFF')) {
      cases.push({
        ...sample,
        operation,
        name: 'a club representative (no access)',
        as: 'member',
        expect: 403,
        kind: 'forbidden',
      })
    }
  }
  if (sample.body !== undefined) {
    // An upload's empty body is no bytes at all; a JSON body's is `{}`.
    const empty = sample.body instanceof RawBody ? new RawBody(new Uint8Array(0), sample.body.contentType) : {}
    cases.push({
      ...sample,
      operation,
      name: 'an empty body',
      body: empty,
      setup: undefined,
      expect: 400,
      kind: 'validation',
      malformed: true,
    })
  }
  if (sampled && operation.bodyType === 'application/json' && !operation.openBody) {
    // The contract's objects are closed: a field it does not name is refused, by name (decision 24); the one
    // open body (a provider's event) takes any field.
    cases.push({
      ...sample,
      operation,
      name: 'a field the contract does not name',
      unknownField: true,
      expect: 400,
      kind: 'validation',
      expectError: { field: UNKNOWN_FIELD, code: 'unknown_field' },
      malformed: true,
    })
  }
  // The transport rules (bodies are JSON of at most 1 MiB) wherever the operation documents them, with or
  // without a body of its own; sent past Prism to the backend.
  if (operation.bodyType !== 'application/octet-stream') {
    if (operation.statuses.includes(415)) {
      cases.push({
        ...sample,
        operation,
        name: 'a text/plain body',
        body: new RawBody(new TextEncoder().encode('name=Verein'), 'text/plain'),
        expect: 415,
        kind: 'unsupported-media-type',
        malformed: true,
      })
    }
    if (operation.statuses.includes(413)) {
      cases.push({
        ...sample,
        operation,
        name: 'a JSON body over 1 MiB',
        body: oversizedJson(JSON_BODY_LIMIT),
        expect: 413,
        kind: 'payload-too-large',
        malformed: true,
      })
    }
  }
  if (pathNames.length > 0 && operation.statuses.includes(400)) {
    // Every path parameter is at most 128 characters (`maxLength` of its schema).
    const tooLong = Object.fromEntries(pathNames.map((name) => [name, 'x'.repeat(200)]))
    cases.push({
      ...sample,
      operation,
      name: `a ${pathNames.join(' and ')} longer than the contract allows`,
      as: access.includes('ADMIN') ? 'admin' : sample.as,
      params: tooLong,
      setup: sample.setup ? async (api) => ({ ...(await sample.setup!(api)), params: tooLong }) : undefined,
      expect: 400,
      kind: 'validation',
      malformed: true,
    })
  }
  if (
    !sampled &&
    operation.query !== null &&
    !operation.query.safeParse({}).success &&
    operation.statuses.includes(400)
  ) {
    // The problem kind is the operation's (a missing invitation token has one of its own).
    cases.push({
      ...sample,
      operation,
      name: 'without the query parameters it needs',
      expect: 400,
      malformed: true,
    })
  }
  if (pathNames.length > 0 && (sampled || needsNoInput(operation))) {
    const { params: unknown, unknownNames } = unknownParamsOf(operation)
    cases.push({
      ...sample,
      operation,
      name: `an unknown ${unknownNames.join(' and ')}`,
      as: access.includes('ADMIN') ? 'admin' : sample.as,
      params: unknown,
      setup: sample.setup ? async (api) => ({ ...(await sample.setup!(api)), params: unknown }) : undefined,
      expect: 404,
      kind: 'not-found',
    })
  }
  const own = (entry?.cases ?? []).filter(
    (spec) =>
      (!spec.staleSignIn || target.staleSignIns) &&
      (!spec.rateLimit ||
        ((spec.rateLimit === 'signIn' ? target.signInLimit : target.publicLimit) !== null && !target.throughPrism)),
  )
  if (sampled && target.staleSignIns && operation.freshSignIn && !own.some((spec) => spec.staleSignIn))
    throw new Error(`${operation.operationId} is marked x-fresh-sign-in but has no stale-sign-in case`)
  return [...cases, ...own.map((spec) => ({ ...spec, operation }))]
}
