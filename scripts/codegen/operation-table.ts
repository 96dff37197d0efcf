/**
 * Writes openapi/generated/operations.ts from openapi/portal.yaml: one row per operation with what the
 * backends need to route, admit and validate a request (`npm run api:generate` runs it after orval, whose
 * zod schemas the rows name). The server's and the mocked backend's routes, the access checks, the rate
 * limits and the contract suite read this table; nothing reads the YAML at run time.
 *
 *   node scripts/codegen/operation-table.ts [--check]   (--check: fail when the file on disk differs)
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { parse } from 'yaml'

const root = path.resolve(import.meta.dirname, '../..')
const CONTRACT = path.join(root, 'openapi/portal.yaml')
const OUTPUT = path.join(root, 'openapi/generated/operations.ts')
const ZOD_DIR = path.join(root, 'openapi/generated/zod')

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const
const ACCESS_RULES = ['ANYONE', 'SIGNED_IN', 'ADMIN', 'STAFF', 'CLUB_MEMBER', 'SELF', 'UNCONFIRMED'] as const
/** `x-rate-limit`; an operation anyone may call is `public` unless it says otherwise, the rest are unlimited. */
const RATE_LIMITS: Record<string, 'signIn' | 'public' | null> = { 'sign-in': 'signIn', public: 'public', none: null }

interface OperationObject {
  operationId?: string
  tags?: string[]
  parameters?: Array<{ in?: string; $ref?: string }>
  requestBody?: { content?: Record<string, unknown> }
  responses?: Record<string, unknown>
  'x-access'?: unknown
  'x-fresh-sign-in'?: unknown
  'x-rate-limit'?: unknown
  'x-addition'?: unknown
}

type PathItem = Partial<Record<(typeof METHODS)[number], OperationObject>> & {
  parameters?: Array<{ in?: string; $ref?: string }>
}

interface Document {
  servers?: Array<{ url?: string }>
  paths: Record<string, PathItem>
  components?: {
    parameters?: Record<string, { in?: string }>
    schemas?: Record<string, { additionalProperties?: unknown }>
  }
}

const problems: string[] = []
const fail = (message: string) => problems.push(message)

const document = parse(readFileSync(CONTRACT, 'utf8')) as Document
const apiPrefix = document.servers?.[0]?.url ?? ''
if (!/^\/[\w/-]+$/.test(apiPrefix)) fail(`servers[0].url must be the API's path prefix, not '${apiPrefix}'.`)

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1)
const camel = (tag: string) => tag.replace(/-(\w)/g, (_m, letter: string) => letter.toUpperCase())

const zodExports = new Map<string, Set<string>>()
const exportsOf = (tag: string): Set<string> => {
  let names = zodExports.get(tag)
  if (!names) {
    const file = path.join(ZOD_DIR, tag, `${tag}.zod.ts`)
    names = new Set(
      existsSync(file) ? [...readFileSync(file, 'utf8').matchAll(/^export const (\w+)\b/gm)].map((m) => m[1]!) : [],
    )
    zodExports.set(tag, names)
  }
  return names
}

/**
 * Whether an operation's JSON body is an open object (`additionalProperties: true`: a provider's event,
 * which adds fields without notice). orval makes every body a strict object, so the table loosens it.
 */
const bodyIsOpen = (operation: OperationObject): boolean => {
  const schema = (operation.requestBody?.content?.['application/json'] as { schema?: { $ref?: string } } | undefined)
    ?.schema
  const named = schema?.$ref ? document.components?.schemas?.[schema.$ref.split('/').pop() ?? ''] : schema
  return (named as { additionalProperties?: unknown } | undefined)?.additionalProperties === true
}

const parameterLocation = (parameter: { in?: string; $ref?: string }): string | undefined =>
  parameter.$ref ? document.components?.parameters?.[parameter.$ref.split('/').pop() ?? '']?.in : parameter.in

interface Row {
  operationId: string
  tag: string
  method: string
  path: string
  access: string[]
  freshSignIn: boolean
  rateLimit: 'signIn' | 'public' | null
  addition: boolean
  statuses: number[]
  bodyType: string | null
  /** The JSON body is an open object (`additionalProperties: true`). */
  openBody: boolean
  params: string | null
  query: string | null
  body: string | null
  response: string | null
}

