/**
 * Building blocks for route search and path parameters. Route schemas are part of the initial chunk (the
 * router needs them to match a URL before any screen loads), and even zod/mini cost the start route 15 KB
 * gzip, so these few lenient field parsers are written out here (docs/decisions/0017-route-params-without-zod.md).
 * A schema is a Standard Schema (what `validateSearch` takes) with a `parse` (what `params` takes).
 * Screens and forms keep zod in their own chunks.
 *
 * Every search field is lenient the way a URL must be: a value that is missing or invalid falls back (to
 * `undefined` or the default) instead of failing the page. The router has already turned `?page=2` into a
 * number and `?pick=true` into a boolean (its JSON search parser), so the checks are on those types.
 */

/** One parameter: reads the raw value; `In` is what a link may pass, the parse result is what a screen reads. */
export interface Field<In, Out> {
  (raw: unknown): Out
  /** Type only, never present at run time: the value a `navigate`/`Link` may pass. */
  readonly __in: In
}

const field = <In, Out>(parse: (raw: unknown) => Out): Field<In, Out> => parse as unknown as Field<In, Out>

type Shape = Record<string, Field<unknown, unknown>>
type InOf<F> = F extends { readonly __in: infer In } ? In : never
type OutOf<F> = F extends (raw: unknown) => infer Out ? Out : never
type Simplify<T> = { [K in keyof T]: T[K] } & {}
/** Keys whose value may be undefined become optional, as they would with zod. */
type Optionalise<T> = Simplify<
  { [K in keyof T as undefined extends T[K] ? K : never]?: T[K] } & {
    [K in keyof T as undefined extends T[K] ? never : K]: T[K]
  }
>

export type SchemaInput<S extends Shape> = Optionalise<{ [K in keyof S]: InOf<S[K]> }>
export type SchemaOutput<S extends Shape> = Optionalise<{ [K in keyof S]: OutOf<S[K]> }>

export interface ParamSchema<S extends Shape> {
  readonly shape: S
  /** For `params` (and tests): the parsed object; throws when a required path parameter is invalid. */
  parse(input: unknown): SchemaOutput<S>
  readonly '~standard': {
    readonly version: 1
    readonly vendor: 'vereinsportal'
    readonly validate: (input: unknown) => { value: SchemaOutput<S> } | { issues: Array<{ message: string }> }
    readonly types?: { readonly input: SchemaInput<S>; readonly output: SchemaOutput<S> }
  }
}

/** The parsed type of a schema (what `z.infer` gave). */
export type Infer<T> = T extends ParamSchema<infer S> ? SchemaOutput<S> : never

/** A required path parameter was not what the route needs (the router shows its error page). */
export class InvalidParamError extends Error {
  readonly value: string

  constructor(value: string) {
    super(`Invalid route parameter value "${value}"`)
    this.name = 'InvalidParamError'
    this.value = value
  }
}

/** A schema of named fields; keys that parse to `undefined` are left out, as zod does for optional keys. */
export const schema = <S extends Shape>(shape: S): ParamSchema<S> => {
  const parse = (input: unknown): SchemaOutput<S> => {
    const source = (typeof input === 'object' && input !== null ? input : {}) as Record<string, unknown>
    const result: Record<string, unknown> = {}
    for (const [key, read] of Object.entries(shape)) {
      const value = read(source[key])
      if (value !== undefined) result[key] = value
    }
    return result as SchemaOutput<S>
  }
  return {
    shape,
    parse,
    '~standard': {
      version: 1,
      vendor: 'vereinsportal',
      validate: (input) => {
        try {
          return { value: parse(input) }
        } catch (error) {
          return { issues: [{ message: error instanceof Error ? error.message : String(error) }] }
        }
      },
    },
  }
}

/** Two schemas as one (a route that puts two features' list state into one URL). */
export const extend = <A extends Shape, B extends Shape>(a: ParamSchema<A>, b: ParamSchema<B>): ParamSchema<A & B> =>
  schema({ ...a.shape, ...b.shape })

const isInt = (raw: unknown): raw is number => typeof raw === 'number' && Number.isInteger(raw)
const inRange = (value: number, min: number, max: number) => value >= min && value <= max
const isString = (raw: unknown, min: number, max: number): raw is string =>
  typeof raw === 'string' && raw.length >= min && raw.length <= max

/** An optional string of at most `max` characters (and at least `min`). */
export const optionalString = (max: number, min = 0) =>
  field<string | undefined, string | undefined>((raw) => (isString(raw, min, max) ? raw : undefined))

/** A required path segment such as a document id (the contract's ids are 1–64 characters). */
export const pathId = () =>
  field<string, string>((raw) => {
    if (!isString(raw, 1, 64)) throw new InvalidParamError(String(raw))
    return raw
  })

/** A path segment read as a flag: "true" is true, anything else false (spec §2's `showSaveAlert`). */
export const pathFlag = () => field<boolean | string, boolean>((raw) => raw === true || raw === 'true')

/** An optional `true` (`?pick=true`); anything else means no. */
export const optionalTrue = () => field<true | undefined, true | undefined>((raw) => (raw === true ? true : undefined))

/** An optional value out of a fixed list. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  field<T[number] | undefined, T[number] | undefined>((raw) =>
    values.includes(raw as string) ? (raw as T[number]) : undefined,
  )

/** A value out of a fixed list, with a default for missing or unknown values. */
export const enumWithDefault = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  field<T[number] | undefined, T[number]>((raw) => (values.includes(raw as string) ? (raw as T[number]) : fallback))

/** An optional whole number in a range. */
export const optionalInt = (min: number, max: number) =>
  field<number | undefined, number | undefined>((raw) => (isInt(raw) && inRange(raw, min, max) ? raw : undefined))

/** A whole number in a range, with a default. */
export const intWithDefault = (min: number, max: number, fallback: number) =>
  field<number | undefined, number>((raw) => (isInt(raw) && inRange(raw, min, max) ? raw : fallback))

/** One of a few allowed numbers (page sizes), with a default. */
export const numberOfWithDefault = (allowed: readonly number[], fallback: number) =>
  field<number | undefined, number>((raw) => (typeof raw === 'number' && allowed.includes(raw) ? raw : fallback))

/** An optional one of a few allowed numbers. */
export const optionalNumberOf = (allowed: readonly number[]) =>
  field<number | undefined, number | undefined>((raw) =>
    typeof raw === 'number' && allowed.includes(raw) ? raw : undefined,
  )

/** An optional ISO calendar day (`2026-05-01`) that exists in the calendar. */
export const optionalIsoDate = () =>
  field<string | undefined, string | undefined>((raw) => {
    if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined
    const [year, month, day] = raw.split('-').map(Number) as [number, number, number]
    const date = new Date(Date.UTC(year, month - 1, day))
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
      ? raw
      : undefined
  })

/** An optional string matching a pattern. */
export const optionalPattern = (pattern: RegExp) =>
  field<string | undefined, string | undefined>((raw) =>
    typeof raw === 'string' && pattern.test(raw) ? raw : undefined,
  )

/** A string with a default and a length limit (free text such as a search box). */
export const stringWithDefault = (max: number, fallback: string) =>
  field<string | undefined, string>((raw) => (isString(raw, 0, max) ? raw : fallback))

/**
 * A search box's text with a default and a length limit. A number is taken as its digits: the router
 * reads `?q=123456789` (a ZVR number typed into the address bar) as JSON, a number.
 */
export const searchTextWithDefault = (max: number, fallback: string) =>
  field<string | undefined, string>((raw) => {
    const text = typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0 ? String(raw) : raw
    return isString(text, 0, max) ? text : fallback
  })
