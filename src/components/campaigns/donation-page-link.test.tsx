import { configure, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '#src/components/layout/toaster.tsx'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { DonationPageLink } from './donation-page-link.tsx'

configure({ asyncUtilTimeout: 5000 })

const url = `${window.location.origin}/spenden/cmp-gruenbach-kunstrasen`

const show = (props: { campaignName?: string; showUrl?: boolean } = {}) =>
  renderComponent(
    <>
      <DonationPageLink campaignId="cmp-gruenbach-kunstrasen" {...props} />
      <Toaster />
    </>,
  )

describe('DonationPageLink', () => {
  it('opens the campaign’s public page in a new tab and says so', async () => {
    await show({ showUrl: true })
    const link = screen.getByRole('link', { name: /^Spendenseite öffnen/ })
    expect(link).toHaveAttribute('href', url)
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(link).toHaveAccessibleName(/öffnet in einem neuen Tab/)
    expect(screen.getByText(url)).toBeInTheDocument()
  })

  it('names the campaign where several links stand in a list', async () => {
    await show({ campaignName: 'Kunstrasenplatz' })
    expect(screen.getByRole('link')).toHaveAccessibleName(
      /^Spendenseite öffnen\s*↗?\s*von „Kunstrasenplatz“ \(öffnet in einem neuen Tab\)$/,
    )
    expect(screen.queryByText(url)).not.toBeInTheDocument()
  })

  it('copies the absolute address and confirms it', async () => {
    const { user } = await show()
    await user.click(screen.getByRole('button', { name: /^Link kopieren/ }))
    expect(await screen.findByText('Link kopiert')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(url)
  })

  it('offers the address to copy by hand when the browser refuses the clipboard', async () => {
    const { user } = await show()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'))
    await user.click(screen.getByRole('button', { name: /^Link kopieren/ }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Der Link konnte nicht in die Zwischenablage kopiert werden.')
    expect(within(alert).getByRole('textbox')).toHaveValue(url)
    expect(screen.queryByText('Link kopiert')).not.toBeInTheDocument()
  })
})
