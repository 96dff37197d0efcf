import * as RadixDialog from '@radix-ui/react-dialog'
import { Trans } from '@lingui/react/macro'
import { useState, type ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Button } from './button'

/**
 * The last value that was not null/undefined: a dialog opened for `value` keeps showing it while it fades out
 * after the caller has cleared it, so its text does not vanish mid-animation.
 */
export const useLastDefined = <T,>(value: T | null | undefined): T | null => {
  const [last, setLast] = useState<T | null>(value ?? null)
  if (value != null && value !== last) setLast(value)
  return value ?? last
}

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  size?: 'md' | 'lg'
  /**
   * Where the focus goes on closing when the element that opened the dialog is gone (e.g. the row whose
   * button opened it was removed by the dialog's action).
   */
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * A modal dialog (Radix: focus trap, Escape closes, focus returns to the opener, title and description
 * announced). Every screen uses this one.
 */
export const Dialog = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  fallbackFocus,
}: DialogProps) => {
  // Radix gives the focus back to a `Dialog.Trigger` only; screens open dialogs from their own buttons, so
  // the element that had the focus when the dialog opened gets it back when it closes (WAI-ARIA dialog).
  // It is noted while rendering the opening: by the first effect, `autoFocus` inside has moved the focus.
  const [opener, setOpener] = useState<HTMLElement | null>(null)
  const [wasOpen, setWasOpen] = useState(open)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open)
      setOpener(
        typeof document !== 'undefined' && document.activeElement instanceof HTMLElement
          ? document.activeElement
          : null,
      )
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl',
            size === 'md' ? 'max-w-lg' : 'max-w-3xl',
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onCloseAutoFocus={(event) => {
            // One dialog led to the next (a confirmation, then the backend's question): the focus stays there.
            if (document.querySelector('[role="dialog"][data-state="open"]')) {
              event.preventDefault()
              return
            }
            const target = opener?.isConnected ? opener : fallbackFocus?.()
            if (target) {
              event.preventDefault()
              target.focus()
            }
          }}
        >
          <div className="border-b border-slate-200 px-5 py-4">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            {description && (
              <RadixDialog.Description className="mt-1 text-sm text-slate-700">{description}</RadixDialog.Description>
            )}
          </div>
          {children && <div className="overflow-y-auto px-5 py-4">{children}</div>}
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

interface ConfirmDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  confirmLabel: ReactNode
  onConfirm: () => void
  /** Red confirm button for actions that destroy or cannot be undone. */
  destructive?: boolean
  pending?: boolean
  children?: ReactNode
  fallbackFocus?: DialogProps['fallbackFocus']
}

/** Asks before a destructive action; "Abbrechen" has the focus first so Enter never destroys by accident. */
export const ConfirmDialog = ({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  destructive = false,
  pending = false,
  children,
  fallbackFocus,
}: ConfirmDialogProps) => (
  <Dialog
    open={open}
    onOpenChange={onOpenChange}
    title={title}
    description={description}
    fallbackFocus={fallbackFocus}
    footer={
      <>
        <RadixDialog.Close asChild>
          <Button variant="secondary" autoFocus>
            <Trans>Abbrechen</Trans>
          </Button>
        </RadixDialog.Close>
        <Button variant={destructive ? 'danger' : 'primary'} pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </>
    }
  >
    {children}
  </Dialog>
)
