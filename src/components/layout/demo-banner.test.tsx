import { act, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_STORAGE_EVENT, DEMO_STORAGE_QUERY_EVENT, type DemoStorageStatus } from '#src/lib/mock-storage-status.ts'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { DemoBanner } from './demo-banner.tsx'

/** What mocks/browser.ts announces when its persistence reports a status. */
const announce = (status: DemoStorageStatus) =>
  act(() => {
    window.dispatchEvent(new CustomEvent(DEMO_STORAGE_EVENT, { detail: status }))
  })

describe('the demo banner', () => {
  it('says in German when the demo data cannot be saved, and offers the reset right there', async () => {
    const { user } = await renderComponent(<DemoBanner />)
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    announce({ saved: false, reason: 'quota' })
    const notice = await screen.findByRole('alert')
    expect(notice).toHaveTextContent('Die Demo-Daten werden nicht gespeichert')
    expect(notice).toHaveTextContent(
      'Die Demo-Daten konnten nicht im Browser gespeichert werden (Speicher voll oder privater Modus). Änderungen gehen beim Neuladen verloren.',
    )

    await user.click(within(notice).getByRole('button', { name: 'Demo-Daten zurücksetzen' }))
    expect(await screen.findByRole('dialog', { name: 'Demo-Daten zurücksetzen?' })).toBeInTheDocument()
  })

  it('keeps the notice while saving fails and drops it once a save works again', async () => {
    await renderComponent(<DemoBanner />)
    announce({ saved: false, reason: 'unavailable' })
    expect(await screen.findByRole('alert')).toBeInTheDocument()
    announce({ saved: false, reason: 'quota' })
    expect(screen.getByRole('alert')).toBeInTheDocument()
    announce({ saved: true, reason: null })
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('asks the mocked backend for its status when it mounts (it may have failed before the page started)', async () => {
    const answer = () =>
      window.dispatchEvent(new CustomEvent(DEMO_STORAGE_EVENT, { detail: { saved: false, reason: 'unavailable' } }))
    window.addEventListener(DEMO_STORAGE_QUERY_EVENT, answer)
    try {
      await renderComponent(<DemoBanner />)
      expect(await screen.findByRole('alert')).toHaveTextContent('Änderungen gehen beim Neuladen verloren.')
    } finally {
      window.removeEventListener(DEMO_STORAGE_QUERY_EVENT, answer)
    }
  })
})
