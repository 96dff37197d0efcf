/**
 * Donation lists per club and per campaign (paged, sorted, filtered by Vienna day, with totals over the
 * whole filter) and the chart's sums per day, week or month. The store pages, sorts and sums
 * (DonationRepository documents the orders); the domain checks the query and shapes the answer.
 */
import type { DonationGrouping } from '#openapi/generated/model/donationGrouping.ts'
import type { DonationPage } from '#openapi/generated/model/donationPage.ts'
import type { DonationStatsBucketsItem } from '#openapi/generated/model/donationStatsBucketsItem.ts'
import { parseSort } from './clubs.ts'
import { refundDonationBodyReasonMin } from '#openapi/generated/zod/donations/donations.zod.ts'
import { change, recordAudit } from './audit.ts'
import { requireClubRight } from './club-rights.ts'
import { getCampaign, getClub } from './common.ts'
import { defineOperations, json, requireFreshSignIn } from './operation.ts'
import { ProviderError } from './payment-provider.ts'
import { invalidField, notFound, problem } from './problem.ts'
import type { DonationRecord } from './records.ts'
import type { DonationScope, DonationSortField, Ports } from './ports.ts'
import { addDays, addMonths, dayToUtc, startOfIsoWeek, startOfMonth, utcToDay } from './time.ts'
import { FieldErrors, normalizedText } from './validation.ts'
import { accountOfClub, refundableCents, toDonations } from './views.ts'

const getDonation = async (ports: Ports, id: string): Promise<DonationRecord> => {
  const donation = await ports.donations.get(id)
  if (!donation) throw notFound('Donation', id)
  return donation
}

interface ListQuery {
  from?: string | undefined
  to?: string | undefined
  page: number
  size: number
  sort: string
}

const SORT_FIELDS: readonly DonationSortField[] = ['donatedAt', 'amountCents', 'donorName']

const checkRange = (from: string | undefined, to: string | undefined): void => {
  const errors = new FieldErrors()
  if (from !== undefined && to !== undefined && to < from) errors.add('to', 'Must not be before `from`.', 'too_small')
  errors.throwIfAny()
}

export const donationPage = async (ports: Ports, scope: DonationScope, query: ListQuery): Promise<DonationPage> => {
  checkRange(query.from, query.to)
  const { field, descending } = parseSort(query.sort)
  const slice = await ports.donations.page(scope, {
    from: query.from ?? null,
    to: query.to ?? null,
    sort: (SORT_FIELDS as readonly string[]).includes(field) ? (field as DonationSortField) : 'donatedAt',
    descending,
    offset: query.page * query.size,
    limit: query.size,
  })
  return {
    items: await toDonations(ports, slice.items),
    page: query.page,
    size: query.size,
    totalItems: slice.totalItems,
    totalPages: Math.ceil(slice.totalItems / query.size),
    totalCents: slice.totalCents,
    currency: 'EUR',
  }
}

const bucketStart = (day: string, groupBy: DonationGrouping): string =>
  groupBy === 'DAY' ? day : groupBy === 'WEEK' ? startOfIsoWeek(day) : startOfMonth(day)

const nextBucket = (start: string, groupBy: DonationGrouping): string =>
  groupBy === 'DAY' ? addDays(start, 1) : groupBy === 'WEEK' ? addDays(start, 7) : addMonths(start, 1)

/** The contract's limit: a range of at most three years. */
const threeYearsAfter = (day: string): string => {
  const date = new Date(dayToUtc(day))
  date.setUTCFullYear(date.getUTCFullYear() + 3)
  return utcToDay(date.getTime())
}

