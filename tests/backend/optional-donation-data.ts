/**
 * What a store keeps of a donation's and its checkout's optional data (the tax record, the receipt
 * address): each value as given, absent and null alike as none; a card donation's refund leaves it; a
 * checkout's update sets it and takes it away again. The tax and receipt store tests check their field so.
 */
import { expect } from 'vitest'
import { seedPaymentAccounts } from '#adapters/demo-seed/seed-accounts.ts'
import type { Ports } from '#domain/ports.ts'
import type { CheckoutRecord, DonationRecord } from '#domain/records.ts'
import type { StoreUnderTest } from './stores-under-test.ts'

type Field = 'tax' | 'receiptAddress'

/**
 * An open checkout of one of the seed's campaigns at the payment account in onboarding, as these tests
 * need it; `fields` left undefined stay absent.
 */
export const checkoutOf = (
  campaign: { readonly documentId: string; readonly clubId: string },
  id: string,
  fields: Partial<CheckoutRecord> = {},
): CheckoutRecord => {
  const at = '2031-02-03T10:00:00.000Z'
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined))
  return {
    id,
    campaignId: campaign.documentId,
    clubId: campaign.clubId,
    accountId: seedPaymentAccounts.onboarding.accountId,
    sessionId: null,
    amountCents: 2_500,
    donorName: 'Erika Muster',
    email: 'erika@example.at',
    message: null,
    state: 'OPEN',
    donationId: null,
    createdAt: at,
    expiresAt: at,
    updatedAt: at,
    ...given,
  }
}

interface Case<F extends Field> {
  readonly field: F
  /** Ids start with it, so cases of several files do not meet. */
  readonly prefix: string
  /** A donation of the test's club on `day`, with the field as given (undefined: absent). */
  readonly donation: (id: string, day: string, value?: DonationRecord[F]) => DonationRecord
  /** A checkout of the test's club, with the field as given (undefined: absent). */
  readonly checkout: (id: string, value?: CheckoutRecord[F]) => CheckoutRecord
  /** Two values of the field a donation may hold. */
  readonly donationValues: readonly [NonNullable<DonationRecord[F]>, NonNullable<DonationRecord[F]>]
  /** Values of the field a checkout may hold: as inserted, and as a later update sets it. */
  readonly checkoutValues: readonly [NonNullable<CheckoutRecord[F]>, NonNullable<CheckoutRecord[F]>]
}

export const expectOptionalDataKept = async <F extends Field>(
  store: StoreUnderTest<Pick<Ports, 'donations' | 'checkouts'>>,
  { field, prefix, donation, checkout, donationValues, checkoutValues }: Case<F>,
): Promise<void> => {
  const id = (name: string) => `${prefix}-${name}`
  const given = donationValues.map((value, index) => donation(id(`given-${index}`), `2030-03-0${index + 1}`, value))
  const absent = donation(id('absent'), '2030-03-03')
  const nulled = donation(id('null'), '2030-03-04', null)
  await store.run(async ({ donations }) => {
    for (const record of [...given, absent, nulled]) expect(await donations.insert(record)).toBe(true)
  })
  await store.run(async ({ donations }) => {
    for (const record of [...given, absent]) expect(await donations.get(record.id)).toEqual(record)
    expect((await donations.get(nulled.id))?.[field] ?? null).toBeNull()
  })
  // A card donation's payment changes; the field stays.
  const card: DonationRecord = {
    ...given[0]!,
    id: id('card'),
    payment: {
      checkoutId: id('co-card'),
      paymentIntentId: `pi_${prefix}`,
      refundedCents: 0,
      dispute: null,
      disputeEventAt: null,
    },
  }
  await store.run(({ donations }) => donations.insert(card))
  const refunded = { ...card.payment!, refundedCents: 500 }
  await store.run(({ donations }) => donations.updatePayment(card.id, refunded))
  expect(await store.run(({ donations }) => donations.get(card.id))).toEqual({ ...card, payment: refunded })

  const withValue = checkout(id('co-data'), checkoutValues[0])
  const without = checkout(id('co-none'))
  await store.run(async ({ checkouts }) => {
    await checkouts.insert(withValue)
    await checkouts.insert(without)
    await checkouts.insert(checkout(id('co-null'), null))
  })
  await store.run(async ({ checkouts }) => {
    expect(await checkouts.get(withValue.id)).toEqual(withValue)
    expect(await checkouts.get(without.id)).toEqual(without)
    expect((await checkouts.get(id('co-null')))?.[field] ?? null).toBeNull()
  })
  const paid: CheckoutRecord = { ...without, [field]: checkoutValues[1], state: 'PAID', donationId: card.id }
  await store.run(({ checkouts }) => checkouts.update(paid))
  expect(await store.run(({ checkouts }) => checkouts.get(without.id))).toEqual(paid)
  // And the field goes again.
  const { [field]: _gone, ...cleared } = paid
  await store.run(({ checkouts }) => checkouts.update(cleared as CheckoutRecord))
  expect(await store.run(({ checkouts }) => checkouts.get(without.id))).toEqual(cleared)
}
