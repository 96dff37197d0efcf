import { useLingui } from '@lingui/react/macro'
import { formatNumber } from '#src/lib/format.ts'

/**
 * A bar with "12 von 40" beside it, for work done one item after the other (PDFs into a ZIP, yearly
 * receipts). A `progressbar` with its values, not a native `<progress>`: screen readers announce
 * `aria-valuetext` ("12 von 40") instead of a bare percentage.
 */
export const ProgressBar = ({ label, done, total }: { label: string; done: number; total: number }) => {
  const { t } = useLingui()
  const doneText = formatNumber(done)
  const totalText = formatNumber(total)
  const text = t`${doneText} von ${totalText}`
  const percent = total > 0 ? Math.round((done / total) * 100) : 0
  return (
    <div className="flex min-w-48 flex-1 items-center gap-3">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={text}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-700 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-sm whitespace-nowrap text-slate-700 tabular-nums">{text}</span>
    </div>
  )
}