export const donationStats = async (
  ports: Ports,
  clubId: string,
  from: string,
  to: string,
  groupBy: DonationGrouping,
): Promise<DonationStatsBucketsItem[]> => {
  checkRange(from, to)
  const errors = new FieldErrors()
  if (to > threeYearsAfter(from)) errors.add('to', 'The range may span at most 3 years.', 'too_big')
  errors.throwIfAny()
  // Every bucket from the one containing `from` to the one containing `to`, so a chart has no gaps.
  const buckets: DonationStatsBucketsItem[] = []
  const byStart = new Map<string, DonationStatsBucketsItem>()
  for (let start = bucketStart(from, groupBy); start <= to; start = nextBucket(start, groupBy)) {
    const bucket = { periodStart: start, amountCents: 0, count: 0 }
    buckets.push(bucket)
    byStart.set(start, bucket)
  }
  for (const day of await ports.donations.dailyTotals(clubId, from, to)) {
    const bucket = byStart.get(bucketStart(day.day, groupBy))!
    bucket.amountCents += day.cents
    bucket.count += day.count
  }
  return buckets
}

export const donationOperations = defineOperations({
  getDonationsOfClub: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async ({ ports }, { params, query }) => {
      const club = await getClub(ports, params.clubId)
      return json(200, await donationPage(ports, { clubId: club.id }, query))
    },
  },

  getDonationStatsOfClub: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async ({ ports }, { params, query }) => {
      const club = await getClub(ports, params.clubId)
      const buckets = await donationStats(ports, club.id, query.from, query.to, query.groupBy)
      return json(200, { groupBy: query.groupBy, from: query.from, to: query.to, currency: 'EUR', buckets })
    },
  },

  refundDonation: {
    scope: async (ports, { params }) => ({ clubId: (await getDonation(ports, params.donationId)).clubId }),
    run: async (ctx, { params, body }) => {
      const { ports, request } = ctx
      const donation = await getDonation(ports, params.donationId)
      await requireClubRight(ctx, donation.clubId, 'money')
      requireFreshSignIn(ctx, 'Refunding a donation')
      const payment = donation.payment
      if (!payment) throw problem('refund-not-possible', 'The donation was not paid by card.')
      if (payment.dispute === 'OPEN' || payment.dispute === 'LOST')
        throw problem('refund-not-possible', 'The donation is disputed.')
      const left = refundableCents(donation)
      if (left <= 0) throw problem('refund-not-possible', 'The donation is refunded already.')
      const amountCents = body.amountCents ?? left
      if (amountCents > left) throw invalidField('amountCents', `At most what is left (${left} cents).`, 'too_big')
      const reason = normalizedText('reason', body.reason, refundDonationBodyReasonMin)
      const club = await getClub(ports, donation.clubId)
      const account = await accountOfClub(ports, club.id)
      if (!account) throw problem('refund-not-possible', 'The club has no card-provider account.')
      // The provider refunds once per key: a retried request (the same key, or the same refund asked
      // again with nothing changed in between) does not refund twice.
      const key = request.headers['idempotency-key'] ?? `${donation.id}-${payment.refundedCents}-${amountCents}`
      try {
        await ports.payments.refund({
          accountId: account.accountId,
          paymentIntentId: payment.paymentIntentId,
          amountCents,
          idempotencyKey: `refund-${key}`,
          metadata: { donationId: donation.id, clubId: club.id },
        })
      } catch (error) {
        // Refused (refunded already, too much): not possible; not answered: try again later.
        if (error instanceof ProviderError && error.refused) throw problem('refund-not-possible', error.message)
        if (error instanceof ProviderError)
          throw problem('unavailable', `The card provider did not answer: ${error.message}`)
        throw error
      }
      await recordAudit(ctx, {
        action: 'DONATION_REFUNDED',
        club,
        changes: [
          change('donation.id', null, donation.id),
          change('donation.refundedCents', String(payment.refundedCents), String(payment.refundedCents + amountCents)),
          change('donation.refundReason', null, reason),
        ],
      })
      const [view] = await toDonations(ports, [donation])
      return json(200, view!)
    },
  },

  getDonationsOfCampaign: {
    scope: async (ports, { params }) => ({ clubId: (await getCampaign(ports, params.campaignId)).clubId }),
    run: async ({ ports }, { params, query }) => {
      const campaign = await getCampaign(ports, params.campaignId)
      return json(200, await donationPage(ports, { campaignId: campaign.documentId }, query))
    },
  },
})
