import { useLingui } from '@lingui/react/macro'
import { useEffect, useId, useState } from 'react'
import type { ClubAttentionFilter } from '#openapi/generated/model/clubAttentionFilter.ts'
import { TextField } from '#src/components/ui/field.tsx'
import { cn } from '#src/lib/cn.ts'
import { CLUB_ATTENTION_FILTERS, CLUB_SEARCH_MAX } from '#src/features/admin/search.ts'

/** How long typing pauses before the list is asked: one request per word, not per keystroke. */
const SEARCH_DELAY_MS = 300

interface ClubSearchFieldProps {
  /** The search in the URL. */
  value: string
  onSearch: (q: string) => void
}

/**
 * The search box of the release list. What is typed shows at once; the URL (and with it the list) follows
 * when typing pauses. A search changed elsewhere (back button, "Suche zurücksetzen") shows in the box.
 */
export const ClubSearchField = ({ value, onSearch }: ClubSearchFieldProps) => {
  const { t } = useLingui()
  const [text, setText] = useState(value)
  // The URL's search this box sent last, or last took over; any other value came from elsewhere.
  const [known, setKnown] = useState(value)
  if (value !== known) {
    setKnown(value)
    setText(value)
  }

  useEffect(() => {
    const next = text.trim()
    if (next === value) return
    const timer = setTimeout(() => {
      setKnown(next)
      onSearch(next)
    }, SEARCH_DELAY_MS)
    return () => clearTimeout(timer)
  }, [text, value, onSearch])

  return (
    <form role="search" aria-label={t`Vereine`} onSubmit={(event) => event.preventDefault()}>
      <TextField
        label={t`Verein suchen (Name oder ZVR-Zahl)`}
        type="search"
        autoComplete="off"
        spellCheck={false}
        maxLength={CLUB_SEARCH_MAX}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
    </form>
  )
}

interface ClubAttentionFilterProps {
  value: ClubAttentionFilter
  onChange: (filter: ClubAttentionFilter) => void
}

/**
 * "Alle", "Bankprüfung offen", "Nicht geprüft" as native radio buttons: Tab reaches the group, the arrow
 * keys choose, and a screen reader hears a group of three options.
 */
export const ClubAttentionFilterGroup = ({ value, onChange }: ClubAttentionFilterProps) => {
  const { t } = useLingui()
  const name = useId()
  const labels: Record<ClubAttentionFilter, string> = {
    ALL: t`Alle`,
    BANK_REVIEW_PENDING: t`Bankprüfung offen`,
    UNCHECKED: t`Nicht geprüft`,
  }
  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-slate-800">{t`Anzeigen`}</legend>
      <div className="flex flex-wrap gap-2">
        {CLUB_ATTENTION_FILTERS.map((filter) => (
          <label
            key={filter}
            className={cn(
              'inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm font-medium',
              'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              'has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900',
            )}
          >
            <input
              type="radio"
              name={name}
              value={filter}
              checked={value === filter}
              onChange={() => onChange(filter)}
              className="size-4 accent-brand-700"
            />
            {labels[filter]}
          </label>
        ))}
      </div>
    </fieldset>
  )
}
