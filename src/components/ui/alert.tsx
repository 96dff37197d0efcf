import { cva, type VariantProps } from 'class-variance-authority'
import type { ReactNode } from 'react'
import { cn } from '#src/lib/cn.ts'

const alertVariants = cva('rounded-md border px-4 py-3', {
  variants: {
    tone: {
      info: 'border-sky-200 bg-sky-50 text-sky-900',
      success: 'border-green-300 bg-green-50 text-green-900',
      warning: 'border-amber-300 bg-amber-50 text-amber-950',
      error: 'border-red-300 bg-red-50 text-red-900',
    },
  },
  defaultVariants: { tone: 'info' },
})

export type AlertTone = NonNullable<VariantProps<typeof alertVariants>['tone']>

interface AlertProps {
  tone?: AlertTone
  title?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  className?: string
  /** `alert` interrupts screen readers: only for errors and news that appear after an action. */
  role?: 'status' | 'alert'
}

export const Alert = ({ tone, title, children, actions, className, role }: AlertProps) => (
  <div role={role} className={cn(alertVariants({ tone }), className)}>
    {title && <p className="font-semibold">{title}</p>}
    {children && <div className={cn('text-sm', Boolean(title) && 'mt-1')}>{children}</div>}
    {actions && <div className="mt-3 flex flex-wrap gap-2">{actions}</div>}
  </div>
)
