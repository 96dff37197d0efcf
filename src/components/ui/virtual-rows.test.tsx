import { act, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderComponent } from '#tests/utils/render.tsx'
import { ListSpacerItem, useWindowRows, virtualItemProps } from './virtual-rows.tsx'

const ROW = 40

/** A list of `count` items through the hook, as the card lists use it. */
const Items = ({ count, gap = 0 }: { count: number; gap?: number }) => {
  const { indexes, before, after, listRef, measureRef } = useWindowRows({ count, estimateSize: ROW, gap })
  return (
    <ul ref={listRef} aria-label="Einträge">
      <ListSpacerItem height={before} />
      {indexes.map((index) => (
        <li key={index} {...virtualItemProps({ index, count, measureRef })}>
          Eintrag {index + 1}
        </li>
      ))}
      <ListSpacerItem height={after} />
    </ul>
  )
}

/** Scrolls the window (happy-dom has no layout: the offset is set and announced). */
const scrollWindowTo = (y: number) =>
  act(() => {
    Object.defineProperty(window, 'scrollY', { value: y, configurable: true })
    window.dispatchEvent(new Event('scroll'))
  })

const items = () => screen.getAllByRole('listitem').filter((item) => !item.hasAttribute('aria-hidden'))
const spacers = () =>
  screen.getAllByRole('listitem', { hidden: true }).filter((item) => item.hasAttribute('data-spacer'))

describe('useWindowRows', () => {
  beforeEach(() => {
    // happy-dom lays nothing out: every item is ROW px high, the list starts at the top of the page and the
    // window is 800 px high (vitest.config.ts).
    vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(ROW)
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true })
  })

  it('renders every item of a short list', async () => {
    await renderComponent(<Items count={50} />)
    expect(await screen.findByText('Eintrag 50')).toBeInTheDocument()
    expect(items()).toHaveLength(50)
    expect(spacers()).toHaveLength(0)
  })

  it('renders only the items near the viewport of a long one, and others as the page scrolls', async () => {
    await renderComponent(<Items count={250} />)
    expect(await screen.findByText('Eintrag 1')).toBeInTheDocument()
    expect(items().length).toBeLessThanOrEqual(60)
    expect(screen.queryByText('Eintrag 250')).not.toBeInTheDocument()
    expect(items()[0]).toHaveAttribute('aria-setsize', '250')
    // A spacer below keeps the list as tall as all its items.
    expect(spacers().map((spacer) => spacer.style.height)).toEqual([`${(250 - items().length) * ROW}px`])

    scrollWindowTo(200 * ROW)
    expect(await screen.findByText('Eintrag 201')).toBeInTheDocument()
    expect(screen.queryByText('Eintrag 1')).not.toBeInTheDocument()
    expect(items().length).toBeLessThanOrEqual(60)
    const first = Number(items()[0]!.getAttribute('aria-posinset'))
    const rendered = items().length
    const [above, below] = spacers().map((spacer) => Number.parseFloat(spacer.style.height))
    expect(above).toBe((first - 1) * ROW)
    expect(above! + rendered * ROW + below!).toBe(250 * ROW)

    scrollWindowTo(250 * ROW)
    expect(await screen.findByText('Eintrag 250')).toBeInTheDocument()
  })

  it('leaves the gap between cards out of the spacers, so the list keeps its height', async () => {
    const GAP = 12
    await renderComponent(<Items count={100} gap={GAP} />)
    scrollWindowTo(50 * (ROW + GAP))
    expect(await screen.findByText('Eintrag 51')).toBeInTheDocument()
    const first = Number(items()[0]!.getAttribute('aria-posinset'))
    const rendered = items().length
    const [above, below] = spacers().map((spacer) => Number.parseFloat(spacer.style.height))
    // In the flex column: spacer, gap, the rendered cards with their gaps, gap, spacer.
    expect(above).toBe((first - 1) * (ROW + GAP) - GAP)
    expect(above! + GAP + rendered * ROW + (rendered - 1) * GAP + GAP + below!).toBe(100 * ROW + 99 * GAP)
  })
})
