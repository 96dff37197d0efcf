import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import type { ClubTaxStatus } from '#openapi/generated/model/clubTaxStatus.ts'
import type { TaxNotice } from '#openapi/generated/model/taxNotice.ts'
import { server } from '#mocks/node.ts'
import { renderRoute } from '#tests/utils/render.tsx'

const VOLUME = 'club-sv-gruenbach'

/** The club's tax status answers with these notices; returns how often it was read. */
const mockNotices = (notices: TaxNotice[]) => {
  const reads = { count: 0 }
  const status: ClubTaxStatus = {
    clubId: VOLUME,
    taxNumber: null,
    lastReportOn: null,
    deductibleToday: true,
    entries: [],
    notices,
  }
  server.use(
    http.get(`*/api/backend/v1/club/${VOLUME}/tax`, () => {
      reads.count += 1
      return HttpResponse.json(status)
    }),
  )
  return reads
}

describe('Dashboard: tax notices', () => {
  it('reminds of an overdue report and a lapsing deductibility, with the way to the tax screen', async () => {
    mockNotices([
      { kind: 'REPORT_OVERDUE', year: 2025, on: '2026-02-28' },
      { kind: 'LAPSES_SOON', year: null, on: '2026-04-01' },
    ])
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    const card = await screen.findByRole('region', { name: 'Steuer: Hinweise' })
    expect(card).toHaveTextContent('Die Übermittlung für 2025 ist überfällig: Sie war bis 28.02.2026 fällig.')
    expect(card).toHaveTextContent('Die Spendenbegünstigung läuft am 01.04.2026 aus.')
    expect(within(card).getByRole('link', { name: 'Zur Steuer-Übersicht' })).toHaveAttribute(
      'href',
      `/steuer/${VOLUME}`,
    )
    // The section links lead there too.
    const sections = screen.getByRole('navigation', { name: 'Bereiche der Übersicht' })
    expect(within(sections).getByRole('link', { name: 'Steuer' })).toHaveAttribute('href', `/steuer/${VOLUME}`)
  })

  it('shows nothing when there is nothing to do', async () => {
    const reads = mockNotices([])
    await renderRoute(`/home?id=${VOLUME}`, { signedInAs: 'verein@demo.at' })
    await screen.findByRole('heading', { level: 1, name: 'SV Grünbach 1923' })
    await waitFor(() => expect(reads.count).toBeGreaterThan(0))
    expect(screen.queryByRole('region', { name: 'Steuer: Hinweise' })).toBeNull()
  })
})
