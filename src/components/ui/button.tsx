import { createLink } from '@tanstack/react-router'
import { cva, type VariantProps } from 'class-variance-authority'
import { forwardRef, type AnchorHTMLAttributes, type ButtonHTMLAttributes } from 'react'
import { cn } from '#src/lib/cn.ts'
import { Spinner } from './spinner.tsx'

/** The look of every button and button-like link: one variant and one size, never hand-mixed classes. */
const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
  {
    variants: {
      variant: {
        primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
        secondary: 'border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:text-slate-400',
        danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
        ghost: 'text-brand-800 hover:bg-brand-50 disabled:text-slate-400',
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
  /** Shows a spinner and blocks a second click while the action runs. */
  pending?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, pending = false, className, disabled, children, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      {...props}
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
