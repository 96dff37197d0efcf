import { describe, expect, it } from 'vitest'
import type { DonationStatus } from '#openapi/generated/model/donationStatus.ts'
import { renderComponent, screen } from '#tests/utils/render.tsx'
import { DonationStatusInfo } from './donation-status.tsx'

const show = (status: DonationStatus, refundedCents: number) =>
  renderComponent(
    <p data-testid="status">
      <DonationStatusInfo donation={{ status, refundedCents }} />
    </p>,
  )

describe('DonationStatusInfo', () => {
  it.each([
    ['PAID', 0, 'bezahlt'],
    ['PARTIALLY_REFUNDED', 1000, 'teilweise erstattet€ 10,00 erstattet'],
    ['REFUNDED', 2500, 'erstattet'],
    ['DISPUTED', 0, 'angefochten'],
  ] as const)('names %s in German', async (status, refundedCents, text) => {
    await show(status, refundedCents)
    expect(screen.getByTestId('status')).toHaveTextContent(new RegExp(`^${text}$`))
  })
})
