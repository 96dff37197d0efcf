/**
 * Giving on a campaign's public page: the go-live gate (may this campaign take a donation now?), the
 * checkout a donor starts at the card provider, and what the thank-you page asks. A donation is recorded
 * only from the provider's word that it was paid (domain/payment-events.ts settles checkouts), never from
 * the donor's browser.
 */
import type { CampaignAcceptance } from '#openapi/generated/model/campaignAcceptance.ts'
import type { CampaignClosedReason } from '#openapi/generated/model/campaignClosedReason.ts'
import type { DonationCheckoutState } from '#openapi/generated/model/donationCheckoutState.ts'
import type { PublicCampaign } from '#openapi/generated/model/publicCampaign.ts'
import type { DonorTaxData } from '#openapi/generated/model/donorTaxData.ts'
import type { ReceiptAddress } from '#openapi/generated/model/receiptAddress.ts'
import { checkBirthDateRange } from './club-checks.ts'
import { getCampaign, normalizeName } from './common.ts'
import { signedFileUrl } from './files.ts'
import { defineOperations, json } from './operation.ts'
import type { OperationContext } from './operation.ts'
import { providerCall } from './payment-provider.ts'
import type { Ports } from './ports.ts'
import { invalidField, notFound, problem } from './problem.ts'
import type {
  CampaignRecord,
  CheckoutRecord,
  CheckoutTaxRecord,
  ClubRecord,
  PaymentAccountRecord,
  ReceiptAddressRecord,
} from './records.ts'
import { clubDeductibleOn } from './tax-status.ts'
import { TAX_CONSENT_TEXT } from './tax-donors.ts'
import { PAYMENT_EVENTS_SERIAL_KEY, settleCheckout } from './payment-events.ts'
import { MINUTE_MS, isoInstant, viennaDay } from './time.ts'
import { FieldErrors, normalizedText } from './validation.ts'
import { accountOfClub, currentFile, filesOfClub } from './views.ts'

/** How long a donor has on the provider's page (Stripe allows 30 minutes to 24 hours). */
export const CHECKOUT_MINUTES = 60

/** The go-live gate: the first rule a campaign fails, in the order donors can make sense of, or null. */
export const closedReason = (
  club: Pick<ClubRecord, 'status' | 'bankReview'>,
  account: Pick<PaymentAccountRecord, 'status' | 'chargesEnabled'> | null,
  campaign: Pick<CampaignRecord, 'enabled' | 'from' | 'to'>,
  now: number,
): CampaignClosedReason | null => {
  if (club.status !== 'ACTIVE') return 'CLUB_NOT_ACTIVE'
  if (!account || account.status !== 'ACTIVE' || !account.chargesEnabled) return 'PAYMENTS_NOT_READY'
  if (club.bankReview !== null) return 'PAYOUTS_HELD'
  if (!campaign.enabled) return 'CAMPAIGN_DISABLED'
  const today = viennaDay(now)
  if (today < campaign.from) return 'NOT_STARTED'
  if (today > campaign.to) return 'ENDED'
  return null
}

/** What a donor may learn of a closed campaign, in English for the problem's detail (screens say it in German). */
const REASON_DETAIL: Readonly<Record<CampaignClosedReason, string>> = {
  CLUB_NOT_ACTIVE: 'The club is not active.',
  PAYMENTS_NOT_READY: "The club's card payments are not set up.",
  PAYOUTS_HELD: "The club's new bank details await confirmation.",
  CAMPAIGN_DISABLED: 'The campaign is disabled.',
  NOT_STARTED: 'The campaign has not started yet.',
  ENDED: 'The campaign has ended.',
}

interface PublicContext {
  campaign: CampaignRecord
  club: ClubRecord
  account: PaymentAccountRecord | null
}

/**
 * A campaign as the public may see it: its club must have been released once (a club still in
 * registration or rejected has no public pages, so its campaigns are "not found" rather than "closed").
 */
