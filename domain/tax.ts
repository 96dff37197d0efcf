/**
 * Donations that count for tax (docs/decisions/0048-tax-transmission.md): the club's entry on the BMF list
 * and its confirmation, the years of the annual transmission (Sonderausgaben-Datenübermittlung, § 18
 * Abs. 8 EStG) with each consenting donor's total, the bPK query and its answer, the transmission files
 * and the tax office's protocols, and the donor's view of their consent. The pure rules are in
 * tax-status.ts, tax-transmission.ts, tax-protocol.ts, bpk-query.ts and tax-donors.ts.
 */
import type { ClubTaxStatus } from '#openapi/generated/model/clubTaxStatus.ts'
import type { DeductibilityEntry } from '#openapi/generated/model/deductibilityEntry.ts'
import type { TaxConsent } from '#openapi/generated/model/taxConsent.ts'
import type { TaxDonorIdentity } from '#openapi/generated/model/taxDonorIdentity.ts'
import type { TaxNotice } from '#openapi/generated/model/taxNotice.ts'
import type { TaxTransmission } from '#openapi/generated/model/taxTransmission.ts'
import type { TaxYear } from '#openapi/generated/model/taxYear.ts'
import type { TaxYearSummary } from '#openapi/generated/model/taxYearSummary.ts'
import { checkBirthDateRange } from './club-checks.ts'
import { requireClubRight } from './club-rights.ts'
import { getClub, normalizeName } from './common.ts'
import { auditPerson, change, recordAudit } from './audit.ts'
import { bpkQueryCsv, readBpkAnswer } from './bpk-query.ts'
import type { BpkOutcome } from './bpk-query.ts'
import { defineOperations, json, noContent, requireCaller } from './operation.ts'
import type { OperationContext } from './operation.ts'
import type { Ports } from './ports.ts'
import { DuplicateKeyError } from './ports.ts'
import { invalidField, notFound, problem } from './problem.ts'
import { countedCents } from './records.ts'
import type {
  BpkState,
  ClubTaxRecord,
  DeductibilityEntryRecord,
  DeductibilityFieldsRecord,
  DonationRecord,
  TaxDonorRecord,
  TaxTransmissionRecord,
} from './records.ts'
import { taxDonorKey } from './tax-donors.ts'
import { acceptedState, awaitsProtocol, readProtocol } from './tax-protocol.ts'
import {
  FIRST_TRANSMISSION_YEAR,
  clubDeductibleOn,
  mayTransmitYear,
  periodsOf,
  taxNotices,
  yearlyTotals,
} from './tax-status.ts'
import {
  isValidVbpk,
  parseRegisterNumber,
  planTransmission,
  splitRecords,
  transmissionXml,
} from './tax-transmission.ts'
import type { TransmissionCategory, TransmissionPlan } from './tax-transmission.ts'
import { isoInstant, viennaDay } from './time.ts'
import { FieldErrors, normalizedText } from './validation.ts'

// ------------------------------------------------------------------------------------------ status

/** The category a year's file names: the confirmed entry that held last in the year. */
const categoryOfYear = (record: ClubTaxRecord | null, year: number): TransmissionCategory | null => {
  const first = `${year}-01-01`
  const last = `${year}-12-31`
  const holding = (record?.entries ?? [])
    .map((entry) => entry.confirmed)
    .filter((fields) => fields !== null)
    .filter((fields) => fields.validFrom <= last && (fields.revokedOn === null || fields.revokedOn > first))
    .sort((a, b) => (a.validFrom < b.validFrom ? -1 : 1))
  return holding.at(-1)?.category ?? null
}

const NOTICE_KINDS = {
  'report-due': 'REPORT_DUE',
  'report-overdue': 'REPORT_OVERDUE',
  'lapses-soon': 'LAPSES_SOON',
  lapsed: 'LAPSED',
  unconfirmed: 'UNCONFIRMED',
} as const

const toEntry = (entry: DeductibilityEntryRecord): DeductibilityEntry => ({
  id: entry.id,
  confirmed: entry.confirmed ? { ...entry.confirmed } : null,
  pending: entry.pending ? { ...entry.pending } : null,
  changedAt: entry.changedAt,
})

/** The last year the club reported: its last production transmission, or the year before its entered report. */
const lastReportedYear = async (ports: Ports, clubId: string, record: ClubTaxRecord | null): Promise<number | null> => {
  const transmitted = await ports.tax.lastTransmittedYear(clubId)
  const entered = record?.lastReportOn ? Number(record.lastReportOn.slice(0, 4)) - 1 : null
  return transmitted === null ? entered : entered === null ? transmitted : Math.max(transmitted, entered)
}

