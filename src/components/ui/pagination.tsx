import { Plural, Trans, useLingui } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { formatNumber } from '#src/lib/format.ts'
import { Button } from './button.tsx'

interface PaginationProps {
  /** 0-based, as the backend pages. */
  page: number
  totalPages: number
  totalItems: number
  onPageChange: (page: number) => void
}

export const Pagination = ({ page, totalPages, totalItems, onPageChange }: PaginationProps) => {
  const { t } = useLingui()
  const items = formatNumber(totalItems)
  if (totalPages <= 1) {
    return (
      <p className="text-sm text-slate-600">
        <Plural value={totalItems} one="# Eintrag" other={`${items} Einträge`} />
      </p>
    )
  }
  const current = page + 1
  return (
    <nav aria-label={t`Seitennavigation`} className="flex flex-wrap items-center justify-between gap-3">
      {/* Read out when it changes ("Seite 2 von 5"): a screen reader hears that the page turned. */}
      <p className="text-sm text-slate-600" aria-live="polite" aria-atomic="true">
        <Trans>
          Seite {formatNumber(current)} von {formatNumber(totalPages)} ·{' '}
          <Plural value={totalItems} one="# Eintrag" other={`${items} Einträge`} />
        </Trans>
      </p>
      {/* Below 640 px the buttons show arrows, their names stay for screen readers: the four words
          alone are 334 px wide, more than a 320 px window has (WCAG 1.4.10). */}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 0} onClick={() => onPageChange(0)}>
          <PagerLabel arrow="«">
            <Trans>Erste</Trans>
          </PagerLabel>
        </Button>
        <Button variant="secondary" size="sm" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          <PagerLabel arrow="‹">
            <Trans>Zurück</Trans>
          </PagerLabel>
        </Button>
        <Button variant="secondary" size="sm" disabled={current >= totalPages} onClick={() => onPageChange(page + 1)}>
          <PagerLabel arrow="›">
            <Trans>Weiter</Trans>
          </PagerLabel>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={current >= totalPages}
          onClick={() => onPageChange(totalPages - 1)}
        >
          <PagerLabel arrow="»">
            <Trans>Letzte</Trans>
          </PagerLabel>
        </Button>
      </div>
    </nav>
  )
}

/** The word from 640 px up; below, an arrow on a button at least 36 px wide, the word for screen readers. */
const PagerLabel = ({ arrow, children }: { arrow: string; children: ReactNode }) => (
  <>
    <span aria-hidden="true" className="min-w-4 text-base leading-none sm:hidden">
      {arrow}
    </span>
    <span className="max-sm:sr-only">{children}</span>
  </>
)
