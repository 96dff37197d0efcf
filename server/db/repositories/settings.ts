/** The table `settings`: what an operator overrides, by key. */
import { DEFAULT_GLOBALS } from '#domain/globals.ts'
import type { GlobalsRepository } from '#domain/ports.ts'
import type { Globals } from '#openapi/generated/model/globals.ts'
import type { Trx } from '#server/db/database.ts'

/** The settings clients load: the defaults, with each key an operator set under `globals`. */
export const globalsRepository = (trx: Trx): GlobalsRepository => ({
  get: async () => {
    const row = await trx.selectFrom('settings').select('value').where('key', '=', 'globals').executeTakeFirst()
    return { ...DEFAULT_GLOBALS, ...((row?.value as Partial<Globals> | undefined) ?? {}) }
  },
})
