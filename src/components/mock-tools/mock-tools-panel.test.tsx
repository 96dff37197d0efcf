import { I18nProvider } from '@lingui/react'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { i18n } from '#src/lib/i18n/i18n.ts'
import { getFaults } from '#src/lib/mock-control.ts'
import { MockToolsPanel } from './mock-tools-panel.tsx'

const renderPanel = () => {
  const onOpenChange = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <MockToolsPanel open onOpenChange={onOpenChange} />
    </I18nProvider>,
  )
  return { onOpenChange, user: userEvent.setup() }
}

const sendResetMail = (email: string) =>
  fetch('/__mock/identity/sendPasswordReset', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email }),
  })

describe('the mock tools panel', () => {
  it('shows the demo mailbox with clickable links, newest first, and empties it', async () => {
    await sendResetMail('staff@demo.at')
    await sendResetMail('admin@demo.at')
    const { user, onOpenChange } = renderPanel()
    const list = await screen.findByRole('list', { name: 'E-Mails, neueste zuerst' })
    const items = within(list).getAllByRole('listitem')
    expect(items).toHaveLength(2)
    expect(items[0]).toHaveTextContent('An admin@demo.at')
    const link = within(items[0]!).getByRole('link', { name: 'Link öffnen: Passwort zurücksetzen' })
    expect(link.getAttribute('href')).toMatch(/^\/login\?mode=resetPassword&oobCode=/)
    // happy-dom would really navigate (and load the page over the network): keep the page, see the panel close.
    const stay = (event: MouseEvent) => event.preventDefault()
    document.addEventListener('click', stay)
    await user.click(link)
    document.removeEventListener('click', stay)
    expect(onOpenChange).toHaveBeenCalledWith(false)

    await user.click(screen.getByRole('button', { name: 'Postfach leeren' }))
    expect(await screen.findByText('Keine E-Mails.')).toBeInTheDocument()
    expect(await (await fetch('/__mock/mailbox')).json()).toEqual([])
  })

  it('adds and removes a simulated failure', async () => {
    const { user } = renderPanel()
    const operation = await screen.findByRole('combobox', { name: 'Aufruf' })
    // Every operation of the contract is offered, the ones added lately included.
    await vi.waitFor(() =>
      expect(
        within(operation)
          .getAllByRole<HTMLOptionElement>('option')
          .map((option) => option.value),
      ).toEqual(expect.arrayContaining(['getClubOverview', 'uploadFile', 'getAuditLog', 'getInvitation'])),
    )
    await user.selectOptions(operation, 'getClubOverview')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), '503')
    await user.type(screen.getByRole('spinbutton', { name: /Anzahl/ }), '2')
    await user.click(screen.getByRole('button', { name: 'Fehler hinzufügen' }))

    const active = await screen.findByRole('list', { name: 'Aktive Fehler' })
    expect(active).toHaveTextContent('getClubOverview: Status 503, noch 2-mal')
    expect((await getFaults()).failures).toEqual([{ operationId: 'getClubOverview', status: 503, remaining: 2 }])

    await user.click(screen.getByRole('button', { name: 'Fehler für getClubOverview entfernen' }))
    expect(await screen.findByText('Keine simulierten Fehler.')).toBeInTheDocument()
    expect((await getFaults()).failures).toEqual([])
  })

  it('sets the delay and the sign-in lifetime', async () => {
    const { user } = renderPanel()
    const delay = await screen.findByRole('spinbutton', { name: 'Verzögerung pro Anfrage (ms)' })
    await vi.waitFor(() => expect(delay).toHaveValue(0))
    await user.clear(delay)
    await user.type(delay, '800')
    const lifetime = screen.getByRole('spinbutton', { name: /Gültigkeit neuer Anmeldungen/ })
    await user.clear(lifetime)
    await user.type(lifetime, '5')
    await user.click(screen.getByRole('button', { name: 'Übernehmen' }))
    expect(await screen.findByText('Einstellungen übernommen.')).toBeInTheDocument()
    expect(await getFaults()).toMatchObject({ delayMs: 800, tokenLifetimeSeconds: 5 })
  })

  it('resets the demo data after a confirmation, then reloads', async () => {
    await sendResetMail('staff@demo.at')
    const reload = vi.fn()
    vi.spyOn(window, 'location', 'get').mockReturnValue({
      ...window.location,
      reload,
      origin: 'http://localhost:3000',
      hostname: 'localhost',
    })
    const { user } = renderPanel()
    await user.click(await screen.findByRole('button', { name: 'Demo-Daten zurücksetzen' }))
    const confirm = await screen.findByRole('dialog', { name: 'Demo-Daten zurücksetzen?' })
    await user.click(within(confirm).getByRole('button', { name: 'Zurücksetzen' }))
    await vi.waitFor(() => expect(reload).toHaveBeenCalled())
    expect(await (await fetch('http://localhost:3000/__mock/mailbox')).json()).toEqual([])
  })
})
