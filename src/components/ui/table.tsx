import type { ComponentProps, HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react'
import { cn } from '#src/lib/cn.ts'

/** Scrolls sideways on narrow screens instead of squeezing columns. */
export const Table = ({ className, ...props }: HTMLAttributes<HTMLTableElement>) => (
  <div className="w-full overflow-x-auto">
    <table className={cn('w-full border-collapse text-left text-sm', className)} {...props} />
  </div>
)

export const TableHead = ({ className, ...props }: HTMLAttributes<HTMLTableSectionElement>) => (
  <thead className={cn('border-b border-slate-200 bg-slate-50 text-slate-700', className)} {...props} />
)

export const TableBody = (props: ComponentProps<'tbody'>) => <tbody className="divide-y divide-slate-100" {...props} />

export const TableRow = ({ className, ...props }: ComponentProps<'tr'>) => (
  <tr className={cn('align-top', className)} {...props} />
)

export const TableHeaderCell = ({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) => (
  <th scope="col" className={cn('px-3 py-2 font-semibold whitespace-nowrap', className)} {...props} />
)

export const TableCell = ({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) => (
  <td className={cn('px-3 py-2', className)} {...props} />
)
