/**
 * The mocked backend's own part of the `/__mock/*` control plane as plain functions: mailbox, faults
 * and settings. (Identity: mocks/identity/; the provider's onboarding: domain/onboarding.ts.)
 */
import { z } from 'zod'
import { OPERATION_IDS } from '#openapi/generated/operations.ts'
import type { ApiResponse } from '#domain/operation.ts'
import type { Store, Tx } from '#mocks/db/store.ts'
import type { Faults, MailRecord, Settings } from '#mocks/db/types.ts'

const ok = (body: unknown): ApiResponse => ({ status: 200, body })
const error = (status: number, code: string, message?: string): ApiResponse => ({
  status,
  body: { error: code, ...(message ? { message } : {}) },
})

// ------------------------------------------------------------------------------------------------- mailbox

export type Mail = Omit<MailRecord, 'sequence'>

export const mailbox = (tx: Tx): Mail[] =>
  [...tx.table('mails').values()]
    .sort((a, b) => b.sequence - a.sequence)
    .map(({ sequence: _sequence, ...mail }) => mail)

export const clearMailbox = (tx: Tx): void => {
  for (const id of [...tx.table('mails').values()].map((mail) => mail.id)) tx.delete('mails', id)
}

// ------------------------------------------------------------------------------------------------- faults

const Failure = z.object({
  operationId: z.enum(OPERATION_IDS as [string, ...string[]]),
  status: z.number().int().min(400).max(599),
  remaining: z.number().int().min(1).nullable().default(null),
})

const FaultsInput = z
  .object({
    delayMs: z.number().int().min(0).max(60_000),
    failures: z.array(Failure).max(50),
    tokenLifetimeSeconds: z.number().int().min(1).max(86_400),
  })
  .partial()

/** Replaces the fault settings given (others stay). 400 `{ error: 'INVALID_FAULTS' }` for bad input. */
export const putFaults = (tx: Tx, body: unknown): ApiResponse => {
  const result = FaultsInput.safeParse(body)
  if (!result.success) {
    return error(
      400,
      'INVALID_FAULTS',
      result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '),
    )
  }
  const current = tx.singleton('faults')
  const next: Faults = {
    delayMs: result.data.delayMs ?? current.delayMs,
    failures: result.data.failures ?? current.failures,
    tokenLifetimeSeconds: result.data.tokenLifetimeSeconds ?? current.tokenLifetimeSeconds,
  }
  tx.setSingleton('faults', next)
  return ok(next)
}

/**
 * Fault settings from a page URL: `?mockDelay=800`, `?mockFail=getClubOverview:500,getUsers:503:2`
 * (`operationId:status[:times]`), `?mockTokenLifetime=5`. Unknown or malformed entries are ignored.
 */
export const faultsFromSearchParams = (params: URLSearchParams): Partial<Faults> | null => {
  const patch: { -readonly [K in keyof Faults]?: Faults[K] } = {}
  const delay = params.get('mockDelay')
  if (delay !== null && /^\d+$/.test(delay)) patch.delayMs = Math.min(60_000, Number(delay))
  const lifetime = params.get('mockTokenLifetime')
  if (lifetime !== null && /^\d+$/.test(lifetime) && Number(lifetime) > 0)
    patch.tokenLifetimeSeconds = Math.min(86_400, Number(lifetime))
  const fail = params.get('mockFail')
  if (fail !== null) {
    patch.failures = fail
      .split(',')
      .map((entry) => /^([A-Za-z]+):(\d{3})(?::(\d+))?$/.exec(entry.trim()))
      .filter((match): match is RegExpExecArray => match !== null)
      .map(([, operationId, status, times]) => ({
        operationId: operationId!,
        status: Number(status),
        remaining: times ? Number(times) : null,
      }))
      .filter(
        (rule) => (OPERATION_IDS as string[]).includes(rule.operationId) && rule.status >= 400 && rule.status <= 599,
      )
  }
  return Object.keys(patch).length > 0 ? patch : null
}

/** The status an injected failure gives this request, if any; counts it down. */
export const takeInjectedFailure = async (store: Store, operationId: string): Promise<number | null> => {
  const { failures } = store.state.singletons.faults
  if (!failures.some((rule) => rule.operationId === operationId)) return null
  return store.transactAsync(async (tx) => {
    const faults = tx.singleton('faults')
    const index = faults.failures.findIndex((rule) => rule.operationId === operationId)
    // Another request may have used up the last failure meanwhile.
    if (index < 0) return null
    const rule = faults.failures[index]!
    const rest =
      rule.remaining === null
        ? faults.failures
        : faults.failures.flatMap((candidate, i) =>
            i !== index
              ? [candidate]
              : candidate.remaining! > 1
                ? [{ ...candidate, remaining: candidate.remaining! - 1 }]
                : [],
          )
    if (rest !== faults.failures) tx.setSingleton('faults', { ...faults, failures: rest })
    return rule.status
  })
}

// ------------------------------------------------------------------------------------------------- settings

const SettingsInput = z.object({ firebaseEmulatorProject: z.string().min(1).max(100).nullable() }).partial()

export const putSettings = (tx: Tx, body: unknown): ApiResponse => {
  const result = SettingsInput.safeParse(body)
  if (!result.success) return error(400, 'INVALID_SETTINGS')
  const next: Settings = { ...tx.singleton('settings'), ...result.data }
  tx.setSingleton('settings', next)
  return ok(next)
}
