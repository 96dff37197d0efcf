import * as TabsPrimitive from '@radix-ui/react-tabs'
import type { ComponentProps } from 'react'
import { cn } from '#src/lib/cn.ts'

/**
 * WAI-ARIA tabs from Radix (instead of hand-written roles and key handling): arrow keys, Home and
 * End move between the tabs and select them (automatic activation: the panels are quick to show), Tab
 * moves into the panel. Only the selected panel's content is rendered, so a lazily loaded panel loads
 * when it is first chosen. Give `Tabs` a `value` and `onValueChange` to keep the tab in the URL.
 */
export const Tabs = TabsPrimitive.Root

export const TabsList = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) => (
  <TabsPrimitive.List className={cn('mb-6 flex flex-wrap gap-x-1 border-b border-slate-200', className)} {...props} />
)

export const TabsTrigger = ({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) => (
  <TabsPrimitive.Trigger
    className={cn(
      // Tabs wrap onto a second line on phones instead of hiding behind a scroll.
      '-mb-px min-h-11 border-b-2 px-3 text-sm font-medium whitespace-nowrap sm:px-4 sm:text-base',
      'data-[state=active]:border-brand-700 data-[state=active]:text-brand-900',
      'data-[state=inactive]:border-transparent data-[state=inactive]:text-slate-600',
      'data-[state=inactive]:hover:border-slate-300 data-[state=inactive]:hover:text-slate-900',
      className,
    )}
    {...props}
  />
)

/** A panel: focusable (Tab from the tab list lands here), labelled by its tab. */
export const TabsContent = TabsPrimitive.Content
