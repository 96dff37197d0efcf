import { useLingui } from '@lingui/react'
import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import type { StatusLabel, StatusTone } from '@/lib/labels/status-tone'

const tones = {
  neutral: 'bg-slate-100 text-slate-800',
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-950',
  danger: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
} as const satisfies Record<StatusTone, string>

/** The status tables of `src/lib/labels` name these tones, so their states go straight into a badge. */
export type BadgeTone = StatusTone

export const Badge = ({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) => (
  <span
    className={cn(
      'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap',
      tones[tone],
    )}
  >
    {children}
  </span>
)

/** A state from one of the status tables of `src/lib/labels`, named in German and in its tone. */
export const StatusBadge = ({ status }: { status: StatusLabel }) => {
  const { i18n } = useLingui()
  return <Badge tone={status.tone}>{i18n._(status.label)}</Badge>
}
