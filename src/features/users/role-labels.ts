import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role } from '@/api/generated/query/model/role'

/** The portal roles in German (gender-inclusive, as the portal addresses its users). */
export const ROLE_LABELS: Record<Role, MessageDescriptor> = {
  ROLE_ADMIN: msg`Administrator/in`,
  ROLE_STAFF: msg`Mitarbeiter/in`,
  ROLE_USER: msg`Vereinsvertreter/in`,
}

/** The order the role select offers them: the most common choice last would surprise nobody, so by rank. */
export const ROLES: readonly Role[] = ['ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_USER']

export const isRole = (value: unknown): value is Role =>
  typeof value === 'string' && (ROLES as string[]).includes(value)
