/**
 * Donation receipts (docs/decisions/0050-donation-receipts.md): the Austrian Spendenbestätigung and the
 * German Zuwendungsbestätigung on the official template, for one donation or a donor's year. A receipt is
 * issued once: its PDF is made then, archived with its SHA-256 (file storage) and sent as archived ever
 * after; its donations are locked (no second receipt covers them) until it is withdrawn with a reason.
 * Numbers are the club's running number, never given twice. A reprint is marked "Duplikat" and not kept.
 */
import type { AnnualReceiptCandidate } from '#openapi/generated/model/annualReceiptCandidate.ts'
import type { Receipt } from '#openapi/generated/model/receipt.ts'
import type { ReceiptRefusal } from '#openapi/generated/model/receiptRefusal.ts'
import type { ReceiptSettings } from '#openapi/generated/model/receiptSettings.ts'
import { auditPerson, change, recordAudit } from './audit.ts'
import { clubCountry } from './club-checks.ts'
import { requireClubRight } from './club-rights.ts'
import { getClub } from './common.ts'
import { defineOperations, json, requireCaller } from './operation.ts'
import type { OperationContext } from './operation.ts'
import type { Ports } from './ports.ts'
import { DuplicateKeyError } from './ports.ts'
import { ProblemError, invalidField, notFound } from './problem.ts'
import { amountInWords } from './amount-in-words.ts'
import type { GermanExemption, ReceiptDocument } from './receipt-document.ts'
import { countedCents } from './records.ts'
import type {
  ClubRecord,
  DonationRecord,
  ReceiptAddressRecord,
  ReceiptLineRecord,
  ReceiptRecord,
  ReceiptSettingsRecord,
} from './records.ts'
import { periodOn, periodsOf } from './tax-status.ts'
import { isoInstant, viennaDay } from './time.ts'
import { currentFile, filesOfClub } from './views.ts'

// ------------------------------------------------------------------------------------------ rules

/** The day `years` after `day`; 29 February becomes 28 February in a year without it. */
export const addYears = (day: string, years: number): string => {
  const year = Number(day.slice(0, 4)) + years
  const monthDay = day.slice(5)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return `${year}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`
}

/** How long a German exemption notice carries receipts (§ 63 Abs. 5 AO): five years, a § 60a notice three. */
export const EXEMPTION_YEARS = { FREISTELLUNGSBESCHEID: 5, FEST_60A: 3 } as const

/**
 * Whether a German club may issue receipts on `day` with this notice: not when it is older than five
 * years (Freistellungsbescheid) or three (§ 60a AO), to the day: on the anniversary itself it still may.
 */
export const exemptionHolds = (
  exemption: { kind: keyof typeof EXEMPTION_YEARS; issuedOn: string },
  day: string,
): boolean => day <= addYears(exemption.issuedOn, EXEMPTION_YEARS[exemption.kind])

/** The printed number: the year of issue and the club's running number, `2026-000017`. */
export const receiptNumber = (issuedOn: string, sequence: number): string =>
  `${issuedOn.slice(0, 4)}-${String(sequence).padStart(6, '0')}`

/** What a donation can be receipted with now: paid less refunded (nothing for a refunded or lost one). */
export const receiptableCents = (donation: DonationRecord): number => Math.max(0, countedCents(donation))

/** Who a donor is for the yearly receipt: the name and address as given, compared without case and spacing. */
export const receiptDonorKey = (address: ReceiptAddressRecord): string =>
  [address.name, address.street, address.postalCode, address.city, address.country]
    .map((part) => part.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase())
    .join('|')

/** Whether the donation goes to the tax office instead (a person's consent covers it): no receipt then. */
const transmitted = (donation: DonationRecord): boolean => donation.tax?.company === false

/** Why a receipt is not possible: the problem's `reason` and the candidates' `blockedReason`. */
export type ReceiptBlock = ReceiptRefusal

