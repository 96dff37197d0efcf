import * as RadixDialog from '@radix-ui/react-dialog'
import type { ReactNode } from 'react'
import { cn } from '#src/lib/cn.ts'
import { canTakeFocus, focusElement, type FocusReturn } from '#src/lib/focus-return.ts'

export interface DialogFrameProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  size?: 'md' | 'lg'
  /**
   * The element that had the focus when the dialog opened, or where it stood if it is gone by now
   * (dialog.tsx notes it with `planFocusReturn`).
   */
  opener: FocusReturn | null
  fallbackFocus?: () => HTMLElement | null | undefined
}

/**
 * The modal itself (Radix: focus trap, Escape closes, title and description announced), loaded with the
 * first dialog a screen opens (dialog.tsx), so Radix is not part of every screen's chunk.
 */
export const DialogFrame = ({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  size = 'md',
  opener,
  fallbackFocus,
}: DialogFrameProps) => (
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
          // The opener if it is still there; else the caller's place; else the next item, the section's
          // heading or the page's h1. Never the page itself (Radix's default when the opener is gone).
          const target = canTakeFocus(opener?.element) ? opener.element : (fallbackFocus?.() ?? opener?.nearest())
          if (target) {
            event.preventDefault()
            focusElement(target)
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
        {footer && <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>}
      </RadixDialog.Content>
    </RadixDialog.Portal>
  </RadixDialog.Root>
)
