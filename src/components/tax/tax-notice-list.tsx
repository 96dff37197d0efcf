import { useLingui } from '@lingui/react/macro'
import type { TaxNotice } from '#openapi/generated/model/taxNotice.ts'
import { cn } from '#src/lib/cn.ts'
import { TAX_NOTICE_TONE, taxNoticeText } from '#src/lib/labels/tax-labels.ts'

/**
 * The notices of a club's tax status ("Die Übermittlung für 2025 ist bis 28.02.2026 fällig."), each in the
 * tone of its urgency, as one list the tax screen and the dashboard show alike.
 */
export const TaxNoticeList = ({ notices, className }: { notices: readonly TaxNotice[]; className?: string }) => {
  const { t } = useLingui()
  return (
    <ul aria-label={t`Hinweise zur Spendenbegünstigung`} className={cn('flex flex-col gap-2', className)}>
      {notices.map((notice) => (
        <li
          key={`${notice.kind}-${notice.year ?? ''}-${notice.on ?? ''}`}
          className={cn(
            'rounded-md border-l-4 px-3 py-2 text-sm',
            TAX_NOTICE_TONE[notice.kind] === 'danger'
              ? 'border-red-700 bg-red-50 text-red-900'
              : 'border-amber-500 bg-amber-50 text-amber-950',
          )}
        >
          {taxNoticeText(notice)}
        </li>
      ))}
    </ul>
  )
}
