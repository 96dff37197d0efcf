import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'

const tones = {
  neutral: 'bg-slate-100 text-slate-800',
  success: 'bg-green-100 text-green-900',
  warning: 'bg-amber-100 text-amber-950',
  danger: 'bg-red-100 text-red-900',
  info: 'bg-sky-100 text-sky-900',
} as const

export type BadgeTone = keyof typeof tones

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