const publicContext = async (ports: Ports, campaignId: string): Promise<PublicContext> => {
  const campaign = await getCampaign(ports, campaignId)
  const club = await ports.clubs.get(campaign.clubId)
  if (!club || (club.status !== 'ACTIVE' && club.status !== 'INACTIVE')) throw notFound('Campaign', campaignId)
  return { campaign, club, account: await accountOfClub(ports, club.id) }
}

const acceptanceOf = ({ club, account, campaign }: PublicContext, now: number): CampaignAcceptance => {
  const reason = closedReason(club, account, campaign, now)
  return { accepting: reason === null, reason }
}

const publicCampaign = async (ctx: OperationContext, context: PublicContext): Promise<PublicCampaign> => {
  const { ports, now } = ctx
  const { campaign, club } = context
  const [totals, files, tax] = await Promise.all([
    ports.donations.campaignTotals([campaign.documentId]),
    filesOfClub(ports, club.id),
    ports.tax.getStatus(club.id),
  ])
  const deductible = clubDeductibleOn(tax, viennaDay(now))
  const logo = currentFile(files, 'LOGO')
  const logoBlob = logo ? await ports.fileBlobs.get(logo.path) : null
  const raised = totals.get(campaign.documentId)
  return {
    documentId: campaign.documentId,
    clubName: club.profile.name,
    logoUrl: logoBlob ? (await signedFileUrl(ctx, logoBlob.path)).url : null,
    name: campaign.name,
    description: campaign.description,
    goalCents: campaign.goalCents,
    amountCents: campaign.amountCents,
    minimumDonationCents: campaign.minimumDonationCents,
    currency: 'EUR',
    from: campaign.from,
    to: campaign.to,
    raisedCents: raised?.cents ?? 0,
    donationCount: raised?.count ?? 0,
    acceptance: acceptanceOf(context, now),
    taxDeductible: deductible,
    taxConsentText: deductible ? TAX_CONSENT_TEXT : null,
  }
}

const checkoutState = (checkout: CheckoutRecord): DonationCheckoutState => ({
  checkoutId: checkout.id,
  campaignId: checkout.campaignId,
  status: checkout.state,
  amountCents: checkout.amountCents,
  currency: 'EUR',
  donorName: checkout.donorName,
})

/**
 * The donor's data for the tax office as the checkout keeps them until it is paid: only while the club is
 * deductible (409 otherwise: the page offered nothing to consent to); a person's names and date of birth
 * checked (the donor at least 14), with the consent's text as the page showed it.
 */
const checkoutTax = async (
  ports: Ports,
  clubId: string,
  input: DonorTaxData | null,
  now: number,
): Promise<CheckoutTaxRecord | null> => {
  if (input === null) return null
  const today = viennaDay(now)
  if (!clubDeductibleOn(await ports.tax.getStatus(clubId), today))
    throw problem('invalid-transition', 'Donations to this club do not count for tax: there is nothing to consent to.')
  if (input.company) return { company: true }
  const errors = new FieldErrors()
  if (input.firstName === null) errors.add('tax.firstName', 'Required for the tax office.', 'required')
  if (input.lastName === null) errors.add('tax.lastName', 'Required for the tax office.', 'required')
  if (input.birthDate === null) errors.add('tax.birthDate', 'Required for the tax office.', 'required')
  if (input.scope === null) errors.add('tax.scope', 'Say whether the consent is for this donation only.', 'required')
  checkBirthDateRange(errors, 'tax.birthDate', input.birthDate, today)
  errors.throwIfAny()
  return {
    company: false,
    firstName: normalizedText('tax.firstName', input.firstName!, 1, normalizeName),
    lastName: normalizedText('tax.lastName', input.lastName!, 1, normalizeName),
    birthDate: input.birthDate!,
    scope: input.scope!,
    text: TAX_CONSENT_TEXT,
  }
}

