/**
 * Loads the screens' catalogue `messages.po` (every message outside the shell, all those the spec quotes) into the active German i18n. A side
 * effect on import: every screen module imports this first, so its text is there before it renders, and
 * the first paint of the app does not carry it (docs/decisions/0007). Loading merges into the shell's
 * messages; importing it again does nothing.
 */
import { messages } from '@/locales/de/messages.po'
import { i18n } from './i18n'

i18n.load('de', messages)
