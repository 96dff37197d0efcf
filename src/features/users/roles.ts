import type { Role } from '#openapi/generated/model/role.ts'

/** The order the role select offers them: the most common choice last would surprise nobody, so by rank. */
export const ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_USER']

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as string[]).includes(value)
