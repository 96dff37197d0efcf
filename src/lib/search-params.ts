/**
 * Building blocks for route search and path parameters. Route schemas are part of the initial chunk (the
 * router needs them to match a URL before any screen loads), so they use `zod/mini`, which tree-shakes to
 * a fraction of classic zod; screens and forms keep classic zod in their own chunks. Every helper is
 * lenient the way a URL must be: a value that is missing or invalid falls back (to `undefined` or the
 * default) instead of failing the page.
 */
import { z } from 'zod/mini'

export { z }

/** An optional string of at most `max` characters (and at least `min`). */
export const optionalString = (max: number, min = 0) =>
  z.catch(z.optional(z.string().check(z.minLength(min), z.maxLength(max))), undefined)

/** A required path segment such as a document id (the contract's ids are 1–64 characters). */
export const pathId = () => z.string().check(z.minLength(1), z.maxLength(64))

/** An optional value out of a fixed list. */
export const optionalEnum = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.catch(z.optional(z.enum(values)), undefined)

/** A value out of a fixed list, with a default for missing or unknown values. */
export const enumWithDefault = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.catch(z._default(z.enum(values), fallback), fallback)

/** An optional whole number in a range. */
export const optionalInt = (min: number, max: number) =>
  z.catch(z.optional(z.int().check(z.gte(min), z.lte(max))), undefined)

/** A whole number in a range, with a default. */
export const intWithDefault = (min: number, max: number, fallback: number) =>
  z.catch(z._default(z.int().check(z.gte(min), z.lte(max)), fallback), fallback)

/** One of a few allowed numbers (page sizes), with a default. */
export const numberOfWithDefault = (allowed: readonly number[], fallback: number) =>
  z.catch(z._default(z.number().check(z.refine((value) => allowed.includes(value))), fallback), fallback)

/** An optional one of a few allowed numbers. */
export const optionalNumberOf = (allowed: readonly number[]) =>
  z.catch(z.optional(z.number().check(z.refine((value) => allowed.includes(value)))), undefined)

/** An optional ISO calendar day (`2026-05-01`). */
export const optionalIsoDate = () => z.catch(z.optional(z.iso.date()), undefined)

/** An optional string matching a pattern. */
export const optionalPattern = (pattern: RegExp) => z.catch(z.optional(z.string().check(z.regex(pattern))), undefined)

/** A string with a default and a length limit (free text such as a search box). */
export const stringWithDefault = (max: number, fallback: string) =>
  z.catch(z._default(z.string().check(z.maxLength(max)), fallback), fallback)
