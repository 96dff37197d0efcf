import { Trans } from '@lingui/react/macro'
import { createContext, lazy, Suspense, use, useEffect, useState, type ComponentType, type ReactNode } from 'react'
import { planFocusReturn, type FocusReturn } from '#src/lib/focus-return.ts'
import { whenIdle } from '#src/lib/when-idle.ts'
import { Button, type ButtonProps } from './button.tsx'
import type { DialogFrameProps } from './dialog-frame.tsx'
import { Spinner } from './spinner.tsx'

/**
 * The last value that was not null/undefined: a dialog opened for `value` keeps showing it while it fades out
 * after the caller has cleared it, so its text does not vanish mid-animation.
 */
export const useLastDefined = <T,>(value: T | null | undefined): T | null => {
  const [last, setLast] = useState<T | null>(value ?? null)
  if (value != null && value !== last) setLast(value)
  return value ?? last
}

// The modal (Radix, ~14 KB gzip) is its own chunk: a screen's chunk carries only this module, and the frame
// is fetched once the screen is idle, or when a dialog opens before that (docs/decisions/0018).
let loadedFrame: ComponentType<DialogFrameProps> | undefined
const loadFrame = () =>
  import('./dialog-frame.tsx').then((module) => {
    loadedFrame = module.DialogFrame
    return { default: module.DialogFrame }
  })
const LazyFrame = lazy(loadFrame)

const preloadFrame = () => (loadedFrame ? undefined : whenIdle(() => void loadFrame()))

const CloseContext = createContext<(() => void) | null>(null)

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
   * button opened it was removed by the dialog's action). Without it: the next item of the opener's list,
   * else the heading of its section, else the page's h1 (src/lib/focus-return.ts).
   */
  fallbackFocus?: () => HTMLElement | null | undefined
}

/** While the frame's chunk is on the way (a dialog opened before the screen was idle): the overlay and a spinner. */
const DialogPending = ({ title }: { title: ReactNode }) => (
  <>
    <div className="fixed inset-0 z-40 bg-slate-900/50" />
    <div
      role="status"
      className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl"
    >
      <div className="border-b border-slate-200 px-5 py-4 text-lg font-semibold text-slate-900">{title}</div>
      <div className="flex items-center gap-3 px-5 py-6 text-slate-600">
        <Spinner className="size-5 text-brand-700" />
        <span>
          <Trans>Wird geladen …</Trans>
        </span>
      </div>
    </div>
  </>
)

/**
 * A modal dialog (Radix: focus trap, Escape closes, focus returns to the opener, title and description
 * announced). Every screen uses this one. Nothing is rendered until it first opens.
 */
export const Dialog = ({ open, onOpenChange, title, fallbackFocus, ...rest }: DialogProps) => {
  // Radix gives the focus back to a `Dialog.Trigger` only; screens open dialogs from their own buttons, so
  // the element that had the focus when the dialog opened gets it back when it closes (WAI-ARIA dialog).
  // It is noted while rendering the opening: by the first effect, `autoFocus` inside has moved the focus.
  // With it, where it stands (its list item, its section), for when the dialog's action removes it.
  const [opener, setOpener] = useState<FocusReturn | null>(null)
  const [wasOpen, setWasOpen] = useState(open)
  // The frame this dialog renders, chosen when it first opens: the loaded one, else the lazy one (which
  // suspends until its chunk is there). Kept afterwards, so the frame is never swapped while mounted.
  const [Frame, setFrame] = useState<ComponentType<DialogFrameProps> | null>(null)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open && typeof document !== 'undefined') {
      const active = document.activeElement instanceof HTMLElement ? document.activeElement : null
      setOpener(planFocusReturn(active === document.body ? null : active))
    }
  }
  if (open && !Frame) setFrame(() => loadedFrame ?? LazyFrame)
  useEffect(preloadFrame, [])

  if (!Frame) return null
  return (
    <CloseContext value={() => onOpenChange(false)}>
      <Suspense fallback={open ? <DialogPending title={title} /> : null}>
        <Frame
          open={open}
          onOpenChange={onOpenChange}
          title={title}
          opener={opener}
          fallbackFocus={fallbackFocus}
          {...rest}
        />
      </Suspense>
    </CloseContext>
  )
}

/** A button inside a dialog that closes it ("Abbrechen", "Schließen"). */
export const DialogClose = ({ onClick, ...props }: ButtonProps) => {
  const close = use(CloseContext)
  return (
    <Button
      {...props}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) close?.()
      }}
    />
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
        {/* eslint-disable-next-line jsx-a11y/no-autofocus -- a modal dialog moves focus into itself when it opens (WAI-ARIA dialog pattern); before a confirmation, to the least destructive action */}
        <DialogClose variant="secondary" autoFocus>
          <Trans>Abbrechen</Trans>
        </DialogClose>
        <Button variant={destructive ? 'danger' : 'primary'} pending={pending} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </>
    }
  >
    {children}
  </Dialog>
)
