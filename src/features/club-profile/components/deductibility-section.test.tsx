import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ClubTaxStatus } from '#openapi/generated/model/clubTaxStatus.ts'
import type { ClubTaxStatusUpdate } from '#openapi/generated/model/clubTaxStatusUpdate.ts'
import type { DeductibilityEntry } from '#openapi/generated/model/deductibilityEntry.ts'
import { server } from '#mocks/node.ts'
import { renderComponent } from '#tests/utils/render.tsx'
import { DeductibilitySection } from './deductibility-section.tsx'

const CLUB = 'club-sv-gruenbach'
const URL_TAX = `*/api/backend/v1/club/${CLUB}/tax`

const status = (entries: DeductibilityEntry[], rest: Partial<ClubTaxStatus> = {}): ClubTaxStatus => ({
  clubId: CLUB,
  taxNumber: null,
  lastReportOn: null,
  deductibleToday: false,
  entries,
  notices: [],
  ...rest,
})

const CONFIRMED: DeductibilityEntry = {
  id: 'entry-1',
  confirmed: {
    registerNumber: 'SO-1158',
    category: 'SP',
    validFrom: '2019-01-01',
    revokedOn: null,
    confirmedAt: '2019-02-01T10:00:00Z',
    confirmedByName: 'Andrea Admin',
  },
  pending: null,
  changedAt: '2019-02-01T10:00:00Z',
}

/** GET answers `initial`; PUT answers what `answer` makes of the body (and records it). */
const mockStatus = (initial: ClubTaxStatus, answer?: (body: ClubTaxStatusUpdate) => Response) => {
  const bodies: ClubTaxStatusUpdate[] = []
  let current = initial
  server.use(
    http.get(URL_TAX, () => HttpResponse.json(current)),
    http.put(URL_TAX, async ({ request }) => {
      const body = (await request.json()) as ClubTaxStatusUpdate
      bodies.push(body)
      if (answer) return answer(body)
      const fields = {
        registerNumber: body.registerNumber.replace(/\s+/, '-').toUpperCase(),
        category: body.category,
        validFrom: body.validFrom,
        revokedOn: body.revokedOn,
      }
      const entries =
        body.entryId === null
          ? [
              { id: 'entry-new', confirmed: null, pending: fields, changedAt: '2026-03-01T10:00:00Z' },
              ...current.entries,
            ]
          : current.entries.map((entry) => (entry.id === body.entryId ? { ...entry, pending: fields } : entry))
      current = {
        ...current,
        taxNumber: body.taxNumber,
        lastReportOn: body.lastReportOn,
        entries,
        notices: [{ kind: 'UNCONFIRMED', year: null, on: null }],
      }
      return HttpResponse.json(current)
    }),
  )
  return bodies
}

const section = () => screen.findByRole('region', { name: 'Spendenbegünstigung' })

