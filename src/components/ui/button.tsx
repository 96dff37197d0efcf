import { createLink } from '@tanstack/react-router'
import { cva, type VariantProps } from 'class-variance-authority'
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react'
import { cn } from '#src/lib/cn.ts'
import { Spinner } from './spinner.tsx'

/** The look of every button and button-like link: one variant and one size, never hand-mixed classes. */
const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed aria-disabled:cursor-not-allowed',
  {
    variants: {
      // A pending button is `aria-disabled`, not `disabled` (see Button): it looks the same.
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400 aria-disabled:bg-slate-400',
        secondary:
          'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400 aria-disabled:text-slate-600',
        danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400 aria-disabled:bg-slate-400',
        ghost: 'text-brand-800 hover:bg-brand-50 disabled:text-slate-400 aria-disabled:text-slate-600',
      },
      size: {
        sm: 'min-h-9 px-3 text-sm',
        md: 'min-h-11 px-4 text-base',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
)

type ButtonVariants = VariantProps<typeof buttonVariants>
export type ButtonVariant = NonNullable<ButtonVariants['variant']>
export type ButtonSize = NonNullable<ButtonVariants['size']>

/** A button's classes for elements that only look like one (a link, a file picker's label); `className` wins. */
export const buttonClasses = (variant?: ButtonVariant, size?: ButtonSize, className?: string) =>
  cn(buttonVariants({ variant, size }), className)

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant
  size?: ButtonSize
  /**
   * Shows a spinner and blocks a second click while the action runs. The button stays focusable meanwhile
   * (`aria-disabled`, not `disabled`): a disabled button loses the focus to the page, and a keyboard or
   * screen-reader user would start again from the top once the action ends.
   */
  pending?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, pending = false, className, disabled, children, type = 'button', onClick, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled}
      aria-disabled={pending || undefined}
      aria-busy={pending || undefined}
      {...props}
      // While pending a click (or Enter in the form, which clicks the submit button) does nothing.
      onClick={pending ? (event) => event.preventDefault() : onClick}
    >
      {pending && <Spinner className="size-4" />}
      {children}
    </button>
  )
})

interface AnchorButtonProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  variant?: ButtonVariant
  size?: ButtonSize
}

const AnchorButton = forwardRef<HTMLAnchorElement, AnchorButtonProps>(function AnchorButton(
  { variant, size, className, children, ...props },
  ref,
) {
  return (
    <a ref={ref} className={buttonClasses(variant, size, className)} {...props}>
      {children}
    </a>
  )
})

/** A router link that looks like a button (navigation stays a link for assistive technology). */
export const ButtonLink = createLink(AnchorButton)
