import { waitFor } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { server } from '#mocks/node.ts'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { AppLogoMark } from './app-logo.tsx'

const SEED_LOGO = 'seed-files/app-logo.svg'

describe('the header logo', () => {
  it('shows the portal’s logo, not the default mark, while the backend has not answered yet', async () => {
    // An earlier visit: the logo came with the backend's answer.
    const { unmount } = await renderComponent(<AppLogoMark />)
    await waitFor(() =>
      expect(screen.getByTestId('app-logo-image')).toHaveAttribute('src', expect.stringContaining(SEED_LOGO)),
    )
    unmount()

    // The next full load, with a backend that has not answered `GET applogo` yet.
    let answer: (response: Response) => void = () => undefined
    const answered = new Promise<Response>((resolve) => (answer = resolve))
    server.use(http.get('*/applogo', () => answered))
    await renderComponent(<AppLogoMark />)
    expect(await screen.findByTestId('app-logo-image')).toHaveAttribute('src', expect.stringContaining(SEED_LOGO))

    // The answer counts once it comes: the logo was removed meanwhile, so the default mark shows.
    answer(HttpResponse.json({ logo: null }))
    await waitFor(() => expect(screen.queryByTestId('app-logo-image')).not.toBeInTheDocument())
  })
})
