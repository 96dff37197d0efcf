/** The portal's own logo: at most one, replaced by PUT; its blob is claimed and released with it. */
import {
  CreateAppLogoBody,
  DeleteAppLogoParams,
  ReplaceAppLogoBody,
} from '../src/api/generated/zod/app-logo/app-logo.zod.ts'
import { checkFilePlace, claimBlob, releaseBlob } from './files.ts'
import { defineOperation, json, noContent } from './operation.ts'
import { notFound, problem } from './problem.ts'
import type { AppLogoRecord } from './records.ts'
import { isoInstant } from './time.ts'

/** The logo's file lies in the logo's folder, checked whole like every record's path. */
const APP_LOGO = { kind: 'app-logo' } as const

export const appLogoOperations = {
  getAppLogo: defineOperation({ run: async ({ ports }) => json(200, { logo: await ports.appLogo.get() }) }),

  createAppLogo: defineOperation({
    body: CreateAppLogoBody,
    run: async ({ ports, now }, { body }) => {
      if (await ports.appLogo.get()) throw problem('logo-exists', 'A logo is set; replace it with PUT.')
      checkFilePlace(body.path, APP_LOGO)
      await claimBlob(ports, now, body)
      const logo: AppLogoRecord = { id: ports.ids.id(), ...body, uploadedAt: isoInstant(now) }
      await ports.appLogo.set(logo)
      return json(201, logo)
    },
  }),

  replaceAppLogo: defineOperation({
    body: ReplaceAppLogoBody,
    run: async ({ ports, now }, { body }) => {
      const current = await ports.appLogo.get()
      if (!current || current.id !== body.id) throw notFound('App logo', body.id)
      checkFilePlace(body.path, APP_LOGO)
      await claimBlob(ports, now, body)
      const logo: AppLogoRecord = {
        id: ports.ids.id(),
        name: body.name,
        path: body.path,
        contentType: body.contentType,
        size: body.size,
        uploadedAt: isoInstant(now),
      }
      await ports.appLogo.set(logo)
      if (current.path !== logo.path) await releaseBlob(ports, current.path)
      return json(200, logo)
    },
  }),

  deleteAppLogo: defineOperation({
    params: DeleteAppLogoParams,
    run: async ({ ports }, { params }) => {
      const current = await ports.appLogo.get()
      if (!current || current.id !== params.id) throw notFound('App logo', params.id)
      await ports.appLogo.set(null)
      await releaseBlob(ports, current.path)
      return noContent()
    },
  }),
}