const BLOCK_DETAIL: Readonly<Record<ReceiptBlock, string>> = {
  NOTHING_OPEN: 'Every donation it would cover has a receipt already, or was refunded.',
  NOT_DEDUCTIBLE: "The club's deductibility (BMF list) did not hold on the donation's day.",
  EXEMPTION_TOO_OLD:
    "The club's Freistellungsbescheid is older than five years (a § 60a AO notice three): receipts may not name it.",
  YEAR_NOT_OVER: 'A yearly receipt is issued once the year is over.',
  NO_SETTINGS: 'A German club must enter its exemption and purposes in the receipt settings first.',
  TRANSMITTED: "The donor's consent sends this donation to the tax office: it is deducted without a receipt.",
  WITHDRAWN: 'The receipt was withdrawn already.',
}

const notPossible = (reason: ReceiptBlock) =>
  new ProblemError('receipt-not-possible', BLOCK_DETAIL[reason], undefined, undefined, reason)

// ------------------------------------------------------------------------------------------ settings

/** The settings as saved, or what receipts print until the club saves: its city, its contact person. */
const settingsOf = async (ports: Ports, club: ClubRecord): Promise<ReceiptSettingsRecord> =>
  (await ports.receipts.getSettings(club.id)) ?? {
    clubId: club.id,
    place: club.profile.address.city || club.profile.name,
    signerName:
      `${club.profile.legitimation.firstName} ${club.profile.legitimation.lastName}`.trim() || club.profile.name,
    signerRole: 'Vorstand',
    germany: null,
    updatedAt: club.updatedAt,
  }

const toSettings = (settings: ReceiptSettingsRecord): ReceiptSettings => ({
  place: settings.place,
  signerName: settings.signerName,
  signerRole: settings.signerRole,
  germany: settings.germany
    ? { purposes: settings.germany.purposes, exemption: { ...settings.germany.exemption } }
    : null,
})

// ------------------------------------------------------------------------------------------ issuing

const toReceipt = (receipt: ReceiptRecord): Receipt => ({
  id: receipt.id,
  clubId: receipt.clubId,
  number: receipt.number,
  kind: receipt.kind,
  country: receipt.country,
  year: receipt.year,
  donor: { ...receipt.donor },
  lines: receipt.lines.map(({ donationId, day, amountCents }) => ({ donationId, day, amountCents })),
  totalCents: receipt.totalCents,
  issuedOn: receipt.issuedOn,
  issuedAt: receipt.issuedAt,
  issuedByName: receipt.issuedByName,
  status: receipt.status,
  withdrawnAt: receipt.withdrawnAt,
  withdrawnByName: receipt.withdrawnByName,
  withdrawReason: receipt.withdrawReason,
  replacesId: receipt.replacesId,
  sha256: receipt.file.sha256,
})

const hex = (bytes: ArrayBuffer): string =>
  [...new Uint8Array(bytes)].map((byte) => byte.toString(16).padStart(2, '0')).join('')

const sha256 = async (bytes: Uint8Array): Promise<string> =>
  hex(await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))

/**
 * Which receipt a club issues, by where its address is: a club in Germany the Zuwendungsbestätigung, every
 * other the Austrian Spendenbestätigung (German receipt settings of an Austrian club are not used).
 */
export const receiptCountryOf = (club: ClubRecord): ReceiptRecord['country'] => clubCountry(club.profile.address)

/**
 * Which donations a receipt may cover now and why not: receiptable (paid less refunded), not covered by
 * an issued receipt, not transmitted; Austria: made while the club's entry on the BMF list held;
 * Germany: the purposes and exemption notice are entered, and the notice still carries receipts today.
 */
