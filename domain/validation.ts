/**
 * Request validation with the zod schemas generated from the contract. Every issue becomes one
 * `FieldError` (`field` a dotted path, an English `message`, a machine `code`) of a 400 `validation`
 * problem. Messages are set per parse, so the app's German zod messages (a global setting) don't leak
 * into the backend's answers.
 */
import type { z } from 'zod/mini'
import type { FieldError } from '#openapi/generated/model/fieldError.ts'
import { hasForbiddenCharacters, MULTILINE_FIELDS, UNCHECKED_TEXT_FIELDS, visibleText } from '#checks/input-checks.ts'
import { invalidField, problem } from './problem.ts'

type RawIssue = z.core.$ZodRawIssue

const describe = (value: unknown): string => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value)

const englishMessage = (issue: RawIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'Required.'
        : `Expected ${String(issue.expected)}, received ${describe(issue.input)}.`
    case 'too_small': {
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''
      return `Must be at least ${String(issue.minimum)}${unit}.`
    }
    case 'too_big': {
      const unit = issue.origin === 'string' ? ' characters' : issue.origin === 'array' ? ' items' : ''
      return `Must be at most ${String(issue.maximum)}${unit}.`
    }
    case 'invalid_format':
      return issue.format === 'regex'
        ? `Does not match the pattern ${String(issue.pattern)}.`
        : `Must be a valid ${String(issue.format)}.`
    case 'invalid_value':
      return `Must be one of: ${(issue.values as unknown[]).map((value) => JSON.stringify(value)).join(', ')}.`
    case 'invalid_union':
      return 'Matches none of the allowed forms.'
    case 'not_multiple_of':
      return `Must be a multiple of ${String(issue.divisor)}.`
    default:
      return 'Invalid value.'
  }
}

export type InputLocation = 'path' | 'query' | 'body'

/**
 * Every text of a request body that holds a control character or a bidirectional override
 * (src/lib/input-checks.ts): one `invalid_characters` error each. Multiline fields keep line breaks and
 * tabs; passwords are not looked at.
 */
export const textCharacterErrors = (value: unknown, path: readonly string[] = []): FieldError[] => {
  const name = path[path.length - 1] ?? ''
  if (typeof value === 'string') {
    // Surrounding whitespace (tabs and line breaks too) is trimmed where it matters; what stays inside counts.
    if (UNCHECKED_TEXT_FIELDS.has(name) || !hasForbiddenCharacters(value.trim(), MULTILINE_FIELDS.has(name))) return []
    return [
      {
        field: path.length > 0 ? path.join('.') : 'body',
        message: 'Must not contain control characters or bidirectional overrides.',
        code: 'invalid_characters',
      },
    ]
  }
  if (Array.isArray(value)) return value.flatMap((item, index) => textCharacterErrors(item, [...path, String(index)]))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => textCharacterErrors(item, [...path, key]))
  }
  return []
}

/**
 * Text no store can keep and no person types: NUL (PostgreSQL refuses it in text), half of a surrogate
 * pair (no UTF-8 exists for it), and a date in the year 0000 (no calendar the database knows has one).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|^0000-\d\d-\d\d/

/** One `invalid_characters` error per text in `value` (any depth, passwords too) that no store can keep. */
export const unstorableTextErrors = (
  value: unknown,
  location: InputLocation,
  path: readonly string[] = [],
): FieldError[] => {
  if (typeof value === 'string') {
    if (!UNSTORABLE.test(value)) return []
    return [
      {
        field: path.length > 0 ? path.join('.') : location,
        message: 'Must not contain NUL, half of a surrogate pair, or a date in the year 0000.',
        code: 'invalid_characters',
      },
    ]
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => unstorableTextErrors(item, location, [...path, String(index)]))
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, item]) => unstorableTextErrors(item, location, [...path, key]))
  }
  return []
}

const invalidInput = (location: InputLocation, errors: readonly FieldError[]) => {
  const fields = [...new Set(errors.map((error) => error.field))].join(', ')
  return problem(
    'validation',
    `${location === 'body' ? 'The request body is' : `The ${location} parameters are`} invalid: ${fields}.`,
    errors,
  )
}

/**
 * Parses `input` or throws a 400 `validation` problem listing every bad field. In a body, every text is
 * also held to `textCharacterErrors` (of what the schema keeps, or of the whole input when it fails).
 */
export const parseInput = <S extends z.ZodMiniType>(
  schema: S,
  input: unknown,
  location: InputLocation,
): z.output<S> => {
  // Before the schema: a text that passes it (any string) must still never reach the store.
  const unstorable = unstorableTextErrors(input, location)
  if (unstorable.length > 0) {
    // With the body's other bad characters, each field named once.
    const others = location === 'body' ? textCharacterErrors(input) : []
    const seen = new Set(unstorable.map((error) => error.field))
    throw invalidInput(location, [...unstorable, ...others.filter((error) => !seen.has(error.field))])
  }
  const result = schema.safeParse(input, { error: englishMessage, reportInput: true })
  if (result.success) {
    const characters = location === 'body' ? textCharacterErrors(result.data) : []
    if (characters.length > 0) throw invalidInput(location, characters)
    return result.data
  }
  const errors: FieldError[] = result.error.issues.flatMap((issue): FieldError[] => {
    // A field the (closed) schema does not name: one error per field, at its own path
    // (docs/decisions/0024-closed-contract.md).
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({
        field: [...issue.path, key].map(String).join('.'),
        message: 'Unknown field: the contract does not name it.',
        code: 'unknown_field',
      }))
    }
    const missing = issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined
    return [
      {
        field: issue.path.length > 0 ? issue.path.map(String).join('.') : location,
        message: issue.message,
        code: missing ? 'missing' : issue.code,
      },
    ]
  })
  const badFields = new Set(errors.map((error) => error.field))
  const characters =
    location === 'body' ? textCharacterErrors(input).filter((error) => !badFields.has(error.field)) : []
  throw invalidInput(location, [...errors, ...characters])
}

/**
 * The minimum length a generated string schema checks (0 without one), for limits the contract inlines
 * without a generated constant. Zod Mini schemas have no `minLength` property: the check is in their def.
 */
export const minLengthOf = (schema: z.ZodMiniType): number => {
  for (const check of schema._zod.def.checks ?? []) {
    const def = check._zod.def as { check: string; minimum?: number }
    if (def.check === 'min_length' && def.minimum !== undefined) return def.minimum
  }
  return 0
}

/** Collects rule violations that zod cannot express, to throw them together. */
export class FieldErrors {
  readonly #errors: FieldError[] = []

  add(field: string, message: string, code = 'invalid'): void {
    this.#errors.push({ field, message, code })
  }

  throwIfAny(): void {
    if (this.#errors.length > 0) {
      const fields = [...new Set(this.#errors.map((error) => error.field))].join(', ')
      throw problem('validation', `The request is invalid: ${fields}.`, this.#errors)
    }
  }
}

const trim = (text: string): string => text.trim()

/**
 * Free text as it is stored: normalized first (trimmed unless `normalize` says otherwise), then held to
 * the contract's minimum length, so padding cannot carry a value past `min` (a 400 `validation` problem
 * naming `field`, code `too_small`); characters that take no room (zero-width) do not count towards it. Normalizing never lengthens a text, so the schema's maximum holds.
 */
export const normalizedText = (
  field: string,
  value: string,
  min: number,
  normalize: (text: string) => string = trim,
): string => {
  const text = normalize(value)
  if (text.length < min || visibleText(text).trim().length < min)
    throw invalidField(field, `Must be at least ${min} characters.`, 'too_small')
  return text
}
