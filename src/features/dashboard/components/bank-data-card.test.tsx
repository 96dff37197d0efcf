import { configure, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { getClubOverview, updateClub } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import type { ClubUpdate } from '#openapi/generated/model/clubUpdate.ts'
import { renderRoute, screen } from '#tests/utils/render.tsx'
import { clubUpdateOf } from '#tests/backend/bodies.ts'

configure({ asyncUtilTimeout: 5000 })

const VOLUME = 'club-sv-gruenbach'

describe('The bank data on the dashboard', () => {
  it('say "Bankverbindung geändert – Prüfung ausstehend" after a new IBAN, with payouts held', async () => {
    const { queryClient } = await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    await screen.findByRole('heading', { level: 1, name: 'SV Grünbach 1923' })
    const { club } = await getClubOverview(VOLUME)
    const profile = clubUpdateOf(club)
    const body: ClubUpdate = {
      ...profile,
      bankInfo: { ...profile.bankInfo, iban: 'AT402011100000012345', bic: 'GIBAATWWXXX' },
    }
    await updateClub(body)
    await queryClient.invalidateQueries()

    const bank = screen.getByRole('region', { name: 'Bankverbindung' })
    expect(await within(bank).findByText('Bankverbindung geändert – Prüfung ausstehend')).toBeInTheDocument()
    expect(bank).toHaveTextContent('zahlt der Kartenzahlungsanbieter nichts aus')
    expect(within(bank).getByTestId('masked-iban')).toHaveTextContent('AT40 **** **** **** 2345')
    // The bank's name from the IBAN's bank code.
    expect(within(bank).getByText('Erste Bank der oesterreichischen Sparkassen AG')).toBeInTheDocument()
    const overview = screen.getByRole('region', { name: 'Vereinsübersicht' })
    expect(await within(overview).findByText('Auszahlungen angehalten')).toBeInTheDocument()
  })

  it('show an inactive club why it was deactivated', async () => {
    await renderRoute('/home?id=club-sv-schwaz', { signedInAs: 'admin@demo.at' })
    await screen.findByText('Der Verein ist deaktiviert.')
    const notice = screen
      .getAllByRole('status')
      .find((status) => within(status).queryByText('Der Verein ist deaktiviert.'))
    expect(notice).toHaveTextContent(/Grund: Der Bescheid über die Spendenbegünstigung ist abgelaufen/)
  })
})
