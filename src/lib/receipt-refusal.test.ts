import { describe, expect, it } from 'vitest'
import type { ReceiptRefusal } from '#openapi/generated/model/receiptRefusal.ts'
import { ApiError } from '#src/api/client.ts'
import { receiptNotPossibleMessage, receiptRefusalOf } from './receipt-refusal.ts'

const paid = { status: 'PAID', amountCents: 2500, refundedCents: 0 } as const
const refunded = { status: 'REFUNDED', amountCents: 2500, refundedCents: 2500 } as const

/** A 409 as the backend sends it: the reason machine-readable, the detail in English (not read). */
const conflict = (reason: ReceiptRefusal | undefined, type = 'receipt-not-possible') =>
  new ApiError('/donations/d1/receipt', 409, 'Conflict', {
    type: `https://vereinsportal.example/problems/${type}`,
    title: 'Conflict',
    status: 409,
    detail: 'Any English sentence.',
    ...(reason !== undefined && { reason }),
  })

describe('why a receipt was refused', () => {
  it('takes the problem’s reason, telling a refund from a receipt by the donation', () => {
    expect(receiptRefusalOf('NOTHING_OPEN', paid)).toBe('RECEIPTED')
    expect(receiptRefusalOf('NOTHING_OPEN', refunded)).toBe('REFUNDED')
    expect(
      receiptRefusalOf('NOTHING_OPEN', { status: 'PARTIALLY_REFUNDED', amountCents: 2500, refundedCents: 2500 }),
    ).toBe('REFUNDED')
    expect(receiptRefusalOf('NOTHING_OPEN')).toBe('RECEIPTED')
    expect(receiptRefusalOf('NOT_DEDUCTIBLE')).toBe('NOT_DEDUCTIBLE')
    expect(receiptRefusalOf('TRANSMITTED')).toBe('TRANSMITTED')
    expect(receiptRefusalOf(undefined)).toBe('OTHER')
  })

  it('says it in German for 409 receipt-not-possible, and nothing for other failures', () => {
    expect(receiptNotPossibleMessage(conflict('NOTHING_OPEN'), paid)).toBe(
      'Für diese Spende gibt es bereits eine Bestätigung.',
    )
    expect(receiptNotPossibleMessage(conflict('NOTHING_OPEN'), refunded)).toBe(
      'Die Spende wurde erstattet: Es gibt nichts zu bestätigen.',
    )
    expect(receiptNotPossibleMessage(conflict('NOT_DEDUCTIBLE'))).toBe(
      'Der Verein war am Tag der Spende nicht spendenbegünstigt (BMF-Liste): Eine Spendenbestätigung ist nicht möglich.',
    )
    expect(receiptNotPossibleMessage(conflict('EXEMPTION_TOO_OLD'))).toBe(
      'Der Freistellungsbescheid ist älter als fünf Jahre (ein Bescheid nach § 60a AO drei): Es darf keine Zuwendungsbestätigung ausgestellt werden.',
    )
    expect(receiptNotPossibleMessage(conflict(undefined))).toMatch(/^Die Spendenbestätigung kann nicht ausgestellt/)
    expect(receiptNotPossibleMessage(conflict('NOTHING_OPEN', 'refund-not-possible'))).toBeUndefined()
    expect(receiptNotPossibleMessage(new Error('offline'))).toBeUndefined()
  })
})
