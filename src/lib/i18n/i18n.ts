import { i18n } from '@lingui/core'
import { messages } from '@/locales/de/messages.po'
import { installZodMessages } from './zod-messages'

// German only (spec §1). The catalogue is compiled by @lingui/vite-plugin when imported.
i18n.loadAndActivate({ locale: 'de', messages })
installZodMessages()

export { i18n }
