import { useLingui } from '@lingui/react/macro'
import { Toaster as SonnerToaster } from 'sonner'

/** Spec §4, §9: toasts bottom-right, closing after 3000 ms, the newest in front of the stack. */
export const TOAST_DURATION_MS = 3000

export const Toaster = () => {
  const { t } = useLingui()
  return (
    <SonnerToaster
      position="bottom-right"
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      containerAriaLabel={t`Benachrichtigungen`}
      toastOptions={{ closeButtonAriaLabel: t`Benachrichtigung schließen` }}
    />
  )
}
