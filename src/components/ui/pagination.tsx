import { Plural, Trans, useLingui } from '@lingui/react/macro'
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
      <p className="text-sm text-slate-600">
        <Trans>
          Seite {formatNumber(current)} von {formatNumber(totalPages)} ·{' '}
          <Plural value={totalItems} one="# Eintrag" other={`${items} Einträge`} />
        </Trans>
      </p>
      <div className="flex gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 0} onClick={() => onPageChange(0)}>
          <Trans>Erste</Trans>
        </Button>
        <Button variant="secondary" size="sm" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
          <Trans>Zurück</Trans>
        </Button>
        <Button variant="secondary" size="sm" disabled={current >= totalPages} onClick={() => onPageChange(page + 1)}>
          <Trans>Weiter</Trans>
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={current >= totalPages}
          onClick={() => onPageChange(totalPages - 1)}
        >
          <Trans>Letzte</Trans>
        </Button>
      </div>
    </nav>
  )
}
