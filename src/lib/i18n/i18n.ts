import { i18n } from '@lingui/core'
import { messages } from '#src/locales/de/shell.po'

// German only (spec §1). The catalogue is compiled by @lingui/vite-plugin when imported. Only the shell's
// catalogue loads with the app; each screen adds the rest (./screen-messages.ts, docs/decisions/0007).
i18n.loadAndActivate({ locale: 'de', messages })

// A message shown before its catalogue loaded would show its id instead of German text: say so loudly
// (the e2e fixtures fail a test on this console error).
i18n.on('missing', ({ id }) => {
  console.error(`[i18n] missing message "${id}": is its catalogue loaded?`)
})

export { i18n }
