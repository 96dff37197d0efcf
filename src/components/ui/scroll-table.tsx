import type { ReactNode } from 'react'
import { cn } from '#src/lib/cn.ts'

/**
 * A table that scrolls sideways on a narrow screen (375 px) inside a named region the keyboard reaches
 * (WCAG 2.1.1; axe `scrollable-region-focusable`): the tax and receipt tables have more columns than a phone shows.
 * The table's own element, not `Table`, whose wrapper would be the box that scrolls. `relative`: the
 * visually hidden texts in the cells (absolutely positioned) scroll with the table instead of widening
 * the page.
 */
export const ScrollTable = ({
  label,
  children,
  className,
}: {
  /** The region's name, what a screen reader announces on reaching it. */
  label: string
  children: ReactNode
  className?: string
}) => (
  // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling box must be a keyboard stop (axe scrollable-region-focusable)
  <div role="region" aria-label={label} tabIndex={0} className="relative w-full overflow-x-auto rounded-md">
    <table className={cn('w-full border-collapse text-left text-sm', className)}>{children}</table>
  </div>
)
