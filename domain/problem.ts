/**
 * RFC 9457 problems as the contract defines them (`Problem`): a stable `type` per kind, `title` = the
 * standard name of the status, and `errors` for the fields at fault.
 */
import type { FieldError } from '#openapi/generated/model/fieldError.ts'
import type { Problem } from '#openapi/generated/model/problem.ts'
import type { ReceiptRefusal } from '#openapi/generated/model/receiptRefusal.ts'

export type ProblemKind =
  | 'validation'
  | 'unauthorized'
  /** 401: the operation needs a sign-in at most five minutes old (`auth_time`). */
  | 'reauthentication-required'
  /** 400: the current password given with a password change is not the account's. */
  | 'current-password-wrong'
  /** 403: the caller's e-mail address is not confirmed yet. */
  | 'email-not-verified'
  | 'forbidden'
  | 'not-found'
  | 'user-exists'
  | 'token-missing'
  | 'token-expired'
  | 'token-used'
  /** 409: a newer invitation to the same address and club (or the same one sent again) took its place. */
  | 'token-replaced'
  /** 409: the club withdrew the invitation. */
  | 'token-withdrawn'
  /** 403: the invitation is for another e-mail address than the signed-in caller's. */
  | 'invitation-other-address'
  /** 409: the invitation was accepted, replaced or withdrawn already (withdrawing, sending again). */
  | 'invitation-not-open'
  /** 409: the person is a member of the club already. */
  | 'already-member'
  /** 409: the club's last member stays (a club always keeps someone who represents it). */
  | 'last-member'
  /** 403: the caller's club role lacks the right inside the club the action needs (domain/club-rights.ts). */
  | 'club-right-missing'
  /** 409: the club's last member holding a right would lose it (removed, or given a club role without it). */
  | 'last-right-holder'
  | 'club-incomplete'
  /** 409: the club is to be activated but no administrator has marked it as checked. */
  | 'club-not-checked'
  | 'invalid-transition'
  | 'in-use'
  | 'name-taken'
  | 'last-admin'
  | 'self-delete'
  | 'logo-exists'
  | 'payment-account-exists'
  | 'payment-account-state'
  | 'club-not-active'
  | 'campaign-has-donations'
  /** 409: the campaign takes no donations now (the go-live gate, domain/giving.ts). */
  | 'campaign-closed'
  /** 400: a provider event whose signature, timestamp or content is wrong, or about something unknown. */
  | 'invalid-event'
  /** 409: a provider event about a payment the portal has not recorded yet; the provider delivers it again. */
  | 'event-out-of-order'
  /** 409: a donation that cannot be refunded (not paid by card, refunded already, disputed). */
  | 'refund-not-possible'
  /** 409: no receipt can be issued or withdrawn (covered already, refunded, not deductible, notice too old). */
  | 'receipt-not-possible'
  /** 409: another club has this ZVR number (`errors` names the ZVR field). */
  | 'zvr-taken'
  /** 409: a club of the same name has the same postal code; the request may confirm it (`confirmDuplicate`). */
  | 'possible-duplicate'
  | 'payload-too-large'
  | 'unsupported-media-type'
  /** 415: an upload whose name or content is a kind its place does not take (SVG as a logo, PNG as a scan). */
  | 'file-type-not-allowed'
  /** 415: an upload whose content is not what its name or `Content-Type` says (a PNG renamed `.jpg`). */
  | 'file-content-mismatch'
  /** 429: a rate limit of the server (server/rate-limits.ts); `Retry-After` says when to try again. */
  | 'too-many-requests'
  /** 408: an upload's body stopped arriving; nothing was kept and the connection closes. */
  | 'request-timeout'
  /** 507: the server's file storage is full (a disk, a quota); nothing was kept. */
  | 'insufficient-storage'
  | 'internal'
  | 'unavailable'
  /** Only for failures injected through `/__mock/faults` with a status no other kind fits. */
  | 'injected-fault'

export const PROBLEM_BASE = 'https://vereinsportal.at/problems/'

