import { describe, expect, it } from 'vitest'
import { ApiError } from '#src/api/client.ts'
import { receiptNotPossibleMessage, receiptRefusalOf } from './receipt-refusal.ts'

// The backend's wording (domain/receipts.ts), as a 409 `receipt-not-possible` carries it in `detail`.
const NOTHING_OPEN = 'Every donation it would cover has a receipt already, or was refunded.'
const NOT_DEDUCTIBLE = "The club's deductibility (BMF list) did not hold on the donation's day."
const EXEMPTION_TOO_OLD =
  "The club's Freistellungsbescheid is older than five years (a § 60a AO notice three): receipts may not name it."

const paid = { status: 'PAID', amountCents: 2500, refundedCents: 0 } as const
const refunded = { status: 'REFUNDED', amountCents: 2500, refundedCents: 2500 } as const

const conflict = (detail: string, type = 'receipt-not-possible') =>
  new ApiError('/donations/d1/receipt', 409, 'Conflict', {
    type: `https://vereinsportal.example/problems/${type}`,
    title: 'Conflict',
    status: 409,
    detail,
  })

describe('why a receipt was refused', () => {
  it('reads the reason from the backend’s detail', () => {
    expect(receiptRefusalOf(NOTHING_OPEN, paid)).toBe('RECEIPTED')
    expect(receiptRefusalOf(NOTHING_OPEN, refunded)).toBe('REFUNDED')
    expect(
      receiptRefusalOf(NOTHING_OPEN, { status: 'PARTIALLY_REFUNDED', amountCents: 2500, refundedCents: 2500 }),
    ).toBe('REFUNDED')
    expect(receiptRefusalOf(NOT_DEDUCTIBLE)).toBe('NOT_DEDUCTIBLE')
    expect(receiptRefusalOf(EXEMPTION_TOO_OLD)).toBe('EXEMPTION_TOO_OLD')
    expect(receiptRefusalOf('A yearly receipt is issued once the year is over.')).toBe('YEAR_NOT_OVER')
    expect(receiptRefusalOf('The receipt was withdrawn already.')).toBe('WITHDRAWN')
  })

  it('does not depend on the exact sentence', () => {
    expect(receiptRefusalOf('The donation has a receipt already.')).toBe('RECEIPTED')
    expect(receiptRefusalOf('Donation  ALREADY has a receipt')).toBe('RECEIPTED')
    expect(receiptRefusalOf('The donation was refunded.')).toBe('REFUNDED')
    expect(receiptRefusalOf('Not deductible on that day.')).toBe('NOT_DEDUCTIBLE')
    expect(receiptRefusalOf('The exemption notice is older than five years.')).toBe('EXEMPTION_TOO_OLD')
    expect(receiptRefusalOf('Something new')).toBe('OTHER')
    expect(receiptRefusalOf(undefined)).toBe('OTHER')
  })

  it('says it in German for 409 receipt-not-possible, and nothing for other failures', () => {
    expect(receiptNotPossibleMessage(conflict(NOTHING_OPEN), paid)).toBe(
      'Für diese Spende gibt es bereits eine Bestätigung.',
    )
    expect(receiptNotPossibleMessage(conflict(NOTHING_OPEN), refunded)).toBe(
      'Die Spende wurde erstattet: Es gibt nichts zu bestätigen.',
    )
    expect(receiptNotPossibleMessage(conflict(NOT_DEDUCTIBLE))).toBe(
      'Der Verein war am Tag der Spende nicht spendenbegünstigt (BMF-Liste): Eine Spendenbestätigung ist nicht möglich.',
    )
    expect(receiptNotPossibleMessage(conflict(EXEMPTION_TOO_OLD))).toBe(
      'Der Freistellungsbescheid ist älter als fünf Jahre (ein Bescheid nach § 60a AO drei): Es darf keine Zuwendungsbestätigung ausgestellt werden.',
    )
    expect(receiptNotPossibleMessage(conflict('Who knows.'))).toMatch(/^Die Spendenbestätigung kann nicht ausgestellt/)
    expect(receiptNotPossibleMessage(conflict(NOTHING_OPEN, 'refund-not-possible'))).toBeUndefined()
    expect(receiptNotPossibleMessage(new Error('offline'))).toBeUndefined()
  })
})
