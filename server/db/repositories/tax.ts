/**
 * The tables of the annual transmission (migration 0012): `club_tax` (a club's tax data and its donor
 * counter), `tax_donors`, `tax_consents`, and `tax_transmissions` with `tax_transmission_parts`, which
 * keeps each file's `messageRefId` unique per club and finds its transmission when the protocol comes.
 */
import { sql } from 'kysely'
import { DuplicateKeyError } from '#domain/ports.ts'
import type { TaxRepository } from '#domain/ports.ts'
import type {
  BpkState,
  ClubTaxRecord,
  TaxConsentRecord,
  TaxConsentScopeRecord,
  TaxDonorRecord,
  TaxTransmissionRecord,
  TransmissionModeRecord,
} from '#domain/records.ts'
import type { TransmissionCategory } from '#domain/tax-transmission.ts'
import type { Trx } from '#server/db/database.ts'
import type { NewRow, Row } from '#server/db/schema.ts'
import { json, rethrowDuplicate } from './rows.ts'

/** A row of `club_tax` with tax data: one the counter made alone (`updated_at` null) has none. */
const toStatus = (row: Row<'club_tax'>, updatedAt: string): ClubTaxRecord => ({
  clubId: row.club_id,
  taxNumber: row.tax_number,
  lastReportOn: row.last_report_on,
  entries: row.entries,
  updatedAt,
})

const toDonor = (row: Row<'tax_donors'>): TaxDonorRecord => ({
  id: row.id,
  clubId: row.club_id,
  number: row.number,
  refNr: row.ref_nr,
  firstName: row.first_name,
  lastName: row.last_name,
  birthDate: row.birth_date,
  matchKey: row.match_key,
  bpkState: row.bpk_state as BpkState,
  vbpk: row.vbpk,
  bpkMessage: row.bpk_message,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
})

export const taxDonorRow = (donor: TaxDonorRecord): NewRow<'tax_donors'> => ({
  id: donor.id,
  club_id: donor.clubId,
  number: donor.number,
  ref_nr: donor.refNr,
  first_name: donor.firstName,
  last_name: donor.lastName,
  birth_date: donor.birthDate,
  match_key: donor.matchKey,
  bpk_state: donor.bpkState,
  vbpk: donor.vbpk,
  bpk_message: donor.bpkMessage,
  created_at: donor.createdAt,
  updated_at: donor.updatedAt,
})

const toConsent = (row: Row<'tax_consents'>): TaxConsentRecord => ({
  id: row.id,
  clubId: row.club_id,
  donorId: row.donor_id,
  email: row.email,
  scope: row.scope as TaxConsentScopeRecord,
  text: row.text,
  givenAt: row.given_at,
  withdrawnAt: row.withdrawn_at,
})

export const taxConsentRow = (consent: TaxConsentRecord): NewRow<'tax_consents'> => ({
  id: consent.id,
  club_id: consent.clubId,
  donor_id: consent.donorId,
  email: consent.email,
  scope: consent.scope,
  text: consent.text,
  given_at: consent.givenAt,
  withdrawn_at: consent.withdrawnAt,
})

const toTransmission = (row: Row<'tax_transmissions'>): TaxTransmissionRecord => ({
  id: row.id,
  clubId: row.club_id,
  year: row.year,
  mode: row.mode as TransmissionModeRecord,
  category: row.category as TransmissionCategory,
  taxNumber: row.tax_number,
  // bigint: read as a number (database.ts).
  createdAt: Number(row.created_at),
  createdByName: row.created_by_name,
  parts: row.parts,
})

const partRows = (transmission: TaxTransmissionRecord): Array<NewRow<'tax_transmission_parts'>> =>
  transmission.parts.map((part) => ({
    club_id: transmission.clubId,
    message_ref_id: part.messageRefId,
    transmission_id: transmission.id,
  }))

/** The columns of the status that putStatus writes: never the counter. */
const statusColumns = (record: ClubTaxRecord) => ({
  tax_number: record.taxNumber,
  last_report_on: record.lastReportOn,
  entries: json(record.entries),
  updated_at: record.updatedAt,
})

/** The seed's rows of `club_tax`: the status, and the counter after the seed's donors. */
export const clubTaxRow = (record: ClubTaxRecord, nextDonorNumber: number): NewRow<'club_tax'> => ({
  club_id: record.clubId,
  ...statusColumns(record),
  next_donor_number: nextDonorNumber,
})

