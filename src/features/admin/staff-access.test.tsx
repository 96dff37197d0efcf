import { waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '#src/api/client.ts'
import { activateClub, getClubs } from '#src/api/generated/query/endpoints/clubs/clubs.ts'
import { createPaymentAccount } from '#src/api/generated/query/endpoints/payments/payments.ts'
import { renderComponent, renderRoute, screen } from '#tests/utils/render.tsx'

/**
 * Staff and the release list (docs/decisions/0006-staff-read-only-club-list.md): the contract lets STAFF
 * read `GET club` and nothing that changes a club or its payment account. The screens agree: `/admin`
 * stays ROLE_ADMIN, staff read the club list on their dashboard without any action, and the backend
 * refuses a staff token's writes all the same.
 */
describe('Staff and the release list', () => {
  it('does not open the administration for staff', async () => {
    await renderRoute('/admin', { signedInAs: 'staff@demo.at' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Kein Zugriff' })).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Vereine' })).not.toBeInTheDocument()
  })

  it('shows staff the club list read-only on the dashboard', async () => {
    await renderRoute('/home', { signedInAs: 'staff@demo.at' })
    const table = await screen.findByRole('table', { name: 'Vereine' })
    await waitFor(() => expect(within(table).getByText('Naturschutzverein Wienerwald Baden')).toBeInTheDocument())
    expect(
      screen.queryByRole('button', { name: /aktivieren|deaktivieren|geprüft|Zahlungskonto/i }),
    ).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Zur Administration' })).not.toBeInTheDocument()
    // What staff can do, not that no club is theirs.
    expect(
      screen.getByText(
        'Als Mitarbeiter/in sehen Sie alle Vereine und öffnen die Übersicht jedes Vereins zum Lesen. Ändern können Sie dort nichts.',
      ),
    ).toBeInTheDocument()
    expect(screen.queryByText(/keinem Verein zugeordnet/)).not.toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Warten auf Ihre Freigabe' })).not.toBeInTheDocument()
  })

  it('lets a staff token read clubs but refuses every release write with 403', async () => {
    await renderComponent(<p>staff</p>, { signedInAs: 'staff@demo.at' })
    const page = await getClubs({ clubStatus: 'PROCESSING' })
    expect(page.items.map((club) => club.id)).toContain('club-nv-baden')

    const activation = activateClub('club-nv-baden')
    await expect(activation).rejects.toBeInstanceOf(ApiError)
    await expect(activation).rejects.toMatchObject({ status: 403 })
    await expect(createPaymentAccount('club-kv-bregenz')).rejects.toMatchObject({ status: 403 })
    const after = await getClubs({ clubStatus: 'PROCESSING' })
    expect(after.items.find((club) => club.id === 'club-nv-baden')?.status).toBe('PROCESSING')
  })
})
