import { useWindowVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useState } from 'react'
import { VIRTUAL_ROWS_THRESHOLD } from './virtual-threshold.ts'

export interface WindowRowsOptions {
  /** How many rows the page has. */
  count: number
  /** A row's height in px before it is measured (px, or per row); close to the real one, so nothing jumps. */
  estimateSize: number | ((index: number) => number)
  /** The space between two rows in px (a flex gap), so the spacers leave it too. */
  gap?: number
  /** Rows rendered beyond the viewport on each side. */
  overscan?: number
  /** Above this many rows the list is virtual (default: `VIRTUAL_ROWS_THRESHOLD`). */
  threshold?: number
}

export interface WindowRows {
  /** Whether only part of the rows is rendered. */
  virtual: boolean
  /** The indexes to render, in order. */
  indexes: readonly number[]
  /** Height in px of the rows above the first rendered one (a spacer stands in for them), 0 for none. */
  before: number
  /** Height in px of the rows below the last rendered one, 0 for none. */
  after: number
  /** For the element whose top is the first row's top (`<tbody>`, `<ul>`). */
  listRef: (element: HTMLElement | null) => void
  /** For each rendered row, which also carries `data-index={index}`: its real height is measured. */
  measureRef: ((element: Element | null) => void) | undefined
}

const ALL: number[] = []
const allIndexes = (count: number) => {
  while (ALL.length < count) ALL.push(ALL.length)
  return ALL.slice(0, count)
}

/**
 * The one way long lists render (tables and card lists alike): the page scrolls as usual (window
 * virtualisation, docs/decisions/0020-window-virtualised-lists.md), rows are measured as they render, and
 * spacers above and below keep the list as tall as all its rows, so the scrollbar, the page's layout and
 * everything below the list stay where they would be. Rows keep their semantics; the caller sets
 * `aria-rowcount`/`aria-rowindex` (tables) or `aria-setsize`/`aria-posinset` (lists) so assistive
 * technology knows the full length.
 */
export const useWindowRows = ({
  count,
  estimateSize,
  gap = 0,
  overscan = 6,
  threshold = VIRTUAL_ROWS_THRESHOLD,
}: WindowRowsOptions): WindowRows => {
  const virtual = count > threshold
  const [list, setList] = useState<HTMLElement | null>(null)
  // Where the list starts on the page: what is above it (filters, a chart, an alert) may change height.
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    if (!virtual || !list) return
    const update = () => {
      const top = Math.round(list.getBoundingClientRect().top + window.scrollY)
      setScrollMargin((previous) => (previous === top ? previous : top))
    }
    update()
    const observer = new ResizeObserver(update)
    observer.observe(document.body)
    return () => observer.disconnect()
  }, [virtual, list])

  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: typeof estimateSize === 'number' ? () => estimateSize : estimateSize,
    gap,
    overscan,
    scrollMargin,
    enabled: virtual,
    // The viewport is known before the first render, so that render already holds the right rows.
    initialRect: typeof window === 'undefined' ? undefined : { width: window.innerWidth, height: window.innerHeight },
  })

  if (!virtual) {
    return { virtual, indexes: allIndexes(count), before: 0, after: 0, listRef: setList, measureRef: undefined }
  }
  const items = virtualizer.getVirtualItems()
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) {
    // Not laid out yet (no viewport size): the first rows, as many as the threshold allows.
    return {
      virtual,
      indexes: allIndexes(Math.min(count, threshold)),
      before: 0,
      after: 0,
      listRef: setList,
      measureRef: virtualizer.measureElement,
    }
  }
  // A flex gap also separates a spacer from its neighbour: the spacers leave it out.
  const before = first.index > 0 ? Math.max(first.start - scrollMargin - gap, 0) : 0
  const after = last.index < count - 1 ? Math.max(virtualizer.getTotalSize() - (last.end - scrollMargin) - gap, 0) : 0
  return {
    virtual,
    indexes: items.map((item) => item.index),
    before,
    after,
    listRef: setList,
    measureRef: virtualizer.measureElement,
  }
}

/**
 * Stands in for the table rows that are not rendered; hidden from assistive technology. One cell without
 * `colSpan`: a span over columns that are hidden on small screens would add columns to a `table-fixed` table.
 */
export const TableSpacerRow = ({ height }: { height: number }) =>
  height > 0 ? (
    <tr aria-hidden="true" data-spacer="">
      <td style={{ height, padding: 0, border: 0 }} />
    </tr>
  ) : null

/** Where one item of a (possibly virtual) card list stands: its `<li>` spreads `virtualItemProps(...)`. */
export interface VirtualItemPosition {
  index: number
  count: number
  measureRef: WindowRows['measureRef']
}

/** The attributes of a card list's `<li>`: measured, and its place in the whole list for assistive technology. */
export const virtualItemProps = ({ index, count, measureRef }: VirtualItemPosition) => ({
  ref: measureRef,
  'data-index': index,
  'aria-setsize': count,
  'aria-posinset': index + 1,
})

/** Stands in for the list items that are not rendered; hidden from assistive technology. */
export const ListSpacerItem = ({ height }: { height: number }) =>
  height > 0 ? <li aria-hidden="true" data-spacer="" style={{ height }} /> : null
