import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Role } from '#openapi/generated/model/role.ts'

/** The portal roles in German (gender-inclusive, as the portal addresses its users). */
export const ROLE_LABELS: Readonly<Record<Role, MessageDescriptor>> = {
  ROLE_ADMIN: msg`Administrator/in`,
  ROLE_STAFF: msg`Mitarbeiter/in`,
  ROLE_USER: msg`Vereinsvertreter/in`,
}