const toStatus = async (ctx: OperationContext, clubId: string): Promise<ClubTaxStatus> => {
  const record = await ctx.ports.tax.getStatus(clubId)
  const today = viennaDay(ctx.now)
  const notices = taxNotices(periodsOf(record), await lastReportedYear(ctx.ports, clubId, record), today)
  return {
    clubId,
    taxNumber: record?.taxNumber ?? null,
    lastReportOn: record?.lastReportOn ?? null,
    deductibleToday: clubDeductibleOn(record, today),
    entries: [...(record?.entries ?? [])].reverse().map(toEntry),
    notices: notices.map((notice): TaxNotice => ({
      kind: NOTICE_KINDS[notice.kind],
      year: 'year' in notice ? notice.year : null,
      on: 'dueBy' in notice ? notice.dueBy : 'on' in notice ? notice.on : null,
    })),
  }
}

const sameFields = (a: DeductibilityFieldsRecord | null, b: DeductibilityFieldsRecord | null): boolean =>
  a !== null &&
  b !== null &&
  a.registerNumber === b.registerNumber &&
  a.category === b.category &&
  a.validFrom === b.validFrom &&
  a.revokedOn === b.revokedOn

/** The entry as it will be once confirmed: the pending change, else what was confirmed. */
const latestFields = (entry: DeductibilityEntryRecord): DeductibilityFieldsRecord | null =>
  entry.pending ?? entry.confirmed

// ------------------------------------------------------------------------------------------ years

interface DonorYear {
  donor: TaxDonorRecord
  totalCents: number
  donationCount: number
}

interface YearState {
  record: ClubTaxRecord | null
  donors: DonorYear[]
  transmissions: TaxTransmissionRecord[]
  accepted: Map<string, number>
  rejected: Map<string, string>
  plan: TransmissionPlan
}

/**
 * Each consenting donor's total of the year from the donations their consent covers: made while the club
 * was deductible, paid minus refunds. Donors with nothing left are absent (an accepted total of theirs
 * becomes a cancellation).
 */
const donorTotals = async (
  ports: Ports,
  record: ClubTaxRecord | null,
  donations: readonly DonationRecord[],
  year: number,
): Promise<DonorYear[]> => {
  // Keyed by the donor's id here: the reference is looked up after.
  const totals = yearlyTotals(
    donations.map((donation) => ({
      refNr: donation.tax && !donation.tax.company ? donation.tax.donorId : null,
      company: donation.tax?.company === true,
      donatedOn: donation.day,
      netCents: countedCents(donation),
    })),
    periodsOf(record),
    year,
  )
  const donors = await ports.tax.getDonors(totals.map((total) => total.refNr))
  return totals
    .filter((total) => donors.has(total.refNr))
    .map((total) => ({
      donor: donors.get(total.refNr)!,
      totalCents: total.totalCents,
      donationCount: total.donationCount,
    }))
    .sort((a, b) => a.donor.number - b.donor.number)
}

const yearState = async (ports: Ports, clubId: string, year: number): Promise<YearState> => {
  const [record, donations, transmissions] = await Promise.all([
    ports.tax.getStatus(clubId),
    ports.donations.listWithTax(clubId, `${year}-01-01`, `${year}-12-31`),
    ports.tax.listTransmissions(clubId, year),
  ])
  const donors = await donorTotals(ports, record, donations, year)
  const { accepted, rejected } = acceptedState(transmissions)
  const plan = planTransmission(
    donors.map(({ donor, totalCents }) => ({
      refNr: donor.refNr,
      totalCents,
      vbpk: donor.bpkState === 'FOUND' ? donor.vbpk : null,
    })),
    [...accepted].map(([refNr, totalCents]) => ({ refNr, totalCents })),
  )
  return { record, donors, transmissions, accepted, rejected, plan }
}

const summaryOf = (year: number, today: string, state: YearState): TaxYearSummary => ({
  year,
  mayTransmit: mayTransmitYear(year, today),
  donorCount: state.donors.length,
  totalCents: state.donors.reduce((sum, donor) => sum + donor.totalCents, 0),
  open: state.plan.records.length,
  withoutVbpk: state.plan.withoutVbpk.length,
  rejected: state.rejected.size,
  transmitted: state.transmissions.some(
    (transmission) =>
      transmission.mode === 'PRODUCTION' &&
      transmission.parts.some((part) => part.protocol !== null && part.protocol.status !== 'NOK'),
  ),
})