export const STATUS_TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
  507: 'Insufficient Storage',
}

const KIND_STATUS: Readonly<Record<ProblemKind, number>> = {
  validation: 400,
  'token-missing': 400,
  'token-expired': 400,
  unauthorized: 401,
  'reauthentication-required': 401,
  'current-password-wrong': 400,
  'email-not-verified': 403,
  forbidden: 403,
  'not-found': 404,
  'user-exists': 409,
  'token-used': 409,
  'token-replaced': 409,
  'token-withdrawn': 409,
  'invitation-other-address': 403,
  'invitation-not-open': 409,
  'already-member': 409,
  'last-member': 409,
  'club-right-missing': 403,
  'last-right-holder': 409,
  'club-incomplete': 409,
  'club-not-checked': 409,
  'invalid-transition': 409,
  'in-use': 409,
  'name-taken': 409,
  'last-admin': 409,
  'self-delete': 409,
  'logo-exists': 409,
  'payment-account-exists': 409,
  'payment-account-state': 409,
  'club-not-active': 409,
  'campaign-has-donations': 409,
  'campaign-closed': 409,
  'invalid-event': 400,
  'event-out-of-order': 409,
  'refund-not-possible': 409,
  'receipt-not-possible': 409,
  'zvr-taken': 409,
  'possible-duplicate': 409,
  'payload-too-large': 413,
  'unsupported-media-type': 415,
  'file-type-not-allowed': 415,
  'file-content-mismatch': 415,
  'too-many-requests': 429,
  'request-timeout': 408,
  'insufficient-storage': 507,
  internal: 500,
  unavailable: 503,
  'injected-fault': 500,
}

/** Thrown by domain functions; the transaction is discarded and the pipeline answers with the problem. */
export class ProblemError extends Error {
  readonly kind: ProblemKind
  readonly status: number
  readonly errors: readonly FieldError[] | undefined
  /** The machine-readable reason of a kind that has several (`receipt-not-possible`). */
  readonly reason: ReceiptRefusal | undefined

  constructor(
    kind: ProblemKind,
    detail: string,
    errors?: readonly FieldError[],
    status?: number,
    reason?: ReceiptRefusal,
  ) {
    super(detail)
    this.name = 'ProblemError'
    this.kind = kind
    this.status = status ?? KIND_STATUS[kind]
    this.errors = errors
    this.reason = reason
  }
}

export const problem = (kind: ProblemKind, detail: string, errors?: readonly FieldError[]): ProblemError =>
  new ProblemError(kind, detail, errors)

export const notFound = (what: string, id: string): ProblemError =>
  problem('not-found', `${what} '${id}' does not exist.`)

/** One bad field as a 400. */
export const invalidField = (field: string, message: string, code = 'invalid'): ProblemError =>
  problem('validation', `The request is invalid: ${field}: ${message}`, [{ field, message, code }])

export const toProblemBody = (error: ProblemError, instance: string): Problem => ({
  type: `${PROBLEM_BASE}${error.kind}`,
  title: STATUS_TITLES[error.status] ?? 'Error',
  status: error.status,
  detail: error.message,
  instance,
  ...(error.errors && error.errors.length > 0 ? { errors: [...error.errors] } : {}),
  ...(error.reason !== undefined ? { reason: error.reason } : {}),
})

/** The kind an injected failure of `status` gets: the natural one where the contract has it. */
export const kindForStatus = (status: number): ProblemKind =>
  status === 400
    ? 'validation'
    : status === 401
      ? 'unauthorized'
      : status === 403
        ? 'forbidden'
        : status === 404
          ? 'not-found'
          : status === 408
            ? 'request-timeout'
            : status === 413
              ? 'payload-too-large'
              : status === 415
                ? 'unsupported-media-type'
                : status === 429
                  ? 'too-many-requests'
                  : status === 503
                    ? 'unavailable'
                    : status === 507
                      ? 'insufficient-storage'
                      : status >= 500
                        ? 'internal'
                        : 'injected-fault'
