/** This feature's catalogue and the one the screens share: imported first by every screen of the feature. */
import { loadScreenMessages } from '@/lib/i18n/screen-messages'
import { messages } from '@/locales/de/features/auth.po'

loadScreenMessages(messages)
