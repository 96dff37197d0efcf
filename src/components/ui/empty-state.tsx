import type { ReactNode } from 'react'

export const EmptyState = ({
  title,
  children,
  action,
}: {
  title: ReactNode
  children?: ReactNode
  action?: ReactNode
}) => (
  // `data-empty-state`: where the focus goes when the last item of a list is deleted (focus-return.ts).
  <div data-empty-state className="rounded-md border border-dashed border-slate-300 px-4 py-8 text-center">
    <p className="font-medium text-slate-800">{title}</p>
    {children && <div className="mt-1 text-sm text-slate-600">{children}</div>}
    {action && <div className="mt-4 flex justify-center">{action}</div>}
  </div>
)
