/** The portal's own logo: at most one, replaced by PUT. */
import {
  CreateAppLogoBody,
  DeleteAppLogoParams,
  ReplaceAppLogoBody,
} from '../../src/api/generated/zod/app-logo/app-logo.zod.ts'
import { randomId } from './crypto.ts'
import { defineOperation, json, noContent } from './operation.ts'
import { notFound, problem } from './problem.ts'
import { isoInstant } from './time.ts'

export const appLogoOperations = {
  getAppLogo: defineOperation({ run: ({ tx }) => json(200, { logo: tx.singleton('appLogo') }) }),

  createAppLogo: defineOperation({
    body: CreateAppLogoBody,
    run: ({ tx, now }, { body }) => {
      if (tx.singleton('appLogo')) throw problem('logo-exists', 'A logo is set; replace it with PUT.')
      const logo = { id: randomId(), ...body, uploadedAt: isoInstant(now) }
      tx.setSingleton('appLogo', logo)
      return json(201, logo)
    },
  }),

  replaceAppLogo: defineOperation({
    body: ReplaceAppLogoBody,
    run: ({ tx, now }, { body }) => {
      const current = tx.singleton('appLogo')
      if (!current || current.id !== body.id) throw notFound('App logo', body.id)
      const logo = { id: randomId(), name: body.name, path: body.path, contentType: body.contentType, size: body.size, uploadedAt: isoInstant(now) }
      tx.setSingleton('appLogo', logo)
      return json(200, logo)
    },
  }),

  deleteAppLogo: defineOperation({
    params: DeleteAppLogoParams,
    run: ({ tx }, { params }) => {
      const current = tx.singleton('appLogo')
      if (!current || current.id !== params.id) throw notFound('App logo', params.id)
      tx.setSingleton('appLogo', null)
      return noContent()
    },
  }),
}