export const taxRepository = (trx: Trx): TaxRepository => {
  const onDuplicate = rethrowDuplicate({ tax_donors_match_key: 'tax-donor-match' })
  const donor = async (column: 'id' | 'ref_nr' | 'number' | 'match_key', value: string | number, clubId?: string) => {
    let query = trx.selectFrom('tax_donors').selectAll().where(column, '=', value)
    if (clubId !== undefined) query = query.where('club_id', '=', clubId)
    const row = await query.executeTakeFirst()
    return row ? toDonor(row) : null
  }
  return {
    getStatus: async (clubId) => {
      const row = await trx.selectFrom('club_tax').selectAll().where('club_id', '=', clubId).executeTakeFirst()
      return row?.updated_at ? toStatus(row, row.updated_at) : null
    },
    putStatus: async (record) => {
      await trx
        .insertInto('club_tax')
        .values({ club_id: record.clubId, ...statusColumns(record) })
        .onConflict((conflict) => conflict.column('club_id').doUpdateSet(statusColumns(record)))
        .execute()
    },
    // One statement: the row is inserted (first donor: 1) or its counter incremented, under the row's lock,
    // so a concurrent transaction waits and gets the next number (on a PostgreSQL server under SERIALIZABLE
    // it fails with a serialization conflict instead, and database.ts runs it again). A rollback leaves a gap.
    nextDonorNumber: async (clubId) => {
      const row = await trx
        .insertInto('club_tax')
        .values({ club_id: clubId, entries: json([]), next_donor_number: 2, updated_at: null })
        .onConflict((conflict) =>
          conflict.column('club_id').doUpdateSet({ next_donor_number: sql`club_tax.next_donor_number + 1` }),
        )
        .returning(sql<number>`next_donor_number - 1`.as('number'))
        .executeTakeFirstOrThrow()
      return Number(row.number)
    },
    getDonor: async (id) => donor('id', id),
    getDonors: async (ids) => {
      if (ids.length === 0) return new Map()
      const rows = await trx
        .selectFrom('tax_donors')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute()
      return new Map(rows.map((row) => [row.id, toDonor(row)]))
    },
    findDonorByRefNr: async (clubId, refNr) => donor('ref_nr', refNr, clubId),
    findDonorByNumber: async (clubId, number) => donor('number', number, clubId),
    findDonorByMatchKey: async (clubId, matchKey) => donor('match_key', matchKey, clubId),
    // ON CONFLICT on the match key: a donor of the same name and birth date (two first donations at once)
    // is the domain's error, and the transaction stays usable for it to look that donor up. A concurrent
    // insert waits for the other transaction first; one committed after this snapshot is a serialization
    // failure on a PostgreSQL server, which database.ts retries.
    insertDonor: async (record) => {
      const inserted = await trx
        .insertInto('tax_donors')
        .values(taxDonorRow(record))
        .onConflict((conflict) => conflict.columns(['club_id', 'match_key']).doNothing())
        .returning('id')
        .executeTakeFirst()
        .catch(onDuplicate)
      if (!inserted) throw new DuplicateKeyError('tax-donor-match')
    },
    updateDonor: async (record) => {
      const { id: _id, club_id: _club, created_at: _created, ...changes } = taxDonorRow(record)
      await trx.updateTable('tax_donors').set(changes).where('id', '=', record.id).execute().catch(onDuplicate)
    },
    getConsent: async (id) => {
      const row = await trx.selectFrom('tax_consents').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toConsent(row) : null
    },
    // The first entry of the partial index `tax_consents_standing`.
    findStandingConsent: async (clubId, email) => {
      const row = await trx
        .selectFrom('tax_consents')
        .selectAll()
        .where('club_id', '=', clubId)
        .where('email', '=', email)
        .where('scope', '=', 'UNTIL_WITHDRAWN')
        .where('withdrawn_at', 'is', null)
        .orderBy('given_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst()
      return row ? toConsent(row) : null
    },
    insertConsent: async (consent) => {
      await trx.insertInto('tax_consents').values(taxConsentRow(consent)).execute()
    },
    updateConsent: async (consent) => {
      const { id: _id, club_id: _club, ...changes } = taxConsentRow(consent)
      await trx.updateTable('tax_consents').set(changes).where('id', '=', consent.id).execute()
    },
    getTransmission: async (id) => {
      const row = await trx.selectFrom('tax_transmissions').selectAll().where('id', '=', id).executeTakeFirst()
      return row ? toTransmission(row) : null
    },
    listTransmissions: async (clubId, year) =>
      (
        await trx
          .selectFrom('tax_transmissions')
          .selectAll()
          .where('club_id', '=', clubId)
          .where('year', '=', year)
          .orderBy('created_at')
          .orderBy('id')
          .execute()
      ).map(toTransmission),
    lastTransmittedYear: async (clubId) => {
      const row = await trx
        .selectFrom('tax_transmissions')
        .select(sql<number | null>`max(year)`.as('year'))
        .where('club_id', '=', clubId)
        .where('mode', '=', 'PRODUCTION')
        .executeTakeFirst()
      return row?.year ?? null
    },
    findTransmissionByMessageRefId: async (clubId, messageRefId) => {
      const row = await trx
        .selectFrom('tax_transmission_parts')
        .innerJoin('tax_transmissions', 'tax_transmissions.id', 'tax_transmission_parts.transmission_id')
        .selectAll('tax_transmissions')
        .where('tax_transmission_parts.club_id', '=', clubId)
        .where('tax_transmission_parts.message_ref_id', '=', messageRefId)
        .executeTakeFirst()
      return row ? toTransmission(row) : null
    },
    insertTransmission: async (transmission) => {
      await trx
        .insertInto('tax_transmissions')
        .values({
          id: transmission.id,
          club_id: transmission.clubId,
          year: transmission.year,
          mode: transmission.mode,
          category: transmission.category,
          tax_number: transmission.taxNumber,
          created_at: transmission.createdAt,
          created_by_name: transmission.createdByName,
          parts: json(transmission.parts),
        })
        .execute()
      if (transmission.parts.length > 0)
        await trx.insertInto('tax_transmission_parts').values(partRows(transmission)).execute()
    },
    // Only the parts: their protocols change, the rest never does. The parts' ids are written again in case
    // they changed (they do not: the files are written once).
    updateTransmission: async (transmission) => {
      const updated = await trx
        .updateTable('tax_transmissions')
        .set({ parts: json(transmission.parts) })
        .where('id', '=', transmission.id)
        .returning('club_id')
        .executeTakeFirst()
      if (!updated) return
      await trx.deleteFrom('tax_transmission_parts').where('transmission_id', '=', transmission.id).execute()
      if (transmission.parts.length > 0)
        await trx
          .insertInto('tax_transmission_parts')
          .values(partRows({ ...transmission, clubId: updated.club_id }))
          .execute()
    },
    // The parts go with it (ON DELETE CASCADE).
    deleteTransmission: async (id) => {
      await trx.deleteFrom('tax_transmissions').where('id', '=', id).execute()
    },
  }
}
