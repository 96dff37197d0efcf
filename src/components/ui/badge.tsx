import { useLingui } from '@lingui/react'
import { cva } from 'class-variance-authority'
import type { ReactNode } from 'react'
import type { StatusLabel, StatusTone } from '#src/lib/labels/status-tone.ts'

const badgeVariants = cva('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap', {
  variants: {
    tone: {
      neutral: 'bg-slate-100 text-slate-800',
      success: 'bg-green-100 text-green-900',
      warning: 'bg-amber-100 text-amber-950',
      danger: 'bg-red-100 text-red-900',
      info: 'bg-sky-100 text-sky-900',
    } satisfies Record<StatusTone, string>,
  },
  defaultVariants: { tone: 'neutral' },
})

/** The status tables of `src/lib/labels` name these tones, so their states go straight into a badge. */
export type BadgeTone = StatusTone

export const Badge = ({ tone, children }: { tone?: BadgeTone; children: ReactNode }) => (
  <span className={badgeVariants({ tone })}>{children}</span>
)

/** A state from one of the status tables of `src/lib/labels`, named in German and in its tone. */
export const StatusBadge = ({ status }: { status: StatusLabel }) => {
  const { i18n } = useLingui()
  return <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
}
