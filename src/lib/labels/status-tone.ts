import type { MessageDescriptor } from '@lingui/core'

/**
 * How a state reads at a glance. `Badge` (`src/components/ui/badge.tsx`) has exactly these tones, so a
 * status table's tone goes straight into a badge.
 */
export type StatusTone = 'neutral' | 'success' | 'warning' | 'danger' | 'info'

/** A state's German name and its tone. */
export interface StatusLabel {
  label: MessageDescriptor
  tone: StatusTone
}
