import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { cn } from '@/lib/cn'

export interface TabItem<T extends string> {
  value: T
  label: ReactNode
}

interface AdminTabsProps<T extends string> {
  label: string
  tabs: readonly TabItem<T>[]
  selected: T
  onSelect: (value: T) => void
  idPrefix: string
}

/**
 * WAI-ARIA tabs whose state lives in the URL: arrow keys, Home and End move between tabs (and select, as
 * the sections load instantly), Tab moves into the panel.
 */
export const AdminTabs = <T extends string>({ label, tabs, selected, onSelect, idPrefix }: AdminTabsProps<T>) => {
  const refs = useRef(new Map<T, HTMLButtonElement>())
  const move = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null
    if (next === null) return
    event.preventDefault()
    const tab = tabs[next]!
    onSelect(tab.value)
    refs.current.get(tab.value)?.focus()
  }
  return (
    <div role="tablist" aria-label={label} className="mb-6 flex flex-wrap gap-x-1 border-b border-slate-200">
      {tabs.map((tab, index) => {
        const active = tab.value === selected
        return (
          <button
            key={tab.value}
            ref={(element) => {
              if (element) refs.current.set(tab.value, element)
              else refs.current.delete(tab.value)
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.value}`}
            aria-selected={active}
            aria-controls={`${idPrefix}-panel-${tab.value}`}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(tab.value)}
            onKeyDown={(event) => move(event, index)}
            className={cn(
              // Tabs wrap onto a second line on phones instead of hiding behind a scroll.
              '-mb-px min-h-11 border-b-2 px-3 text-sm font-medium whitespace-nowrap sm:px-4 sm:text-base',
              active
                ? 'border-brand-700 text-brand-900'
                : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        )
      })}
    </div>
  )
}

export const TabPanel = ({ idPrefix, value, children }: { idPrefix: string; value: string; children: ReactNode }) => (
  <div role="tabpanel" id={`${idPrefix}-panel-${value}`} aria-labelledby={`${idPrefix}-tab-${value}`} tabIndex={0}>
    {children}
  </div>
)