const coverable = async (
  ports: Ports,
  club: ClubRecord,
  settings: ReceiptSettingsRecord,
  donations: readonly DonationRecord[],
  today: string,
): Promise<{ lines: ReceiptLineRecord[]; block: ReceiptBlock | null; registerNumber: string | null }> => {
  const german = receiptCountryOf(club) === 'DE'
  if (german && !settings.germany) return { lines: [], block: 'NO_SETTINGS', registerNumber: null }
  if (german && settings.germany && !exemptionHolds(settings.germany.exemption, today))
    return { lines: [], block: 'EXEMPTION_TOO_OLD', registerNumber: null }
  const covered = await ports.receipts.issuedForDonations(donations.map((donation) => donation.id))
  const open = donations.filter(
    (donation) => !covered.has(donation.id) && !transmitted(donation) && receiptableCents(donation) > 0,
  )
  if (open.length === 0) return { lines: [], block: 'NOTHING_OPEN', registerNumber: null }
  let registerNumber: string | null = null
  let usable = open
  if (!german) {
    const periods = periodsOf(await ports.tax.getStatus(club.id))
    usable = open.filter((donation) => periodOn(periods, donation.day) !== null)
    if (usable.length === 0) return { lines: [], block: 'NOT_DEDUCTIBLE', registerNumber: null }
    // The number of the entry that held on the last donation's day: entries of one club share it.
    registerNumber = periodOn(periods, usable.at(-1)!.day)!.registerNumber
  }
  const lines = [...usable]
    .sort((a, b) => a.at - b.at)
    .map((donation) => ({
      donationId: donation.id,
      day: donation.day,
      amountCents: receiptableCents(donation),
      waiver: false,
    }))
  return { lines, block: null, registerNumber }
}

const germanExemptionOf = (settings: ReceiptSettingsRecord): GermanExemption | null => {
  const exemption = settings.germany?.exemption
  if (!exemption) return null
  const { taxOffice, taxNumber, issuedOn } = exemption
  return exemption.kind === 'FEST_60A'
    ? { kind: 'FEST_60A', taxOffice, taxNumber, issuedOn }
    : { kind: 'FREISTELLUNGSBESCHEID', taxOffice, taxNumber, issuedOn, lastPeriod: exemption.lastPeriod ?? '' }
}