describe('Spendenbegünstigung (club profile)', () => {
  it('saves a first entry and then says it is not confirmed yet', async () => {
    const bodies = mockStatus(status([]))
    const { user } = await renderComponent(<DeductibilitySection clubId={CLUB} canEdit />, {
      signedInAs: 'verein@demo.at',
    })
    const card = await section()
    const form = await within(card).findByRole('form', { name: 'Neue Eintragung' })
    await user.click(within(form).getByRole('button', { name: 'Spendenbegünstigung speichern' }))
    expect(await within(form).findByText('Bitte geben Sie die Registrierungsnummer ein.')).toBeInTheDocument()
    expect(within(form).getByText('Bitte wählen Sie die Kategorie.')).toBeInTheDocument()
    expect(bodies).toEqual([])

    await user.type(within(form).getByLabelText(/^Registrierungsnummer/), 'SO 1158')
    await user.selectOptions(within(form).getByLabelText(/^Kategorie/), 'SP')
    await user.type(within(form).getByLabelText(/^Begünstigt ab/), '2024-01-01')
    await user.type(within(form).getByLabelText(/^Finanzamts- und Steuernummer/), '12 345/6789')
    await user.click(within(form).getByRole('button', { name: 'Spendenbegünstigung speichern' }))

    expect(
      await within(card).findByText('Nicht bestätigt – wartet auf Prüfung durch die Verwaltung'),
    ).toBeInTheDocument()
    expect(bodies).toEqual([
      {
        entryId: null,
        registerNumber: 'SO 1158',
        category: 'SP',
        validFrom: '2024-01-01',
        revokedOn: null,
        taxNumber: '123456789',
        lastReportOn: null,
      },
    ])
    expect(within(card).getByText(/Eine Eintragung ist noch nicht bestätigt/)).toBeInTheDocument()
  })

  it('changes the newest entry, which then waits for confirmation; the confirmed one is named', async () => {
    const bodies = mockStatus(status([CONFIRMED], { deductibleToday: true }))
    const { user } = await renderComponent(<DeductibilitySection clubId={CLUB} canEdit />, {
      signedInAs: 'verein@demo.at',
    })
    const card = await section()
    expect(await within(card).findByText('Bestätigt am 01.02.2019 von Andrea Admin.')).toBeInTheDocument()
    const register = within(card).getByLabelText(/^Registrierungsnummer/)
    expect(register).toHaveValue('SO-1158')
    // Only a revoked entry may be followed by another.
    expect(within(card).queryByRole('button', { name: 'Neue Eintragung' })).toBeNull()

    await user.selectOptions(within(card).getByLabelText(/^Kategorie/), 'GM')
    await user.click(within(card).getByRole('button', { name: 'Spendenbegünstigung speichern' }))
    expect(await within(card).findByText('Änderung wartet auf Bestätigung')).toBeInTheDocument()
    expect(bodies[0]).toMatchObject({ entryId: 'entry-1', registerNumber: 'SO-1158', category: 'GM' })
  })

  it('puts the backend’s findings at their fields', async () => {
    mockStatus(status([CONFIRMED]), () =>
      HttpResponse.json(
        {
          type: 'https://vereinsportal.at/problems/validation',
          title: 'Bad Request',
          status: 400,
          errors: [{ field: 'lastReportOn', message: 'The last report cannot lie in the future.', code: 'in_future' }],
        },
        { status: 400, headers: { 'Content-Type': 'application/problem+json' } },
      ),
    )
    const { user } = await renderComponent(<DeductibilitySection clubId={CLUB} canEdit />, {
      signedInAs: 'verein@demo.at',
    })
    const card = await section()
    expect(await within(card).findByLabelText(/^Kategorie/)).toHaveValue('SP')
    await user.type(within(card).getByLabelText(/^Letzte Jahresmeldung am/), '2020-03-01')
    await user.click(within(card).getByRole('button', { name: 'Spendenbegünstigung speichern' }))
    const field = within(card).getByLabelText(/^Letzte Jahresmeldung am/)
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription('Die letzte Jahresmeldung kann nicht in der Zukunft liegen.'),
    )
  })

  it('starts a new entry after a revoked one, and lists the older entries', async () => {
    const revoked: DeductibilityEntry = {
      ...CONFIRMED,
      confirmed: { ...CONFIRMED.confirmed!, revokedOn: '2023-01-01' },
    }
    const bodies = mockStatus(status([revoked]))
    const { user } = await renderComponent(<DeductibilitySection clubId={CLUB} canEdit />, {
      signedInAs: 'verein@demo.at',
    })
    const card = await section()
    await user.click(await within(card).findByRole('button', { name: 'Neue Eintragung' }))
    const form = within(card).getByRole('form', { name: 'Neue Eintragung' })
    expect(within(form).getByLabelText(/^Registrierungsnummer/)).toHaveValue('')
    await user.type(within(form).getByLabelText(/^Registrierungsnummer/), 'so-2040')
    await user.selectOptions(within(form).getByLabelText(/^Kategorie/), 'SP')
    await user.type(within(form).getByLabelText(/^Begünstigt ab/), '2025-06-01')
    await user.click(within(form).getByRole('button', { name: 'Spendenbegünstigung speichern' }))
    await waitFor(() => expect(bodies).toHaveLength(1))
    expect(bodies[0]).toMatchObject({ entryId: null, registerNumber: 'so-2040', validFrom: '2025-06-01' })
    const history = await within(card).findByRole('region', { name: 'Frühere Eintragungen' })
    expect(history).toHaveTextContent('SO-1158')
    expect(history).toHaveTextContent('widerrufen am 01.01.2023')
  })

  it('is read-only for a member whose club role may not manage money', async () => {
    mockStatus(status([CONFIRMED]))
    await renderComponent(<DeductibilitySection clubId={CLUB} canEdit={false} />, { signedInAs: 'verein@demo.at' })
    const card = await section()
    expect(await within(card).findByText('Nur Ansicht')).toBeInTheDocument()
    expect(within(card).getByLabelText(/^Registrierungsnummer/)).toBeDisabled()
    expect(within(card).queryByRole('button', { name: /speichern/i })).toBeNull()
    expect(within(card).queryByRole('link', { name: 'Zur Steuer-Übersicht' })).toBeNull()
  })
})
