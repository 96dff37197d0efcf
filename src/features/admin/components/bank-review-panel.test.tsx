import { configure, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getClubOverview, updateClub } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { ClubUpdate } from '#openapi/generated/model/clubUpdate.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'
import { clubUpdateOf } from '#tests/backend/bodies.ts'

configure({ asyncUtilTimeout: 5000 })

const VOLUME = 'club-sv-gruenbach'
/** Erste Bank (bank code 20111): a bank the portal knows. */
const NEW_IBAN = 'AT402011100000012345'

/** The representative's new IBAN for SV Grünbach (an active club with an active card-provider account). */
const changeIban = async () => {
  const { club } = await getClubOverview(VOLUME)
  const profile = clubUpdateOf(club)
  const body: ClubUpdate = { ...profile, bankInfo: { ...profile.bankInfo, iban: NEW_IBAN, bic: 'GIBAATWWXXX' } }
  await updateClub(body)
  return club.bankInfo.iban
}

describe('New bank details in the release list', () => {
  it('show the old IBAN masked, the new one in full with its holder and the club’s documents; an administrator confirms them', async () => {
    const { user, queryClient } = await renderRoute('/admin?clubType=ct-sportverein&status=ACTIVE', {
      signedInAs: 'admin@demo.at',
    })
    const card = await screen.findByRole('article', { name: 'SV Grünbach 1923' })
    expect(within(card).queryByText('Bankverbindung geändert – Prüfung ausstehend')).toBeNull()
    // Changed meanwhile (here by the administrator, who may edit every club): the list shows it once reloaded.
    await changeIban()
    const holder = (await getClubOverview(VOLUME)).club.bankInfo.accountHolder
    await queryClient.invalidateQueries()
    await waitFor(() =>
      expect(within(card).getAllByText('Bankverbindung geändert – Prüfung ausstehend').length).toBeGreaterThan(0),
    )
    expect(within(card).getByText('Bankprüfung ausstehend')).toBeInTheDocument()
    expect(within(card).getByTestId('bank-review-previous')).toHaveTextContent(/^AT\d\d \*{4} \*{4} \*{4} \d{4}$/)
    // The administrator reads what they confirm: the IBAN whole, the account holder, the club's documents.
    expect(within(card).getByTestId('bank-review-new')).toHaveTextContent('AT40 2011 1000 0001 2345')
    expect(within(card).getByTestId('bank-review-holder')).toHaveTextContent(holder)
    const documents = within(card).getByRole('list', { name: 'Dokumente des Vereins SV Grünbach 1923' })
    expect(within(documents).getAllByRole('listitem').length).toBeGreaterThan(0)
    expect(within(card).getByText('Auszahlungen angehalten')).toBeInTheDocument()

    await user.click(within(card).getByRole('button', { name: 'Neue Bankverbindung bestätigen (SV Grünbach 1923)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Neue Bankverbindung von SV Grünbach 1923 bestätigen?' })
    expect(dialog).toHaveTextContent('Neu: AT40 2011 1000 0001 2345')
    await user.click(within(dialog).getByRole('button', { name: 'Bankverbindung bestätigen' }))
    expect(await screen.findByText('Die neue Bankverbindung von SV Grünbach 1923 ist bestätigt.')).toBeInTheDocument()
    await waitFor(() => expect(within(card).queryByTestId('bank-review-new')).toBeNull())
    await waitFor(() => expect(within(card).queryByText('Auszahlungen angehalten')).toBeNull())
  })

  it('are not shown for clubs whose bank details did not change', async () => {
    await renderRoute('/admin?clubType=ct-sportverein&status=ACTIVE', { signedInAs: 'admin@demo.at' })
    const card = await screen.findByRole('article', { name: 'SV Grünbach 1923' })
    expect(within(card).queryByText('Bankverbindung geändert – Prüfung ausstehend')).toBeNull()
    expect(within(card).queryByRole('button', { name: /Neue Bankverbindung bestätigen/ })).toBeNull()
  })
})

describe('Deactivating a club', () => {
  it('asks for the reason, which the club then reads on its dashboard', async () => {
    const { user } = await renderRoute('/admin?clubType=ct-sportverein&status=ACTIVE', { signedInAs: 'admin@demo.at' })
    const card = await screen.findByRole('article', { name: 'SV Grünbach 1923' })
    await user.click(within(card).getByRole('button', { name: 'SV Grünbach 1923 deaktivieren' }))
    const dialog = await screen.findByRole('dialog', { name: 'SV Grünbach 1923 deaktivieren?' })
    expect(dialog).toHaveTextContent('Der Grund wird dem Verein angezeigt.')
    // The reason form loads with the dialog (its own chunk).
    await user.click(await within(dialog).findByRole('button', { name: 'Deaktivieren' }))
    expect(
      await within(dialog).findByText('Bitte geben Sie einen Grund an. Der Verein bekommt ihn zu sehen.'),
    ).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText(/Grund/), 'Die Vereinsstatuten fehlen.')
    await user.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }))
    expect(await screen.findByText('SV Grünbach 1923 ist jetzt inaktiv.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    await screen.findByText('Der Verein ist deaktiviert.')
    const notice = screen
      .getAllByRole('status')
      .find((status) => within(status).queryByText('Der Verein ist deaktiviert.'))
    expect(notice).toHaveTextContent('Grund: Die Vereinsstatuten fehlen.')
  })
})
