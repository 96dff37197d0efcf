/**
 * Invitations that were replaced (a newer invitation to the same address into the same club, or the same
 * one sent again) or withdrawn by the club are kept, so their link can say so (domain/invitations.ts).
 */
import type { Kysely } from 'kysely'

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('invitations')
    .addColumn('replaced_at', 'timestamptz')
    .addColumn('withdrawn_at', 'timestamptz')
    .execute()
}
