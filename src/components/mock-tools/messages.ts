/** The demo tools' catalogue (mocked mode only) and the one the screens share: imported first by the panel. */
import { loadScreenMessages } from '#src/lib/i18n/screen-messages.ts'
import { messages } from '#src/locales/de/mock-tools.po'

loadScreenMessages(messages)
