/**
 * The schema the migrations leave behind, as text a test can compare: columns (in their order: the seed
 * snapshot copies tables with `SELECT *`), indexes, constraints, triggers, functions, sequences and the
 * names of the migrations applied. Read from the catalogue, so two scripts that create the same schema
 * in different words dump the same; function bodies are compared verbatim.
 *
 * server/db/migrations/schema-snapshot.test.ts compares a fresh database with the fixture
 * server/db/migrations/schema-snapshot.json, written by `node scripts/codegen/schema-snapshot.ts`.
 */
import { sql } from 'kysely'
import type { QueryExecutorProvider, RawBuilder } from 'kysely'

export interface SchemaDump {
  readonly migrations: string[]
  readonly columns: string[]
  readonly indexes: string[]
  readonly constraints: string[]
  readonly triggers: string[]
  readonly functions: string[]
  readonly sequences: string[]
}

/** Kysely's own bookkeeping tables: not part of the portal's schema. */
const OWN = `table_name NOT LIKE 'kysely\\_%'`

const lines = async (db: QueryExecutorProvider, query: RawBuilder<{ line: string }>): Promise<string[]> =>
  (await query.execute(db)).rows.map((row) => row.line)

/** `db`: the database (any Kysely instance, whatever its table types). */
export const dumpSchema = async (db: QueryExecutorProvider): Promise<SchemaDump> => ({
  migrations: await lines(db, sql`SELECT name AS line FROM kysely_migration ORDER BY name`),
  columns: await lines(
    db,
    sql`
      SELECT concat_ws(' ', table_name || '.' || column_name, '#' || ordinal_position,
        CASE WHEN data_type = 'USER-DEFINED' THEN udt_name ELSE data_type END,
        CASE WHEN collation_name IS NOT NULL THEN 'COLLATE ' || collation_name END,
        CASE WHEN is_nullable = 'NO' THEN 'NOT NULL' END,
        CASE WHEN column_default IS NOT NULL THEN 'DEFAULT ' || column_default END,
        CASE WHEN is_identity = 'YES' THEN 'IDENTITY' END,
        CASE WHEN is_generated <> 'NEVER' THEN 'GENERATED ' || generation_expression END) AS line
      FROM information_schema.columns
      WHERE table_schema = 'public' AND ${sql.raw(OWN)}
      ORDER BY table_name, ordinal_position`,
  ),
  indexes: await lines(
    db,
    sql`
      SELECT indexdef AS line FROM pg_indexes
      WHERE schemaname = 'public' AND tablename NOT LIKE 'kysely\\_%'
      ORDER BY tablename, indexname`,
  ),
  constraints: await lines(
    db,
    sql`
      SELECT rel.relname || '.' || con.conname || ' ' || pg_get_constraintdef(con.oid) AS line
      FROM pg_constraint con
      JOIN pg_class rel ON rel.oid = con.conrelid
      JOIN pg_namespace ns ON ns.oid = rel.relnamespace
      WHERE ns.nspname = 'public' AND con.contype IN ('p', 'u', 'f', 'c', 'x')
        AND rel.relname NOT LIKE 'kysely\\_%'
      ORDER BY rel.relname, con.conname`,
  ),
  triggers: await lines(
    db,
    sql`
      SELECT pg_get_triggerdef(tg.oid) AS line
      FROM pg_trigger tg
      JOIN pg_class rel ON rel.oid = tg.tgrelid
      JOIN pg_namespace ns ON ns.oid = rel.relnamespace
      WHERE ns.nspname = 'public' AND NOT tg.tgisinternal
      ORDER BY rel.relname, tg.tgname`,
  ),
  functions: await lines(
    db,
    sql`
      SELECT pg_get_functiondef(p.oid) AS line
      FROM pg_proc p
      JOIN pg_namespace ns ON ns.oid = p.pronamespace
      WHERE ns.nspname = 'public'
      ORDER BY p.proname`,
  ),
  sequences: await lines(
    db,
    sql`
      SELECT concat_ws(' ', s.sequence_name, s.data_type, 'START ' || s.start_value, 'INCREMENT ' || s.increment,
        'OWNED BY ' || (
          SELECT tab.relname || '.' || att.attname
          FROM pg_depend dep
          JOIN pg_class tab ON tab.oid = dep.refobjid
          JOIN pg_attribute att ON att.attrelid = dep.refobjid AND att.attnum = dep.refobjsubid
          WHERE dep.objid = format('%I.%I', s.sequence_schema, s.sequence_name)::regclass AND dep.deptype = 'a'
        )) AS line
      FROM information_schema.sequences s
      WHERE s.sequence_schema = 'public'
      ORDER BY s.sequence_name`,
  ),
})
