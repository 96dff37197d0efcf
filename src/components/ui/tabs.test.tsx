import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs.tsx'

const TABS = ['eins', 'zwei', 'drei'] as const

/** Controlled as the admin page does it (there the value lives in the URL). */
const Example = () => {
  const [value, setValue] = useState<string>('eins')
  return (
    <Tabs value={value} onValueChange={setValue}>
      <TabsList aria-label="Bereiche">
        {TABS.map((tab) => (
          <TabsTrigger key={tab} value={tab}>
            Tab {tab}
          </TabsTrigger>
        ))}
      </TabsList>
      {TABS.map((tab) => (
        <TabsContent key={tab} value={tab}>
          <p>Inhalt {tab}</p>
        </TabsContent>
      ))}
    </Tabs>
  )
}

describe('Tabs', () => {
  it('are WAI-ARIA tabs: one selected tab in the tab order, its panel labelled by it', async () => {
    await renderComponent(<Example />)
    const list = await screen.findByRole('tablist', { name: 'Bereiche' })
    const tabs = screen.getAllByRole('tab')
    expect(tabs).toHaveLength(3)
    expect(list).toContainElement(tabs[0]!)
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true')
    expect(tabs[1]).toHaveAttribute('aria-selected', 'false')
    const panel = screen.getByRole('tabpanel')
    expect(panel).toHaveAccessibleName('Tab eins')
    expect(panel).toHaveTextContent('Inhalt eins')
    // Only the selected panel's content is rendered: a lazily loaded panel loads when chosen.
    expect(screen.queryByText('Inhalt zwei')).not.toBeInTheDocument()
  })

  it('move and select with the arrow keys, Home and End, wrapping around', async () => {
    const { user } = await renderComponent(<Example />)
    await user.tab()
    expect(await screen.findByRole('tab', { name: 'Tab eins' })).toHaveFocus()

    await user.keyboard('{ArrowRight}')
    const zwei = screen.getByRole('tab', { name: 'Tab zwei' })
    expect(zwei).toHaveFocus()
    expect(zwei).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Inhalt zwei')

    await user.keyboard('{ArrowRight}{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Tab eins' })).toHaveFocus()
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Inhalt eins')

    await user.keyboard('{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Tab drei' })).toHaveAttribute('aria-selected', 'true')

    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Tab eins' })).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{End}')
    expect(screen.getByRole('tab', { name: 'Tab drei' })).toHaveAttribute('aria-selected', 'true')
  })

  it('make the shown panel the next stop after the tab list, the others hidden', async () => {
    // happy-dom would still tab into a `hidden` panel; the browser skips it (checked in a real browser).
    const { user } = await renderComponent(<Example />)
    await user.click(await screen.findByRole('tab', { name: 'Tab zwei' }))
    const panels = screen.getAllByRole('tabpanel', { hidden: true })
    expect(panels.map((panel) => panel.hasAttribute('hidden'))).toEqual([true, false, true])
    expect(screen.getByRole('tabpanel')).toHaveAttribute('tabindex', '0')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Inhalt zwei')
  })

  it('select by click', async () => {
    const { user } = await renderComponent(<Example />)
    await user.click(await screen.findByRole('tab', { name: 'Tab drei' }))
    expect(screen.getByRole('tab', { name: 'Tab drei' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Inhalt drei')
  })
})