const rows: Row[] = []
const seen = new Set<string>()
for (const [apiPath, item] of Object.entries(document.paths)) {
  for (const method of METHODS) {
    const operation = item[method]
    if (!operation) continue
    const where = `${method.toUpperCase()} ${apiPath}`
    const operationId = operation.operationId
    if (!operationId || !/^[a-z][A-Za-z0-9]*$/.test(operationId)) {
      fail(`${where}: needs an operationId in camelCase.`)
      continue
    }
    if (seen.has(operationId)) fail(`${where}: operationId ${operationId} is used twice.`)
    seen.add(operationId)
    const tag = operation.tags?.[0]
    if (!tag) {
      fail(`${operationId}: needs a tag (the generated files are split by tag).`)
      continue
    }
    const access = operation['x-access']
    if (!Array.isArray(access) || access.length === 0) {
      fail(`${operationId}: x-access must list who may call it (${ACCESS_RULES.join(', ')}).`)
      continue
    }
    for (const rule of access) {
      if (!(ACCESS_RULES as readonly unknown[]).includes(rule))
        fail(`${operationId}: unknown x-access rule '${String(rule)}'.`)
    }
    // The contract's default security is the bearer token: an operation anyone may call says so with
    // `security: []`, or Prism (and every client generated from the document) asks for a token.
    const security = (operation as { security?: unknown }).security
    if (access.includes('ANYONE') && !(Array.isArray(security) && security.length === 0))
      fail(`${operationId}: x-access ANYONE needs \`security: []\`.`)
    const declaredLimit = operation['x-rate-limit']
    if (declaredLimit !== undefined && !(typeof declaredLimit === 'string' && declaredLimit in RATE_LIMITS))
      fail(`${operationId}: x-rate-limit is one of ${Object.keys(RATE_LIMITS).join(', ')}.`)
    const rateLimit =
      typeof declaredLimit === 'string' && declaredLimit in RATE_LIMITS
        ? RATE_LIMITS[declaredLimit]!
        : access.includes('ANYONE')
          ? 'public'
          : null
    const locations = new Set([...(item.parameters ?? []), ...(operation.parameters ?? [])].map(parameterLocation))
    const bodyType = Object.keys(operation.requestBody?.content ?? {})[0] ?? null
    const names = exportsOf(tag)
    const schema = (suffix: string, expected: boolean): string | null => {
      if (!expected) return null
      const name = `${pascal(operationId)}${suffix}`
      if (!names.has(name))
        fail(`${operationId}: orval wrote no ${name} in zod/${tag}/${tag}.zod.ts (run orval first).`)
      return `${camel(tag)}.${name}`
    }
    rows.push({
      operationId,
      tag,
      method: method.toUpperCase(),
      path: apiPath,
      access: access as string[],
      freshSignIn: operation['x-fresh-sign-in'] === true,
      rateLimit,
      addition: operation['x-addition'] === true,
      statuses: Object.keys(operation.responses ?? {})
        .map(Number)
        .sort((a, b) => a - b),
      bodyType,
      openBody: bodyIsOpen(operation),
      params: schema('Params', locations.has('path')),
      query: schema('QueryParams', locations.has('query')),
      body: bodyIsOpen(operation)
        ? `looseObject(${schema('Body', true)}.shape)`
        : schema('Body', bodyType === 'application/json'),
      // orval's schema of the success answer's JSON body, where it has one.
      response: names.has(`${pascal(operationId)}Response`) ? `${camel(tag)}.${pascal(operationId)}Response` : null,
    })
  }
}

if (problems.length > 0) {
  console.error(`openapi/portal.yaml cannot make the operation table:\n  ${problems.join('\n  ')}`)
  process.exit(1)
}

// The tags whose schemas the rows name.
const tags = [
  ...new Set(rows.filter((row) => row.params ?? row.query ?? row.body ?? row.response).map((row) => row.tag)),
].sort()
const literal = (value: unknown): string =>
  Array.isArray(value) ? `[${value.map(literal).join(', ')}]` : JSON.stringify(value).replace(/"/g, "'")
const lines = [
  '/**',
  ' * Generated by `npm run api:generate` (scripts/codegen/operation-table.ts) from openapi/portal.yaml.',
  ' * Do not edit: change the contract and regenerate.',
  ' *',
  ' * One row per operation: how it is routed (method, path under API_PREFIX), who may call it (`x-access`),',
  ' * whether it needs a fresh sign-in (`x-fresh-sign-in`), which rate limit counts it (`x-rate-limit`; what',
  ' * anyone may call is `public` unless it says otherwise), the statuses it declares, and the zod schemas',
  ' * of its path parameters, query, JSON body and success answer.',
  ' */',
  ...(rows.some((row) => row.body?.startsWith('looseObject(')) ? ["import { looseObject } from 'zod/mini'"] : []),
  ...tags.map((tag) => `import * as ${camel(tag)} from './zod/${tag}/${tag}.zod.ts'`),
  '',
  `export const API_PREFIX = ${literal(apiPrefix)}`,
  '',
  `export const ACCESS_RULES = ${literal(ACCESS_RULES)} as const`,
  'export type AccessRule = (typeof ACCESS_RULES)[number]',
  "export type RateLimitClass = 'signIn' | 'public'",
  "export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'",
  '',
  'export const OPERATION_TABLE = {',
  ...rows.flatMap((row) => [
    `  ${row.operationId}: {`,
    `    operationId: ${literal(row.operationId)},`,
    `    tag: ${literal(row.tag)},`,
    `    method: ${literal(row.method)},`,
    `    path: ${literal(row.path)},`,
    `    access: ${literal(row.access)} as readonly AccessRule[],`,
    `    freshSignIn: ${row.freshSignIn},`,
    `    rateLimit: ${literal(row.rateLimit)},`,
    `    addition: ${row.addition},`,
    `    statuses: ${literal(row.statuses)} as readonly number[],`,
    `    bodyType: ${literal(row.bodyType)},`,
    `    openBody: ${row.openBody},`,
    `    params: ${row.params ?? 'null'},`,
    `    query: ${row.query ?? 'null'},`,
    `    body: ${row.body ?? 'null'},`,
    `    response: ${row.response ?? 'null'},`,
    '  },',
  ]),
  '} as const',
  '',
  'export type OperationId = keyof typeof OPERATION_TABLE',
  'export type OperationRow = (typeof OPERATION_TABLE)[OperationId]',
  '',
  '/** Every operationId, in the order of the contract. */',
  'export const OPERATION_IDS = Object.keys(OPERATION_TABLE) as OperationId[]',
  '',
]
const text = lines.join('\n')

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } })
if (values.check) {
  const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : ''
  if (current !== text) {
    console.error('openapi/generated/operations.ts is behind openapi/portal.yaml: run npm run api:generate.')
    process.exit(1)
  }
} else {
  writeFileSync(OUTPUT, text)
  console.log(`openapi/generated/operations.ts: ${rows.length} operations`)
}
