import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { deactivateClub, getClubs, setClubChecked } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { createPaymentAccount } from '#src/api/generated/query/endpoints/payments/payments.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'

const open = async (search = '') => {
  const view = await renderRoute(`/admin${search}`, { signedInAs: 'admin@demo.at' })
  const list = await screen.findByRole('list', { name: 'Vereine' })
  return { ...view, list }
}

const clubCard = (name: string) => screen.getByRole('article', { name })

describe('Release of clubs', () => {
  it('filters by status and club type in the URL', async () => {
    const { user, router, list } = await open()
    expect(within(list).getAllByRole('article')).toHaveLength(20)
    await user.selectOptions(screen.getByLabelText('Status'), 'PROCESSING')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ status: 'PROCESSING' }))
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(8))
    await user.selectOptions(screen.getByLabelText('Vereinsart'), 'ct-sportverein')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ clubType: 'ct-sportverein' }))
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(1))
    expect(clubCard('Sportunion Leoben')).toBeInTheDocument()
  })

  it('sorts and pages in the URL, and falls back to defaults for invalid values', async () => {
    const { user, router } = await open('?size=10&status=BOGUS')
    expect(screen.getByLabelText('Status')).toHaveValue('ALL')
    // The seed's 31 clubs, ten a page.
    expect(await screen.findByText(/Seite 1 von 4/)).toBeInTheDocument()
    await user.selectOptions(screen.getByLabelText('Sortierung'), 'name,desc')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ size: 10, sort: 'name,desc' }))
    expect(await screen.findByRole('article', { name: 'Tierschutzverein Steyr und Umgebung' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Weiter' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 1 }))
    expect(await screen.findByText(/Seite 2 von 4/)).toBeInTheDocument()
  })

  it('explains why an incomplete club cannot be activated', async () => {
    await open('?status=PROCESSING&clubType=ct-sportverein')
    const card = clubCard('Sportunion Leoben')
    expect(within(card).getByText('Profil unvollständig')).toBeInTheDocument()
    const activate = within(card).getByRole('button', { name: 'Sportunion Leoben aktivieren' })
    expect(activate).toBeDisabled()
    expect(activate).toHaveAccessibleDescription(
      'Aktivieren ist erst möglich, wenn das Profil vollständig ist: 16 Angaben fehlen.',
    )
    const missing = within(card).getByRole('list', { name: 'Fehlende Angaben von Sportunion Leoben' })
    expect(within(missing).getByText('Bankverbindung: IBAN')).toBeInTheDocument()
  })

  it('activates a complete club after a keyboard-operated confirmation and shows it at once', async () => {
    const { user } = await open('?status=PROCESSING&clubType=ct-naturschutzverein')
    const card = clubCard('Naturschutzverein Wienerwald Baden')
    expect(within(card).getByText('Status: In Bearbeitung')).toBeInTheDocument()
    within(card).getByRole('button', { name: 'Naturschutzverein Wienerwald Baden aktivieren' }).focus()
    await user.keyboard('{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Naturschutzverein Wienerwald Baden aktivieren?' })
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(card).getByText('Status: In Bearbeitung')).toBeInTheDocument()

    await user.keyboard('{Enter}')
    await screen.findByRole('dialog', { name: 'Naturschutzverein Wienerwald Baden aktivieren?' })
    await user.tab()
    await user.keyboard('{Enter}')
    expect(
      await screen.findByText('Naturschutzverein Wienerwald Baden ist jetzt aktiv (freigegeben).'),
    ).toBeInTheDocument()
    expect(dialog).not.toBeInTheDocument()
    // Filtered by "In Bearbeitung": the released club leaves the list once it is reloaded.
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Naturschutzverein Wienerwald Baden' })).toBeNull(),
    )
  })

  it('asks whether a club nobody has marked as checked was checked, then marks it and releases it', async () => {
    const { user } = await open('?status=PROCESSING&clubType=ct-musikverein')
    const card = clubCard('Musikverein Gmunden-Ort')
    expect(within(card).getByText('Profil vollständig')).toBeInTheDocument()
    expect(within(card).getByText('Nicht geprüft')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Musikverein Gmunden-Ort aktivieren' }))
    const dialog = await screen.findByRole('dialog', { name: 'Musikverein Gmunden-Ort aktivieren?' })
    expect(dialog).toHaveAccessibleDescription(
      /noch nicht als geprüft markiert, und nur geprüfte Vereine werden freigegeben/,
    )
    // Cancelled: neither marked nor released.
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(within(card).getByText('Nicht geprüft')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Musikverein Gmunden-Ort aktivieren' }))
    const again = await screen.findByRole('dialog', { name: 'Musikverein Gmunden-Ort aktivieren?' })
    await user.click(within(again).getByRole('button', { name: 'Als geprüft markieren und aktivieren' }))
    expect(
      await screen.findByText('Musikverein Gmunden-Ort ist als geprüft markiert und jetzt aktiv (freigegeben).'),
    ).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Musikverein Gmunden-Ort' })).toBeNull())
    const released = (await getClubs({ clubStatus: 'ACTIVE', clubType: 'ct-musikverein', size: 100 })).items.find(
      (club) => club.name === 'Musikverein Gmunden-Ort',
    )
    expect(released).toMatchObject({ status: 'ACTIVE', isChecked: true })
  })

  it('says so when the check mark was removed meanwhile, and shows the club unchecked', async () => {
    const { user } = await open('?status=PROCESSING&clubType=ct-naturschutzverein')
    const card = clubCard('Naturschutzverein Wienerwald Baden')
    expect(within(card).getByText('Geprüft')).toBeInTheDocument()
    // Another administrator removes the mark behind this list's back.
    await setClubChecked('club-nv-baden', { isChecked: false })
    await user.click(within(card).getByRole('button', { name: 'Naturschutzverein Wienerwald Baden aktivieren' }))
    const dialog = await screen.findByRole('dialog', { name: 'Naturschutzverein Wienerwald Baden aktivieren?' })
    await user.click(within(dialog).getByRole('button', { name: 'Aktivieren' }))
    expect(
      await screen.findByText(
        'Der Verein kann nicht aktiviert werden: Er ist nicht als geprüft markiert. Die Liste wurde aktualisiert.',
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(within(card).getByText('Nicht geprüft')).toBeInTheDocument())
    expect(within(card).getByText('Status: In Bearbeitung')).toBeInTheDocument()
  })

  it('deactivates an active club and marks a club as checked', async () => {
    const { user } = await open('?status=ACTIVE&clubType=ct-jugendverein')
    const card = clubCard('Jugendverein Innsbruck-Pradl')
    expect(within(card).getByText('Nicht geprüft')).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Jugendverein Innsbruck-Pradl als geprüft markieren' }))
    let dialog = await screen.findByRole('dialog', { name: 'Jugendverein Innsbruck-Pradl als geprüft markieren?' })
    await user.click(within(dialog).getByRole('button', { name: 'Als geprüft markieren' }))
    await waitFor(() => expect(within(card).getByText('Geprüft')).toBeInTheDocument())

    await user.click(within(card).getByRole('button', { name: 'Jugendverein Innsbruck-Pradl deaktivieren' }))
    dialog = await screen.findByRole('dialog', { name: 'Jugendverein Innsbruck-Pradl deaktivieren?' })
    // The reason form loads with the dialog (its own chunk).
    await user.type(await within(dialog).findByLabelText(/Grund/), 'Der Verein hat sich aufgelöst.')
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }))
    expect(await screen.findByText('Jugendverein Innsbruck-Pradl ist jetzt inaktiv.')).toBeInTheDocument()
  })
})

