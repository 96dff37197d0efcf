import { within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ClubOverview } from '#openapi/generated/model/clubOverview.ts'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { DonationsOverview } from './donations-overview.tsx'

const HALLEIN = 'club-mv-hallein'

/** Only what the figures read. */
const overviewWith = (count: number, thisMonthCount: number): ClubOverview =>
  ({
    donations: {
      totalCents: count * 2_500,
      count,
      thisMonthCents: thisMonthCount * 2_500,
      thisMonthCount,
      currency: 'EUR',
    },
    campaigns: { total: 3, enabled: 2 },
  }) as unknown as ClubOverview

describe('DonationsOverview', () => {
  it('counts one donation in the singular and more in the plural, grouped like the amounts', async () => {
    await renderComponent(<DonationsOverview clubId={HALLEIN} overview={overviewWith(10_250, 1)} />, {
      signedInAs: 'verein@demo.at',
    })
    const figures = screen.getByRole('region', { name: 'Spendenübersicht' })
    expect(within(figures).getByText('aus 10.250 Spenden')).toBeInTheDocument()
    expect(within(figures).getByText('aus 1 Spende')).toBeInTheDocument()
    expect(within(figures).getByText('€ 256.250,00')).toBeInTheDocument()
  })

  it('says what the campaign figure counts', async () => {
    await renderComponent(<DonationsOverview clubId={HALLEIN} overview={overviewWith(2, 0)} />, {
      signedInAs: 'verein@demo.at',
    })
    const figures = screen.getByRole('region', { name: 'Spendenübersicht' })
    expect(await within(figures).findByText(/^(läuft|laufen), 3 insgesamt$/)).toBeInTheDocument()
  })
})
