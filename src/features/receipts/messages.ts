/** This feature's catalogue and the one the screens share: imported first by every screen of the feature. */
import { loadScreenMessages } from '#src/lib/i18n/screen-messages.ts'
import { messages } from '#src/locales/de/features/receipts.po'

loadScreenMessages(messages)
