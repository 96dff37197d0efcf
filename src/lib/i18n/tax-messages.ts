/**
 * The catalogue of the tax and receipt texts several screens share (lingui.config.ts, `tax`): loaded by
 * the modules that hold them, so only the screens that show tax data or receipts carry these texts.
 */
import { messages } from '#src/locales/de/tax.po'
import { i18n } from './i18n.ts'

i18n.load('de', messages)
