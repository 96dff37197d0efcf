import { describe, expect, it } from 'vitest'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { Pagination } from './pagination.tsx'

const noop = () => undefined

describe('Pagination', () => {
  it('counts one entry in the singular', async () => {
    await renderComponent(<Pagination page={0} totalPages={1} totalItems={1} onPageChange={noop} />)
    expect(await screen.findByText('1 Eintrag')).toBeInTheDocument()
  })

  it('counts several entries in the plural, grouped like amounts', async () => {
    await renderComponent(<Pagination page={1} totalPages={206} totalItems={10250} onPageChange={noop} />)
    expect(await screen.findByText('Seite 2 von 206 · 10.250 Einträge')).toBeInTheDocument()
  })
})