/** The bytes as base64 (the answer is JSON), in the browser's mocked backend as on the server. */
const toBase64 = (bytes: Uint8Array): string => {
  let binary = ''
  for (let start = 0; start < bytes.length; start += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  return btoa(binary)
}

/** The document the renderer lays out, from what the receipt record holds. */
const documentOf = async (
  ports: Ports,
  club: ClubRecord,
  settings: ReceiptSettingsRecord,
  receipt: Omit<ReceiptRecord, 'file'>,
  registerNumber: string | null,
  duplicate: boolean,
): Promise<ReceiptDocument> => {
  const files = await filesOfClub(ports, club.id)
  const logo = currentFile(files, 'LOGO')
  const logoBytes = logo ? await ports.fileBlobs.readBytes(logo.path) : null
  // The club's signature image stands on the signature line; without one the line stays blank to sign on.
  const signature = currentFile(files, 'SIGNATURE')
  const signatureBytes = signature ? await ports.fileBlobs.readBytes(signature.path) : null
  const address = club.profile.address
  return {
    country: receipt.country,
    number: receipt.number,
    duplicate,
    club: {
      name: club.profile.name,
      address: {
        name: club.profile.name,
        street: `${address.street} ${address.houseNumber}`.trim(),
        postalCode: address.postalCode,
        city: address.city,
        // The country the receipt was issued in, where the club's address was then.
        country: receipt.country,
      },
      registerNumber,
      purposes: receipt.country === 'DE' ? (settings.germany?.purposes ?? null) : null,
      exemption: receipt.country === 'DE' ? germanExemptionOf(settings) : null,
      logo: logoBytes,
    },
    donor: receipt.donor,
    lines: receipt.lines,
    totalCents: receipt.totalCents,
    totalInWords: amountInWords(receipt.totalCents),
    year: receipt.year,
    place: receipt.place,
    issuedOn: receipt.issuedOn,
    signature: { image: signatureBytes, name: settings.signerName, role: settings.signerRole },
    createdAt: Date.parse(receipt.issuedAt),
  }
}

/** The PDF could not be made: nothing was stored but the running number (a gap, as a rollback leaves). */
class ReceiptRenderError extends Error {
  constructor(cause: unknown) {
    super('The receipt could not be rendered.', { cause })
    this.name = 'ReceiptRenderError'
  }
}

/**
 * Issues a receipt of `lines` to `donor`: numbered, rendered, archived, its donations locked.
 * `issuedByName` null: issued with the donor's confirmation, nobody of the club asked.
 */
const issue = async (
  { ports, now }: Pick<OperationContext, 'ports' | 'now'>,
  club: ClubRecord,
  settings: ReceiptSettingsRecord,
  input: {
    kind: ReceiptRecord['kind']
    year: number | null
    donor: ReceiptAddressRecord
    lines: ReceiptLineRecord[]
    registerNumber: string | null
    replacesId: string | null
    issuedByName: string | null
  },
): Promise<ReceiptRecord> => {
  const issuedOn = viennaDay(now)
  const sequence = await ports.receipts.nextSequence(club.id)
  const id = ports.ids.id()
  const draft: Omit<ReceiptRecord, 'file'> = {
    id,
    clubId: club.id,
    sequence,
    number: receiptNumber(issuedOn, sequence),
    kind: input.kind,
    country: receiptCountryOf(club),
    year: input.year,
    donor: input.donor,
    lines: input.lines,
    totalCents: input.lines.reduce((sum, line) => sum + line.amountCents, 0),
    place: settings.place,
    issuedOn,
    // Whole seconds: the PDF's dates, so the document can be made again alike.
    issuedAt: isoInstant(Math.floor(now / 1000) * 1000),
    issuedByName: input.issuedByName,
    status: 'ISSUED',
    withdrawnAt: null,
    withdrawnByName: null,
    withdrawReason: null,
    replacesId: input.replacesId,
  }
  const document = await documentOf(ports, club, settings, draft, input.registerNumber, false)
  const bytes = await ports.receiptRenderer.render(document).catch((error: unknown) => {
    throw new ReceiptRenderError(error)
  })
  const path = `receipts/${club.id}/${id}.pdf`
  const receipt: ReceiptRecord = { ...draft, file: { path, sha256: await sha256(bytes), size: bytes.length } }
  try {
    await ports.receipts.insert(receipt)
  } catch (error) {
    // Another request issued a receipt of one of these donations meanwhile.
    if (error instanceof DuplicateKeyError) throw notPossible('NOTHING_OPEN')
    throw error
  }
  await ports.fileBlobs.keep(path, bytes, 'application/pdf', now)
  return receipt
}

const requireMoneyRight = async (ctx: OperationContext, clubId: string): Promise<ClubRecord> => {
  const club = await getClub(ctx.ports, clubId)
  await requireClubRight(ctx, club.id, 'money')
  return club
}

const receiptOfClub = async (ports: Ports, clubId: string, receiptId: string): Promise<ReceiptRecord> => {
  const receipt = await ports.receipts.get(receiptId)
  if (!receipt || receipt.clubId !== clubId) throw notFound('Receipt', receiptId)
  return receipt
}

const trimmedAddress = (address: ReceiptAddressRecord): ReceiptAddressRecord => {
  const trimmed = {
    name: address.name.trim().replace(/\s+/g, ' '),
    street: address.street.trim().replace(/\s+/g, ' '),
    postalCode: address.postalCode.trim(),
    city: address.city.trim(),
    country: address.country,
  }
  for (const field of ['name', 'street', 'postalCode', 'city'] as const)
    if (trimmed[field] === '') throw invalidField(`donor.${field}`, 'Must not be blank.', 'too_small')
  return trimmed
}

/** A year's donors with a name and address, grouped; what each could be receipted for now. */
const annualCandidates = async (
  ports: Ports,
  club: ClubRecord,
  settings: ReceiptSettingsRecord,
  year: number,
  today: string,
) => {
  const donations = (await ports.donations.listWithReceiptAddress(club.id, `${year}-01-01`, `${year}-12-31`)).filter(
    (donation) => !transmitted(donation),
  )
  const groups = new Map<string, { donor: ReceiptAddressRecord; donations: DonationRecord[] }>()
  for (const donation of donations) {
    const key = receiptDonorKey(donation.receiptAddress!)
    const group = groups.get(key) ?? { donor: donation.receiptAddress!, donations: [] }
    group.donations.push(donation)
    groups.set(key, group)
  }
  const covered = await ports.receipts.issuedForDonations(donations.map((donation) => donation.id))
  const out = []
  for (const [donorKey, group] of groups) {
    const { lines, block, registerNumber } = await coverable(ports, club, settings, group.donations, today)
    const receipts = new Map<string, { id: string; number: string }>()
    for (const donation of group.donations) {
      const receipt = covered.get(donation.id)
      if (receipt) receipts.set(receipt.id, { id: receipt.id, number: receipt.number })
    }
    out.push({ donorKey, donor: group.donor, donations: group.donations, lines, block, registerNumber, receipts })
  }
  return out.sort((a, b) => a.donor.name.localeCompare(b.donor.name, 'de'))
}

// ------------------------------------------------------------------------------------------ the donor's link

/** The donor's receipt link in the confirmation mail (a page of the app). */
export const receiptLink = (token: string): string => `/spendenbestaetigung/${encodeURIComponent(token)}`

/**
 * The receipt the donor asked for on the donation page, issued as the payment is confirmed when the club
 * may issue it now (decision 51): signed as the club's settings say, by nobody of the club in person. Null
 * when it may not (the club issues it later, or cannot: the donor's link says why).
 */
export const issueRequestedReceipt = async (
  ctx: Pick<OperationContext, 'ports' | 'now'>,
  donation: DonationRecord,
): Promise<ReceiptRecord | null> => {
  if (!donation.receiptAddress || transmitted(donation)) return null
  const club = await ctx.ports.clubs.get(donation.clubId)
  if (!club) return null
  const settings = await settingsOf(ctx.ports, club)
  const { lines, block, registerNumber } = await coverable(ctx.ports, club, settings, [donation], viennaDay(ctx.now))
  if (block) return null
  try {
    return await issue(ctx, club, settings, {
      kind: 'SINGLE',
      year: null,
      donor: donation.receiptAddress,
      lines,
      registerNumber,
      replacesId: null,
      issuedByName: null,
    })
  } catch (error) {
    // The donation counts more than its receipt: the club issues it from its list. A store's failure
    // is not caught: the payment's confirmation is then refused as a whole and comes again.
    if (error instanceof ReceiptRenderError) return null
    throw error
  }
}

/** The donation of a donor's link, or 404 (also for a donation without a receipt request). */
const donationOfLink = async (ports: Ports, token: string) => {
  const donation = await ports.donations.findByReceiptToken(token)
  if (!donation?.receiptAddress) throw notFound('Receipt link', token)
  return donation as DonationRecord & { receiptAddress: ReceiptAddressRecord }
}

/**
 * Where the donor's receipt stands: issued (the issued receipt that covers the donation, a single or the
 * donor's yearly one), pending (the club may still issue it, or must first enter its German data), or not
 * possible and why.
 */
const donorReceiptOf = async (ports: Ports, now: number, donation: DonationRecord) => {
  const receipt = (await ports.receipts.issuedForDonations([donation.id])).get(donation.id) ?? null
  if (receipt) return { state: 'ISSUED' as const, reason: null, receipt }
  if (transmitted(donation)) return { state: 'NOT_POSSIBLE' as const, reason: 'TRANSMITTED' as const, receipt }
  const club = await getClub(ports, donation.clubId)
  const { block } = await coverable(ports, club, await settingsOf(ports, club), [donation], viennaDay(now))
  if (block === null || block === 'NO_SETTINGS') return { state: 'PENDING' as const, reason: block, receipt }
  return { state: 'NOT_POSSIBLE' as const, reason: block, receipt }
}

export const receiptOperations = defineOperations({
  getDonorReceipt: {
    run: async ({ ports, now }, { params }) => {
      const donation = await donationOfLink(ports, params.receiptToken)
      const [club, campaign, { state, reason, receipt }] = await Promise.all([
        getClub(ports, donation.clubId),
        donation.campaignId === null ? null : ports.campaigns.get(donation.campaignId),
        donorReceiptOf(ports, now, donation),
      ])
      return json(200, {
        clubName: club.profile.name,
        campaignName: campaign?.name ?? null,
        day: donation.day,
        amountCents: receiptableCents(donation),
        donor: { ...donation.receiptAddress },
        country: receipt?.country ?? receiptCountryOf(club),
        state,
        reason,
        receipt: receipt ? { number: receipt.number, kind: receipt.kind, issuedOn: receipt.issuedOn } : null,
      })
    },
  },

  getDonorReceiptFile: {
    run: async ({ ports, now }, { params }) => {
      const donation = await donationOfLink(ports, params.receiptToken)
      const { receipt } = await donorReceiptOf(ports, now, donation)
      if (!receipt) throw notFound('Receipt of the donation', params.receiptToken)
      const bytes = await ports.fileBlobs.readBytes(receipt.file.path)
      if (!bytes) throw notFound('Receipt file', receipt.id)
      return json(200, {
        fileName: `spendenbestaetigung-${receipt.number}.pdf`,
        contentType: 'application/pdf',
        base64: toBase64(bytes),
        sha256: await sha256(bytes),
        duplicate: false,
      })
    },
  },

  getReceiptSettings: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params }) => {
      const club = await getClub(ctx.ports, params.clubId)
      return json(200, toSettings(await settingsOf(ctx.ports, club)))
    },
  },

  updateReceiptSettings: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params, body }) => {
      const club = await requireMoneyRight(ctx, params.clubId)
      const text = (field: string, value: string) => {
        const trimmed = value.trim().replace(/\s+/g, ' ')
        if (trimmed === '') throw invalidField(field, 'Must not be blank.', 'too_small')
        return trimmed
      }
      const settings: ReceiptSettingsRecord = {
        clubId: club.id,
        place: text('place', body.place),
        signerName: text('signerName', body.signerName),
        signerRole: text('signerRole', body.signerRole),
        germany: body.germany
          ? {
              purposes: text('germany.purposes', body.germany.purposes),
              exemption: {
                kind: body.germany.exemption.kind,
                taxOffice: text('germany.exemption.taxOffice', body.germany.exemption.taxOffice),
                taxNumber: text('germany.exemption.taxNumber', body.germany.exemption.taxNumber),
                issuedOn: body.germany.exemption.issuedOn,
                lastPeriod:
                  body.germany.exemption.kind === 'FREISTELLUNGSBESCHEID'
                    ? text('germany.exemption.lastPeriod', body.germany.exemption.lastPeriod ?? '')
                    : null,
              },
            }
          : null,
        updatedAt: isoInstant(ctx.now),
      }
      await ctx.ports.receipts.putSettings(settings)
      return json(200, toSettings(settings))
    },
  },

  issueDonationReceipt: {
    scope: async (ports, { params }) => {
      const donation = await ports.donations.get(params.donationId)
      if (!donation) throw notFound('Donation', params.donationId)
      return { clubId: donation.clubId }
    },
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      const donation = await ports.donations.get(params.donationId)
      if (!donation) throw notFound('Donation', params.donationId)
      const club = await requireMoneyRight(ctx, donation.clubId)
      if (body.replacesId !== null) {
        const replaced = await receiptOfClub(ports, club.id, body.replacesId)
        if (replaced.status !== 'WITHDRAWN' || !replaced.lines.some((line) => line.donationId === donation.id))
          throw invalidField('replacesId', 'Not a withdrawn receipt of this donation.', 'invalid')
      }
      if (transmitted(donation)) throw notPossible('TRANSMITTED')
      const settings = await settingsOf(ports, club)
      const { lines, block, registerNumber } = await coverable(ports, club, settings, [donation], viennaDay(now))
      if (block) throw notPossible(block)
      const receipt = await issue(ctx, club, settings, {
        kind: 'SINGLE',
        year: null,
        donor: trimmedAddress(body.donor),
        lines,
        registerNumber,
        replacesId: body.replacesId,
        issuedByName: auditPerson(requireCaller(ctx).user).name,
      })
      return json(201, toReceipt(receipt))
    },
  },

  getClubReceipts: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params, query }) => {
      await requireMoneyRight(ctx, params.clubId)
      const page = query.page ?? 0
      const size = query.size ?? 50
      const slice = await ctx.ports.receipts.page(params.clubId, {
        from: query.from ?? null,
        to: query.to ?? null,
        offset: page * size,
        limit: size,
      })
      return json(200, {
        items: slice.items.map(toReceipt),
        page,
        size,
        totalItems: slice.totalItems,
        totalPages: Math.ceil(slice.totalItems / size),
      })
    },
  },

  getReceiptFile: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params, query }) => {
      const { ports } = ctx
      const club = await requireMoneyRight(ctx, params.clubId)
      const receipt = await receiptOfClub(ports, club.id, params.receiptId)
      const duplicate = query.copy === 'duplicate'
      let bytes: Uint8Array | null
      if (duplicate) {
        const settings = await settingsOf(ports, club)
        const periods = periodsOf(await ports.tax.getStatus(club.id))
        const registerNumber =
          receipt.country === 'AT' ? (periodOn(periods, receipt.lines.at(-1)!.day)?.registerNumber ?? null) : null
        bytes = await ports.receiptRenderer.render(
          await documentOf(ports, club, settings, receipt, registerNumber, true),
        )
      } else {
        bytes = await ports.fileBlobs.readBytes(receipt.file.path)
        if (!bytes) throw notFound('Receipt file', receipt.id)
      }
      return json(200, {
        fileName: `spendenbestaetigung-${receipt.number}${duplicate ? '-duplikat' : ''}.pdf`,
        contentType: 'application/pdf',
        base64: toBase64(bytes),
        sha256: await sha256(bytes),
        duplicate,
      })
    },
  },

  withdrawReceipt: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      const club = await requireMoneyRight(ctx, params.clubId)
      const receipt = await receiptOfClub(ports, club.id, params.receiptId)
      if (receipt.status === 'WITHDRAWN') throw notPossible('WITHDRAWN')
      const reason = body.reason.trim()
      if (reason.length < 3) throw invalidField('reason', 'Must be at least 3 characters.', 'too_small')
      const withdrawn: ReceiptRecord = {
        ...receipt,
        status: 'WITHDRAWN',
        withdrawnAt: isoInstant(now),
        withdrawnByName: auditPerson(requireCaller(ctx).user).name,
        withdrawReason: reason,
      }
      await ports.receipts.withdraw(withdrawn)
      await recordAudit(ctx, {
        action: 'RECEIPT_WITHDRAWN',
        club,
        changes: [change('receipt.number', receipt.number, null), change('receipt.withdrawReason', null, reason)],
      })
      return json(200, toReceipt(withdrawn))
    },
  },

  getAnnualReceiptCandidates: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params }) => {
      const club = await requireMoneyRight(ctx, params.clubId)
      const today = viennaDay(ctx.now)
      const settings = await settingsOf(ctx.ports, club)
      const yearOver = params.year < Number(today.slice(0, 4))
      const candidates = await annualCandidates(ctx.ports, club, settings, params.year, today)
      return json(
        200,
        candidates.map((candidate): AnnualReceiptCandidate => ({
          donorKey: candidate.donorKey,
          donor: { ...candidate.donor },
          donationCount: candidate.donations.length,
          openCount: candidate.lines.length,
          openCents: candidate.lines.reduce((sum, line) => sum + line.amountCents, 0),
          receipts: [...candidate.receipts.values()],
          blockedReason: !yearOver ? 'YEAR_NOT_OVER' : candidate.block,
        })),
      )
    },
  },

  issueAnnualReceipt: {
    scope: async (ports, { params }) => ({ clubId: (await getClub(ports, params.clubId)).id }),
    run: async (ctx, { params, body }) => {
      const club = await requireMoneyRight(ctx, params.clubId)
      const today = viennaDay(ctx.now)
      if (params.year >= Number(today.slice(0, 4))) throw notPossible('YEAR_NOT_OVER')
      const settings = await settingsOf(ctx.ports, club)
      const candidate = (await annualCandidates(ctx.ports, club, settings, params.year, today)).find(
        (entry) => entry.donorKey === body.donorKey,
      )
      if (!candidate) throw notFound('Donor', body.donorKey)
      if (candidate.block) throw notPossible(candidate.block)
      const receipt = await issue(ctx, club, settings, {
        kind: 'ANNUAL',
        year: params.year,
        donor: candidate.donor,
        lines: candidate.lines,
        registerNumber: candidate.registerNumber,
        replacesId: null,
        issuedByName: auditPerson(requireCaller(ctx).user).name,
      })
      return json(201, toReceipt(receipt))
    },
  },
})
