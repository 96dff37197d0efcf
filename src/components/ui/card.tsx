import type { HTMLAttributes, ReactNode } from 'react'
import { cn } from '#src/lib/cn.ts'

export const Card = ({ className, ...props }: HTMLAttributes<HTMLElement>) => (
  <section className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)} {...props} />
)

interface CardHeaderProps {
  title: ReactNode
  /** The heading level inside the page outline (pages use h1, their cards h2). */
  level?: 2 | 3
  description?: ReactNode
  actions?: ReactNode
  id?: string
}

export const CardHeader = ({ title, level = 2, description, actions, id }: CardHeaderProps) => {
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <header className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
      <div className="min-w-0">
        <Heading id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </Heading>
        {description && <p className="mt-0.5 text-sm text-slate-600">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </header>
  )
}

export const CardBody = ({ className, ...props }: HTMLAttributes<HTMLDivElement>) => (
  <div className={cn('px-4 py-4 sm:px-6', className)} {...props} />
)
