/** The portal's own logo: at most one, replaced by PUT; its blob is claimed and released with it. */
import { change, recordAudit } from './audit.ts'
import { checkFilePlace, claimBlob, releaseBlob } from './files.ts'
import { defineOperations, json, noContent } from './operation.ts'
import { notFound, problem } from './problem.ts'
import type { AppLogoRecord } from './records.ts'
import { isoInstant } from './time.ts'

/** The logo's file lies in the logo's folder, checked whole like every record's path. */
const APP_LOGO = { kind: 'app-logo' } as const

export const appLogoOperations = defineOperations({
  getAppLogo: { run: async ({ ports }) => json(200, { logo: await ports.appLogo.get() }) },

  createAppLogo: {
    run: async (ctx, { body }) => {
      const { ports, now } = ctx
      if (await ports.appLogo.get()) throw problem('logo-exists', 'A logo is set; replace it with PUT.')
      checkFilePlace(body.path, APP_LOGO)
      await claimBlob(ports, now, body)
      const logo: AppLogoRecord = { id: ports.ids.id(), ...body, uploadedAt: isoInstant(now) }
      await ports.appLogo.set(logo)
      await recordAudit(ctx, { action: 'APP_LOGO_CHANGED', changes: [change('appLogo', null, logo.name)] })
      return json(201, logo)
    },
  },

  replaceAppLogo: {
    run: async (ctx, { body }) => {
      const { ports, now } = ctx
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
      await recordAudit(ctx, { action: 'APP_LOGO_CHANGED', changes: [change('appLogo', current.name, logo.name)] })
      return json(200, logo)
    },
  },

  deleteAppLogo: {
    run: async (ctx, { params }) => {
      const { ports } = ctx
      const current = await ports.appLogo.get()
      if (!current || current.id !== params.id) throw notFound('App logo', params.id)
      await ports.appLogo.set(null)
      await releaseBlob(ports, current.path)
      await recordAudit(ctx, { action: 'APP_LOGO_DELETED', changes: [change('appLogo', current.name, null)] })
      return noContent()
    },
  },
})
