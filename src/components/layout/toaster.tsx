import { useLingui } from '@lingui/react/macro'
import { Toaster as SonnerToaster } from 'sonner'

/** Spec §4, §9: toasts bottom-right, closing after 3000 ms, the newest in front of the stack. */
export const TOAST_DURATION_MS = 3000

export const Toaster = () => {
  const { t } = useLingui()
  return (
    <SonnerToaster
      position="bottom-right"
      // German only (spec §1): without it sonner reads the document's direction from computed styles on
      // every render, a style recalculation on each navigation.
      dir="ltr"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      containerAriaLabel={t`Benachrichtigungen`}
      toastOptions={{ closeButtonAriaLabel: t`Benachrichtigung schließen` }}
    />
  )
}
