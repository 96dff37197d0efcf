/** The demo tools' catalogue (mocked mode only) and the one the screens share: imported first by the panel. */
import { loadScreenMessages } from '@/lib/i18n/screen-messages'
import { messages } from '@/locales/de/mock-tools.po'

loadScreenMessages(messages)
