/**
 * Reading a process's environment (and command-line flags) through one zod schema: a value that is set
 * but wrong (`PORT=abc`, `RATE_LIMIT_PUBLIC_PER_MINUTE=x`, `LOG_LEVEL=loud`) stops the process with a
 * message naming every such variable, instead of being replaced by a default without a word. An unset or
 * empty variable takes its default.
 */
import { isIP } from 'node:net'
import { z } from 'zod'

/** The configuration cannot start a process; the message names every variable that is wrong and why. */
export class ConfigError extends Error {
  constructor(problems: readonly string[]) {
    super(`The configuration is invalid:\n  ${problems.join('\n  ')}`)
    this.name = 'ConfigError'
  }
}

/** Unset and empty are the same: the default applies. */
const given = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))

/** A whole number from `min` to `max`; unset: `fallback`. */
export const wholeNumber = (fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER) =>
  given.transform((value, context) => {
    if (value === undefined) return fallback
    const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN
    if (Number.isSafeInteger(parsed) && parsed >= min && parsed <= max) return parsed
    context.addIssue({
      code: 'custom',
      message: `must be a whole number${max === Number.MAX_SAFE_INTEGER ? ` of at least ${min}` : ` from ${min} to ${max}`}`,
    })
    return z.NEVER
  })

export const port = (fallback: number, min = 0) => wholeNumber(fallback, min, 65_535)

const TRUE = ['1', 'true', 'yes']
const FALSE = ['0', 'false', 'no']

/** `1`/`true`/`yes` or `0`/`false`/`no`; unset: false. */
export const flag = given.transform((value, context) => {
  if (value === undefined) return false
  const lower = value.toLowerCase()
  if (TRUE.includes(lower)) return true
  if (FALSE.includes(lower)) return false
  context.addIssue({ code: 'custom', message: 'must be 1, true or yes (on), or 0, false or no (off)' })
  return z.NEVER
})

/** One of `values`; unset: `fallback`. */
export const oneOf = <const T extends string>(values: readonly [T, ...T[]], fallback: T) =>
  given.transform((value, context) => {
    if (value === undefined) return fallback
    if ((values as readonly string[]).includes(value)) return value as T
    context.addIssue({ code: 'custom', message: `must be one of ${values.join(', ')}` })
    return z.NEVER
  })

/** Any text; unset: undefined. */
export const text = given

/** An http(s) origin or URL; unset: undefined. */
export const httpUrl = given.transform((value, context) => {
  if (value === undefined) return undefined
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return value.replace(/\/+$/, '')
  } catch {
    // reported below
  }
  context.addIssue({ code: 'custom', message: 'must be an http(s) URL such as https://portal.example.at' })
  return z.NEVER
})

/** A comma-separated list of http(s) origins; unset: undefined. */
export const originList = given.transform((value, context) => {
  if (value === undefined) return undefined
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean)
  const wrong = origins.filter((origin) => {
    try {
      const url = new URL(origin)
      return (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== origin.replace(/\/+$/, '')
    } catch {
      return true
    }
  })
  if (wrong.length === 0) return origins.map((origin) => origin.replace(/\/+$/, ''))
  context.addIssue({
    code: 'custom',
    message: `must list origins such as https://portal.example.at (not ${wrong.join(', ')})`,
  })
  return z.NEVER
})

/** `host:port`; unset: undefined. */
export const hostAndPort = given.transform((value, context) => {
  if (value === undefined) return undefined
  if (/^[\w.-]+:\d{1,5}$/.test(value.replace(/^https?:\/\//, '').replace(/\/+$/, ''))) return value
  context.addIssue({ code: 'custom', message: 'must be host:port, e.g. 127.0.0.1:9479' })
  return z.NEVER
})

/** A port number from 1 to 65535; unset: undefined. */
export const optionalPort = given.transform((value, context) => {
  if (value === undefined) return undefined
  const parsed = /^\d+$/.test(value) ? Number(value) : Number.NaN
  if (parsed >= 1 && parsed <= 65_535) return parsed
  context.addIssue({ code: 'custom', message: 'must be a whole number from 1 to 65535' })
  return z.NEVER
})

/** A host name or address without scheme or port (`127.0.0.1`, `stripe-mock`); unset: undefined. */
export const hostName = given.transform((value, context) => {
  if (value === undefined) return undefined
  if (/^[A-Za-z0-9]([\w.-]*[A-Za-z0-9])?$/.test(value)) return value
  context.addIssue({
    code: 'custom',
    message: 'must be a host name or address such as 127.0.0.1, without scheme or port',
  })
  return z.NEVER
})

/**
 * A secret (an API key, a signing secret) that starts with one of `prefixes`; unset: undefined. `hint` is
 * told when it does not (what such a value looks like, where to get one). Name the variable in
 * `readEnvironment`'s `hidden`, so a wrong value is never printed.
 */
export const prefixedSecret = (prefixes: readonly [string, ...string[]], hint: string) =>
  given.transform((value, context) => {
    if (value === undefined) return undefined
    if (prefixes.some((prefix) => value.startsWith(prefix)) && /^\w+$/.test(value)) return value
    context.addIssue({ code: 'custom', message: `must start with ${prefixes.join(', ')}: ${hint}` })
    return z.NEVER
  })

/** A Google API key as the Firebase console shows it (Project settings → General → Web API key). */
export const googleApiKey = given.transform((value, context) => {
  if (value === undefined || /^AIza[\w-]{35}$/.test(value)) return value
  context.addIssue({
    code: 'custom',
    message: 'must be the Web API key of the Firebase project (AIza…, 39 characters: Project settings → General)',
  })
  return z.NEVER
})

/**
 * A shared secret of at least `minLength` visible ASCII characters (it travels in a header); unset:
 * undefined. Name the variable in `readEnvironment`'s `hidden`.
 */
export const secretToken = (minLength: number) =>
  given.transform((value, context) => {
    if (value === undefined) return undefined
    if (value.length >= minLength && /^[\x21-\x7e]+$/.test(value)) return value
    context.addIssue({
      code: 'custom',
      message: `must be at least ${minLength} visible ASCII characters without spaces, e.g. from \`openssl rand -hex 32\``,
    })
    return z.NEVER
  })

/** An address to listen on: an IPv4 or IPv6 address or a host name (`127.0.0.1`, `::1`, `localhost`). */
export const listenHost = given.transform((value, context) => {
  if (value === undefined) return undefined
  if (isIP(value) !== 0 || /^[A-Za-z0-9]([\w.-]*[A-Za-z0-9])?$/.test(value)) return value
  context.addIssue({ code: 'custom', message: 'must be an address such as 127.0.0.1 or ::1, or a host name' })
  return z.NEVER
})

/**
 * Parses `env` with `shape`; throws ConfigError naming each wrong variable with the value it has, except the
 * `hidden` ones (secrets), whose value is never shown.
 */
export const readEnvironment = <S extends z.ZodRawShape>(
  shape: S,
  env: Readonly<Record<string, string | undefined>>,
  { hidden = [] }: { readonly hidden?: readonly (keyof S & string)[] } = {},
): z.output<z.ZodObject<S>> => {
  const result = z.object(shape).safeParse(env)
  if (result.success) return result.data
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '')
      const shown = (hidden as readonly string[]).includes(name) ? '(hidden)' : JSON.stringify(env[name] ?? '')
      return `${name}=${shown}: ${issue.message}`
    }),
  )
}