/** The name and address a donor wants the receipt made out to, as typed but for outer spaces. */
const receiptAddressOf = (address: ReceiptAddress): ReceiptAddressRecord => ({
  name: normalizedText('receipt.name', address.name, 1, normalizeName),
  street: normalizedText('receipt.street', address.street, 1, normalizeName),
  postalCode: normalizedText('receipt.postalCode', address.postalCode, 1),
  city: normalizedText('receipt.city', address.city, 1, normalizeName),
  country: address.country,
})

/** The app's page for this campaign: where the provider sends the donor back to. */
const donationPage = (appOrigin: string, campaignId: string): string =>
  `${appOrigin}/spenden/${encodeURIComponent(campaignId)}`

export const givingOperations = defineOperations({
  getPublicCampaign: {
    run: async (ctx, { params }) =>
      json(200, await publicCampaign(ctx, await publicContext(ctx.ports, params.campaignId))),
  },

  createDonationCheckout: {
    run: async (ctx, { params, body }) => {
      const { ports, now, request } = ctx
      const context = await publicContext(ports, params.campaignId)
      const reason = closedReason(context.club, context.account, context.campaign, now)
      if (reason !== null) throw problem('campaign-closed', REASON_DETAIL[reason])
      const { campaign, club } = context
      const account = context.account!
      if (body.amountCents < campaign.minimumDonationCents) {
        throw invalidField('amountCents', `At least the campaign's minimum donation.`, 'too_small')
      }
      const donorName = body.donorName === null ? null : normalizedText('donorName', body.donorName, 1)
      const message = body.message === null ? null : normalizedText('message', body.message, 1)
      const tax = await checkoutTax(ports, club.id, body.tax ?? null, now)
      const id = ports.ids.token(18)
      const expiresAt = now + CHECKOUT_MINUTES * MINUTE_MS
      const page = donationPage(request.appOrigin, campaign.documentId)
      const hosted = await providerCall(() =>
        ports.payments.createCheckout({
          accountId: account.accountId,
          checkoutId: id,
          amountCents: body.amountCents,
          campaignName: campaign.name,
          clubName: club.profile.name,
          donorEmail: body.email.trim(),
          successUrl: `${page}/danke?checkout=${id}`,
          cancelUrl: page,
          metadata: { campaignId: campaign.documentId, clubId: club.id },
          expiresAt,
          idempotencyKey: `checkout-${id}`,
          requestOrigin: request.origin,
        }),
      )
      const checkout: CheckoutRecord = {
        id,
        campaignId: campaign.documentId,
        clubId: club.id,
        accountId: account.accountId,
        sessionId: hosted.sessionId,
        amountCents: body.amountCents,
        donorName,
        email: body.email.trim(),
        message,
        state: 'OPEN',
        donationId: null,
        tax,
        receiptAddress: body.receipt ? receiptAddressOf(body.receipt) : null,
        createdAt: isoInstant(now),
        expiresAt: isoInstant(expiresAt),
        updatedAt: isoInstant(now),
      }
      await ports.checkouts.insert(checkout)
      return json(201, { checkoutId: id, url: hosted.url, expiresAt: hosted.expiresAt })
    },
  },

  getDonationCheckout: {
    mode: 'write',
    serialKey: PAYMENT_EVENTS_SERIAL_KEY,
    run: async (ctx, { params }) => {
      const { ports } = ctx
      const checkout = await ports.checkouts.get(params.checkoutId)
      if (!checkout) throw notFound('Checkout', params.checkoutId)
      if (checkout.state !== 'OPEN' || checkout.sessionId === null) return json(200, checkoutState(checkout))
      // Asked, not trusted: the provider says whether it was paid, and the answer settles the checkout
      // exactly as its event would (whichever comes first records the donation; the other finds it done).
      const sessionId = checkout.sessionId
      const state = await providerCall(() => ports.payments.checkout(checkout.accountId, sessionId))
      return json(200, checkoutState(await settleCheckout(ctx, checkout, state)))
    },
  },
})