const toTransmission = (transmission: TaxTransmissionRecord): TaxTransmission => {
  const counts = { E: 0, A: 0, S: 0 }
  for (const part of transmission.parts) for (const record of part.records) counts[record.type] += 1
  return {
    id: transmission.id,
    year: transmission.year,
    mode: transmission.mode,
    createdAt: isoInstant(transmission.createdAt),
    createdByName: transmission.createdByName,
    counts,
    files: transmission.parts.map((part) => ({
      part: part.part,
      messageRefId: part.messageRefId,
      recordCount: part.records.length,
      protocol: part.protocol
        ? { ...part.protocol, errors: part.protocol.errors.map((error) => ({ ...error })) }
        : null,
    })),
  }
}

const toIdentity = (donor: TaxDonorRecord): TaxDonorIdentity => ({
  refNr: donor.refNr,
  firstName: donor.firstName,
  lastName: donor.lastName,
  birthDate: donor.birthDate,
  bpkState: donor.bpkState,
  bpkMessage: donor.bpkMessage,
})

const parsedYear = (year: number, today: string): number => {
  if (year < FIRST_TRANSMISSION_YEAR || year > Number(today.slice(0, 4))) throw notFound('Tax year', String(year))
  return year
}

// ------------------------------------------------------------------------------------------ imports

const BPK_STATES: Readonly<Record<BpkOutcome['state'], BpkState>> = {
  found: 'FOUND',
  'no-match': 'NO_MATCH',
  ambiguous: 'AMBIGUOUS',
  error: 'ERROR',
}

const readOrRefuse = <T>(read: () => T): T => {
  try {
    return read()
  } catch (error) {
    if (error instanceof RangeError) throw invalidField('content', error.message, 'unreadable')
    throw error
  }
}

const clubScope = async (ports: Ports, clubId: string) => ({ clubId: (await getClub(ports, clubId)).id })

/**
 * The club must exist (administrators pass the access check without a scope) and a member needs the right
 * to manage its money: the treasurer's and the chair's club roles have it.
 */
const requireMoneyRight = async (ctx: OperationContext, clubId: string): Promise<void> => {
  await getClub(ctx.ports, clubId)
  await requireClubRight(ctx, clubId, 'money')
}

/** Who acts, by name, for what the club keeps (transmissions). */
const callerName = (ctx: OperationContext): string => auditPerson(requireCaller(ctx).user).name

const transmissionOfClub = async (
  ports: Ports,
  clubId: string,
  transmissionId: string,
): Promise<TaxTransmissionRecord> => {
  const transmission = await ports.tax.getTransmission(transmissionId)
  if (!transmission || transmission.clubId !== clubId) throw notFound('Transmission', transmissionId)
  return transmission
}

const fileNameOf = (transmission: TaxTransmissionRecord, part: number): string =>
  `uebermittlung-${transmission.year}-${transmission.mode === 'TEST' ? 'test' : 'produktion'}${
    transmission.parts.length > 1 ? `-teil-${part}` : ''
  }.xml`

