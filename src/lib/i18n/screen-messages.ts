/**
 * The screens' catalogues (docs/decisions/0007, 0018). Importing this loads `messages.po`, what the screens
 * share (components, labels, input checks), into the active German i18n; each feature's
 * `src/features/<feature>/messages.ts` imports it and adds its own `features/<feature>.po` with
 * `loadScreenMessages`. Every screen module imports its feature's `messages.ts` first, so its text is there
 * before it renders, and neither the first paint nor another screen carries it. Loading merges into the
 * messages already there; importing again does nothing.
 */
import type { Messages } from '@lingui/core'
import { messages } from '#src/locales/de/messages.po'
import { i18n } from './i18n.ts'

i18n.load('de', messages)

/** Adds a feature's own catalogue. */
export const loadScreenMessages = (feature: Messages): void => i18n.load('de', feature)
