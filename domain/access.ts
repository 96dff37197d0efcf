/**
 * The server-side permission rules: who may call an operation is its `x-access` in openapi/portal.yaml,
 * read from the generated operation table (openapi/generated/operations.ts); these functions judge a
 * caller against those rules.
 */
import type { AccessRule } from '#openapi/generated/operations.ts'
import type { Role } from '#openapi/generated/model/role.ts'

/**
 * `UNCONFIRMED` grants nothing by itself: it lets a caller whose e-mail address is not confirmed yet use
 * the operation its other rules allow. Every other operation answers such a caller 403
 * `email-not-verified`.
 */
export const allowsUnconfirmed = (rules: readonly AccessRule[]): boolean => rules.includes('UNCONFIRMED')

/** What the request is about, for the rules that depend on it. */
export interface AccessScope {
  /** The club named in the path or body (or the club of the named campaign). */
  clubId?: string
  /** The user named in the path. */
  uid?: string
}

export interface AccessSubject {
  uid: string
  role: Role
  /** The clubs the caller belongs to. */
  clubIds: ReadonlySet<string>
}

const ROLE_RULES: Partial<Record<Role, AccessRule>> = { ROLE_ADMIN: 'ADMIN', ROLE_STAFF: 'STAFF' }

/** Whether any rule grants access by role alone (no need to look at the resource). */
export const grantedByRole = (rules: readonly AccessRule[], subject: AccessSubject | null): boolean => {
  if (rules.includes('ANYONE')) return true
  if (!subject) return false
  if (rules.includes('SIGNED_IN')) return true
  const rule = ROLE_RULES[subject.role]
  return rule !== undefined && rules.includes(rule)
}

/** Whether the rules could grant access once the resource is known (so validation comes before 403). */
export const dependsOnResource = (rules: readonly AccessRule[]): boolean =>
  rules.includes('CLUB_MEMBER') || rules.includes('SELF')

export const granted = (rules: readonly AccessRule[], subject: AccessSubject | null, scope: AccessScope): boolean => {
  if (grantedByRole(rules, subject)) return true
  if (!subject) return false
  if (rules.includes('CLUB_MEMBER') && scope.clubId !== undefined && subject.clubIds.has(scope.clubId)) return true
  if (rules.includes('SELF') && scope.uid !== undefined && scope.uid === subject.uid) return true
  return false
}
