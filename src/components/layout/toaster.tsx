import { useLingui } from '@lingui/react/macro'
import type { CSSProperties } from 'react'
import { Toaster as SonnerToaster } from 'sonner'

/** Spec §4, §9: toasts bottom-right, closing after 3000 ms, the newest in front of the stack. */
export const TOAST_DURATION_MS = 3000

/**
 * Above a bar stuck to the bottom of the window (src/lib/sticky-bottom-bar.ts): a toast after "Speichern"
 * never covers the button for its three seconds (WCAG 2.4.11). Sonner's own distances otherwise.
 */
const above = (distance: string) => ({ bottom: `calc(${distance} + var(--sticky-bottom-bar, 0px))` })

/**
 * Sonner's texts on its light backgrounds reach only 4.25:1 (success) or less; Tailwind's 800 shades reach
 * over 6:1 on the same backgrounds (WCAG 1.4.3 asks 4.5:1).
 */
const TEXT_COLOURS = {
  '--success-text': '#166534',
  '--info-text': '#1e40af',
  '--warning-text': '#92400e',
  '--error-text': '#991b1b',
} as CSSProperties

export const Toaster = () => {
  const { t } = useLingui()
  return (
    <SonnerToaster
      position="bottom-right"
      // German only (spec §1): without it sonner reads the document's direction from computed styles on
      // every render, a style recalculation on each navigation.
      dir="ltr"
      duration={TOAST_DURATION_MS}
      offset={above('24px')}
      mobileOffset={above('16px')}
      style={TEXT_COLOURS}
      richColors
      closeButton
      containerAriaLabel={t`Benachrichtigungen`}
      toastOptions={{ closeButtonAriaLabel: t`Benachrichtigung schließen` }}
    />
  )
}