export const taxOperations = defineOperations({
  getClubTaxStatus: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => json(200, await toStatus(ctx, (await getClub(ctx.ports, params.clubId)).id)),
  },

  updateClubTaxStatus: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const today = viennaDay(now)
      const errors = new FieldErrors()
      const registerNumber = parseRegisterNumber(body.registerNumber)
      if (registerNumber === null)
        errors.add('registerNumber', 'Two letters and a number, as "SO-1158".', 'invalid_register_number')
      if (body.revokedOn !== null && body.revokedOn <= body.validFrom)
        errors.add('revokedOn', 'The revocation comes after the day the entry was valid from.', 'before_valid_from')
      if (body.lastReportOn !== null && body.lastReportOn > today)
        errors.add('lastReportOn', 'The last report cannot lie in the future.', 'in_future')
      errors.throwIfAny()
      const fields: DeductibilityFieldsRecord = {
        registerNumber: registerNumber!,
        category: body.category,
        validFrom: body.validFrom,
        revokedOn: body.revokedOn,
      }
      const record = await ports.tax.getStatus(params.clubId)
      const entries = [...(record?.entries ?? [])]
      if (body.entryId === null) {
        const newest = entries.at(-1)
        if (newest && latestFields(newest)?.revokedOn === null)
          throw problem('invalid-transition', 'The newest entry still holds: change it instead of starting another.')
        entries.push({ id: ports.ids.id(), confirmed: null, pending: fields, changedAt: isoInstant(now) })
      } else {
        const at = entries.findIndex((entry) => entry.id === body.entryId)
        if (at === -1) throw notFound('Entry', body.entryId)
        const entry = entries[at]!
        const pending = sameFields(entry.confirmed, fields) ? null : fields
        if (!sameFields(entry.pending, pending) && !(entry.pending === null && pending === null))
          entries[at] = { ...entry, pending, changedAt: isoInstant(now) }
      }
      await ports.tax.putStatus({
        clubId: params.clubId,
        taxNumber: body.taxNumber,
        lastReportOn: body.lastReportOn,
        entries,
        updatedAt: isoInstant(now),
      })
      return json(200, await toStatus(ctx, params.clubId))
    },
  },

  confirmClubTaxEntry: {
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      const club = await getClub(ports, params.clubId)
      const record = await ports.tax.getStatus(club.id)
      const entries = [...(record?.entries ?? [])]
      const at = entries.findIndex((entry) => entry.id === body.entryId)
      if (!record || at === -1) throw notFound('Entry', body.entryId)
      const entry = entries[at]!
      if (!entry.pending) throw problem('invalid-transition', 'The entry has no change to confirm.')
      const before = entry.confirmed
      const after = entry.pending
      entries[at] = {
        ...entry,
        confirmed: { ...after, confirmedAt: isoInstant(now), confirmedByName: callerName(ctx) },
        pending: null,
        changedAt: isoInstant(now),
      }
      await ports.tax.putStatus({ ...record, entries, updatedAt: isoInstant(now) })
      await recordAudit(ctx, {
        action: 'TAX_STATUS_CONFIRMED',
        club,
        changes: [
          change('taxEntry.registerNumber', before?.registerNumber ?? null, after.registerNumber),
          change('taxEntry.category', before?.category ?? null, after.category),
          change('taxEntry.validFrom', before?.validFrom ?? null, after.validFrom),
          change('taxEntry.revokedOn', before?.revokedOn ?? null, after.revokedOn),
        ],
      })
      return json(200, await toStatus(ctx, club.id))
    },
  },

  getClubTaxYears: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const today = viennaDay(now)
      const current = Number(today.slice(0, 4))
      const donations = await ports.donations.listWithTax(params.clubId, `${FIRST_TRANSMISSION_YEAR}-01-01`, today)
      const withDonors = donations.filter((donation) => donation.tax && !donation.tax.company)
      const first = Math.min(current - 1, ...withDonors.map((donation) => Number(donation.day.slice(0, 4))))
      const years: TaxYearSummary[] = []
      for (let year = current; year >= Math.max(first, FIRST_TRANSMISSION_YEAR); year -= 1)
        years.push(summaryOf(year, today, await yearState(ports, params.clubId, year)))
      return json(200, years)
    },
  },

  getClubTaxYear: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const today = viennaDay(now)
      const year = parsedYear(params.year, today)
      const state = await yearState(ports, params.clubId, year)
      const next = new Map(state.plan.records.map((record) => [record.refNr, record.type]))
      // Donors cancelled (S) are no longer among the year's totals: listed from the accepted state.
      const listed = new Set(state.donors.map(({ donor }) => donor.refNr))
      const cancelled = [...state.accepted.keys()].filter((refNr) => !listed.has(refNr))
      const cancelledDonors = await Promise.all(
        cancelled.map((refNr) => ports.tax.findDonorByRefNr(params.clubId, refNr)),
      )
      const rows = [
        ...state.donors,
        ...cancelledDonors
          .filter((donor) => donor !== null)
          .map((donor) => ({ donor, totalCents: 0, donationCount: 0 })),
      ]
      const body: TaxYear = {
        summary: summaryOf(year, today, state),
        category: categoryOfYear(state.record, year),
        donors: rows.map(({ donor, totalCents, donationCount }) => ({
          ...toIdentity(donor),
          totalCents,
          donationCount,
          acceptedCents: state.accepted.get(donor.refNr) ?? null,
          next: next.get(donor.refNr) ?? null,
          rejection: state.rejected.get(donor.refNr) ?? null,
        })),
        tooLarge: state.plan.tooLarge,
        transmissions: [...state.transmissions].reverse().map(toTransmission),
      }
      return json(200, body)
    },
  },

  getBpkQuery: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const year = parsedYear(params.year, viennaDay(now))
      const state = await yearState(ports, params.clubId, year)
      const wanted = state.donors.filter(({ donor }) => donor.bpkState !== 'FOUND' || !isValidVbpk(donor.vbpk ?? ''))
      if (wanted.length === 0) throw problem('invalid-transition', `Every donor of ${year} has a vbPK.`)
      const content = bpkQueryCsv(
        wanted.map(({ donor }) => ({
          lineNumber: donor.number,
          lastName: donor.lastName,
          firstName: donor.firstName,
          dateOfBirth: donor.birthDate,
        })),
      )
      return json(200, { fileName: `bpk-abfrage-${year}.csv`, contentType: 'text/csv;charset=utf-8', content })
    },
  },

  importBpkAnswer: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const answer = readOrRefuse(() => readBpkAnswer(body.content))
      const result = {
        found: 0,
        noMatch: 0,
        ambiguous: 0,
        error: 0,
        unknown: 0,
        unreadable: answer.unreadable.length,
      }
      for (const outcome of answer.outcomes) {
        const donor = await ports.tax.findDonorByNumber(params.clubId, outcome.lineNumber)
        if (!donor) {
          result.unknown += 1
          continue
        }
        const state = BPK_STATES[outcome.state]
        if (state === 'FOUND') result.found += 1
        else if (state === 'NO_MATCH') result.noMatch += 1
        else if (state === 'AMBIGUOUS') result.ambiguous += 1
        else result.error += 1
        await ports.tax.updateDonor({
          ...donor,
          bpkState: state,
          vbpk: outcome.state === 'found' ? outcome.vbpk : null,
          bpkMessage: outcome.state === 'found' ? null : outcome.message,
          updatedAt: isoInstant(now),
        })
      }
      return json(200, result)
    },
  },

  updateTaxDonor: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const donor = await ports.tax.findDonorByRefNr(params.clubId, params.refNr)
      if (!donor) throw notFound('Donor', params.refNr)
      const errors = new FieldErrors()
      checkBirthDateRange(errors, 'birthDate', body.birthDate, viennaDay(now))
      errors.throwIfAny()
      const firstName = normalizedText('firstName', body.firstName, 1, normalizeName)
      const lastName = normalizedText('lastName', body.lastName, 1, normalizeName)
      const matchKey = taxDonorKey(firstName, lastName, body.birthDate)
      const other = await ports.tax.findDonorByMatchKey(params.clubId, matchKey)
      if (other && other.id !== donor.id)
        throw problem('invalid-transition', `Donor ${other.refNr} has this name and date of birth.`)
      const changed = matchKey !== donor.matchKey || firstName !== donor.firstName || lastName !== donor.lastName
      const updated: TaxDonorRecord = changed
        ? {
            ...donor,
            firstName,
            lastName,
            birthDate: body.birthDate,
            matchKey,
            bpkState: 'NONE',
            vbpk: null,
            bpkMessage: null,
            updatedAt: isoInstant(now),
          }
        : donor
      if (changed) {
        try {
          await ports.tax.updateDonor(updated)
        } catch (error) {
          if (error instanceof DuplicateKeyError)
            throw problem('invalid-transition', 'Another donor has this name and date of birth.')
          throw error
        }
      }
      return json(200, toIdentity(updated))
    },
  },

  createTaxTransmission: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const today = viennaDay(now)
      const year = parsedYear(params.year, today)
      if (!mayTransmitYear(year, today))
        throw problem('invalid-transition', `${year} can be transmitted from January ${year + 1} on.`)
      const state = await yearState(ports, params.clubId, year)
      if (body.mode === 'PRODUCTION' && state.transmissions.some(awaitsProtocol))
        throw problem(
          'invalid-transition',
          `A production transmission of ${year} awaits its protocol: import it, or discard the transmission if it was never uploaded.`,
        )
      if (state.plan.records.length === 0) throw problem('invalid-transition', `Nothing of ${year} is to be sent.`)
      const category = categoryOfYear(state.record, year)
      if (category === null) throw problem('invalid-transition', `The club was not deductible in ${year}.`)
      const id = ports.ids.id()
      const transmission: TaxTransmissionRecord = {
        id,
        clubId: params.clubId,
        year,
        mode: body.mode,
        category,
        taxNumber: state.record?.taxNumber ?? null,
        // Whole seconds: the files' Timestamp, written again from this record byte for byte.
        createdAt: Math.floor(now / 1000) * 1000,
        createdByName: callerName(ctx),
        parts: splitRecords(state.plan.records).map((records, index) => ({
          part: index + 1,
          // A UUID: unique per sender, 36 of [0-9a-f-] as the schema allows.
          messageRefId: ports.ids.id(),
          records,
          protocol: null,
        })),
      }
      await ports.tax.insertTransmission(transmission)
      return json(201, toTransmission(transmission))
    },
  },

  discardTaxTransmission: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      await requireMoneyRight(ctx, params.clubId)
      const transmission = await transmissionOfClub(ctx.ports, params.clubId, params.transmissionId)
      if (transmission.parts.some((part) => part.protocol !== null))
        throw problem('invalid-transition', 'A protocol was imported for this transmission: it was uploaded.')
      await ctx.ports.tax.deleteTransmission(transmission.id)
      return noContent()
    },
  },

  getTaxTransmissionFile: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params }) => {
      await requireMoneyRight(ctx, params.clubId)
      const transmission = await transmissionOfClub(ctx.ports, params.clubId, params.transmissionId)
      const part = transmission.parts.find((candidate) => candidate.part === params.part)
      if (!part) throw notFound('File', String(params.part))
      const content = transmissionXml({
        messageRefId: part.messageRefId,
        timestamp: new Date(transmission.createdAt),
        category: transmission.category,
        year: transmission.year,
        taxNumber: transmission.taxNumber,
        records: part.records,
      })
      return json(200, {
        fileName: fileNameOf(transmission, part.part),
        contentType: 'application/xml;charset=utf-8',
        content,
      })
    },
  },

  importTaxProtocol: {
    scope: (ports, { params }) => clubScope(ports, params.clubId),
    run: async (ctx, { params, body }) => {
      const { ports, now } = ctx
      await requireMoneyRight(ctx, params.clubId)
      const read = readOrRefuse(() => readProtocol(body.content))
      const transmission = await ports.tax.findTransmissionByMessageRefId(params.clubId, read.messageRefId)
      if (!transmission)
        throw invalidField(
          'content',
          `The protocol is for the file ${read.messageRefId}, which is none of the club's.`,
          'unknown_message',
        )
      const protocol = { status: read.status, importedAt: isoInstant(now), errors: read.errors }
      const part = transmission.parts.find((candidate) => candidate.messageRefId === read.messageRefId)!
      if (part.protocol) {
        const same =
          part.protocol.status === protocol.status &&
          JSON.stringify(part.protocol.errors) === JSON.stringify(protocol.errors)
        if (!same) throw problem('invalid-transition', 'The file has another protocol already.')
        return json(200, toTransmission(transmission))
      }
      const updated: TaxTransmissionRecord = {
        ...transmission,
        parts: transmission.parts.map((candidate) => (candidate === part ? { ...part, protocol } : candidate)),
      }
      await ports.tax.updateTransmission(updated)
      if (transmission.mode === 'PRODUCTION' && read.status !== 'NOK') {
        const record = await ports.tax.getStatus(params.clubId)
        const today = viennaDay(now)
        if (record && (record.lastReportOn === null || record.lastReportOn < today))
          await ports.tax.putStatus({ ...record, lastReportOn: today, updatedAt: isoInstant(now) })
      }
      return json(200, toTransmission(updated))
    },
  },

  getTaxConsent: {
    run: async (ctx, { params }) => json(200, await consentView(ctx.ports, params.consentId)),
  },

  withdrawTaxConsent: {
    run: async (ctx, { params }) => {
      const { ports, now } = ctx
      const consent = await ports.tax.getConsent(params.consentId)
      if (!consent) throw notFound('Consent', params.consentId)
      if (consent.withdrawnAt === null) await ports.tax.updateConsent({ ...consent, withdrawnAt: isoInstant(now) })
      return json(200, await consentView(ports, params.consentId))
    },
  },
})

const consentView = async (ports: Ports, consentId: string): Promise<TaxConsent> => {
  const consent = await ports.tax.getConsent(consentId)
  if (!consent) throw notFound('Consent', consentId)
  const [donor, club] = await Promise.all([ports.tax.getDonor(consent.donorId), ports.clubs.get(consent.clubId)])
  return {
    clubName: club?.profile.name ?? '',
    firstName: donor?.firstName ?? '',
    lastName: donor?.lastName ?? '',
    scope: consent.scope,
    text: consent.text,
    givenAt: consent.givenAt,
    withdrawnAt: consent.withdrawnAt,
  }
}
