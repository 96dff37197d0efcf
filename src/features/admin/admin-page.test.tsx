import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderRoute, screen } from '#tests/utils/render.tsx'

describe('the administration’s tabs', () => {
  it('open the tab named in the URL and keep the chosen one there, by keyboard', async () => {
    const { router, user } = await renderRoute('/admin?tab=types', { signedInAs: 'admin@demo.at' })
    const types = await screen.findByRole('tab', { name: 'Vereinsarten' })
    expect(types).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tablist', { name: 'Bereiche der Administration' })).toBeInTheDocument()
    // The panel's code is its own chunk, loaded when the tab is shown.
    expect(await screen.findByRole('list', { name: 'Vereinsarten' })).toBeInTheDocument()

    types.focus()
    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Vereinsrollen' })).toHaveFocus()
    await waitFor(() => expect(router.state.location.search).toMatchObject({ tab: 'roles' }))
    expect(await screen.findByRole('list', { name: 'Vereinsrollen' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Vereinsarten' })).not.toBeInTheDocument()

    await user.keyboard('{Home}')
    const release = screen.getByRole('tab', { name: 'Freigabe & Zahlungskonten' })
    await waitFor(() => expect(release).toHaveAttribute('aria-selected', 'true'))
    // The first tab is the default, which the URL leaves out.
    expect(router.state.location.search).not.toHaveProperty('tab')
    expect(await screen.findByRole('list', { name: 'Vereine' })).toBeInTheDocument()
  })
})