describe('Card-provider accounts', () => {
  it('shows the state of each club’s account', async () => {
    await open('?size=50')
    const hallein = clubCard('Musikverein Hallein')
    expect(within(hallein).getByText('Einrichtung offen')).toBeInTheDocument()
    expect(within(hallein).getByText('Bankkonto für Auszahlungen')).toBeInTheDocument()
    expect(
      within(clubCard('SV Grünbach 1923')).getByText('Der Verein kann Kartenzahlungen annehmen.'),
    ).toBeInTheDocument()
    const tulln = clubCard('Freiwillige Feuerwehr Tulln')
    expect(within(tulln).getByText('Deaktiviert')).toBeInTheDocument()
    expect(within(tulln).getByText(/Grund:/)).toBeInTheDocument()
  })

  it('creates an account and offers the onboarding link', async () => {
    const { user } = await open('?clubType=ct-kulturverein&status=ACTIVE')
    const card = clubCard('Kulturverein Bregenzer Kulturbühne')
    expect(within(card).getByText('Keines')).toBeInTheDocument()
    await user.click(
      within(card).getByRole('button', { name: 'Zahlungskonto anlegen (Kulturverein Bregenzer Kulturbühne)' }),
    )
    const confirm = await screen.findByRole('dialog', {
      name: 'Zahlungskonto für Kulturverein Bregenzer Kulturbühne anlegen?',
    })
    await user.click(within(confirm).getByRole('button', { name: 'Zahlungskonto anlegen' }))
    const result = await screen.findByRole('dialog', { name: 'Zahlungskonto angelegt' })
    expect(within(result).getByRole('link', { name: 'Einrichtung beim Zahlungsanbieter öffnen' })).toHaveAttribute(
      'href',
      expect.stringContaining('/__mock/provider/onboarding?link='),
    )
    await waitFor(() => expect(within(card).getByText('Einrichtung offen')).toBeInTheDocument())
  })

  it('says so when the club got an account meanwhile (409 payment-account-exists) or is no longer active', async () => {
    const { user } = await open('?clubType=ct-kulturverein&status=ACTIVE')
    const card = clubCard('Kulturverein Bregenzer Kulturbühne')
    await user.click(
      within(card).getByRole('button', { name: 'Zahlungskonto anlegen (Kulturverein Bregenzer Kulturbühne)' }),
    )
    let confirm = await screen.findByRole('dialog', { name: /anlegen\?$/ })
    await createPaymentAccount('club-kv-bregenz')
    await user.click(within(confirm).getByRole('button', { name: 'Zahlungskonto anlegen' }))
    expect(
      await screen.findByText(
        'Für Kulturverein Bregenzer Kulturbühne gibt es bereits ein Zahlungskonto. Die Liste wurde aktualisiert.',
      ),
    ).toBeInTheDocument()
    await waitFor(() => expect(within(card).getByText('Einrichtung offen')).toBeInTheDocument())

    const eisenstadt = clubCard('Kulturverein Haydnregion Eisenstadt')
    await user.click(within(eisenstadt).getByRole('button', { name: /Zahlungskonto anlegen \(.*\)/ }))
    confirm = await screen.findByRole('dialog', { name: /anlegen\?$/ })
    await deactivateClub('club-kv-eisenstadt', { reason: 'Zum Testen deaktiviert.' })
    await user.click(within(confirm).getByRole('button', { name: 'Zahlungskonto anlegen' }))
    expect(
      await screen.findByText('Ein Zahlungskonto kann nur für einen aktiven Verein angelegt werden.'),
    ).toBeInTheDocument()
  })

  it('deactivates an account with a reason, then deletes it', async () => {
    const { user } = await open('?clubType=ct-musikverein')
    const card = clubCard('Musikverein Hallein')
    await user.click(within(card).getByRole('button', { name: 'Zahlungskonto deaktivieren (Musikverein Hallein)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Zahlungskonto von Musikverein Hallein deaktivieren?' })
    // The reason form loads with the dialog (its own chunk).
    await user.click(await within(dialog).findByRole('button', { name: 'Zahlungskonto deaktivieren' }))
    expect(
      await within(dialog).findByText('Bitte geben Sie einen Grund an. Der Verein bekommt ihn zu sehen.'),
    ).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/Grund/), 'Ausweis der Obfrau ist abgelaufen.')
    await user.click(within(dialog).getByRole('button', { name: 'Zahlungskonto deaktivieren' }))
    expect(await screen.findByText('Zahlungskonto wurde deaktiviert.')).toBeInTheDocument()
    await waitFor(() =>
      expect(within(card).getByText(/Grund: Ausweis der Obfrau ist abgelaufen\./)).toBeInTheDocument(),
    )

    await user.click(within(card).getByRole('button', { name: 'Zahlungskonto löschen (Musikverein Hallein)' }))
    const confirm = await screen.findByRole('dialog', { name: 'Zahlungskonto von Musikverein Hallein löschen?' })
    expect(within(confirm).getByRole('button', { name: 'Abbrechen' })).toHaveFocus()
    await user.click(within(confirm).getByRole('button', { name: 'Endgültig löschen' }))
    expect(await screen.findByText('Zahlungskonto wurde gelöscht.')).toBeInTheDocument()
    await waitFor(() => expect(within(card).getByText('Keines')).toBeInTheDocument())
  })
})
