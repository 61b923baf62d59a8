import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  type ColumnDataType,
  type ColumnDefinitionBuilder,
  type Expression,
  type Kysely,
  type MigratorProps,
  PostgresAdapter,
  type RawBuilder,
  type SqlBool,
  sql,
} from 'kysely';

/*
 * Where SQLite and PostgreSQL differ for the corpus index, and nowhere
 * else: column types, how a write transaction starts and ends, where
 * the migration table lives, the name of the substring test and how a
 * list of values is bound. The queries themselves (upserts with
 * `on conflict`, `returning`, `limit/offset`, `in` and correlated
 * subqueries, `coalesce`, `case`, `group by`, `cast`) are written once in
 * SQL both engines share. Records are stored as
 * JSON text and parsed in JS; SQLite's `json_each` only unpacks a bound list,
 * and `jsonFlag` reads one boolean of a record for a count. The catalogs
 * that hold an index's definition differ too.
 */

export type IndexDialect = 'sqlite' | 'postgres';

/** A column type as `addColumn` takes it. */
type DataTypeExpression = ColumnDataType | Expression<unknown>;

/** The PostgreSQL schema that holds the index, so it can share a database and be dropped whole. */
export const PG_SCHEMA = 'corpus_index';

export function dialectOf(db: Kysely<unknown>): IndexDialect {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

export interface ColumnTypes {
  integer: DataTypeExpression;
  float: DataTypeExpression;
  /** Text compares bytewise, as SQLite's BINARY collation: ties and orders match to the byte. */
  text: DataTypeExpression;
  /** The row id column: assigned by the engine, so only the writer assigns ids. */
  id(col: ColumnDefinitionBuilder): ColumnDefinitionBuilder;
}

const SQLITE_TYPES: ColumnTypes = {
  integer: 'integer',
  float: 'real',
  text: 'text',
  id: (col) => col.primaryKey().autoIncrement(),
};

/**
 * SQLite's integer and real are 64-bit, so PostgreSQL gets bigint and double
 * precision (its `real` is 32-bit and would round confidences and mtimes).
 * Its text sorts by the database's locale unless told otherwise; "C" is
 * bytewise over UTF-8, which is SQLite's order.
 */
const POSTGRES_TYPES: ColumnTypes = {
  integer: 'bigint',
  float: 'double precision',
  text: sql`text collate "C"`,
  id: (col) => col.generatedByDefaultAsIdentity().primaryKey(),
};

export function columnTypesOf(db: Kysely<unknown>): ColumnTypes {
  return dialectOf(db) === 'postgres' ? POSTGRES_TYPES : SQLITE_TYPES;
}

/**
 * True where the text column `column` holds `needle`: a plain substring
 * test on code points, which is JS's `includes` for well-formed strings
 * (no case folding or collation: fold both sides in JS first).
 * SQLite calls it `instr`, PostgreSQL `strpos`.
 */
export function containsText<DB>(
  db: Kysely<DB>,
  column: string,
  needle: string,
): RawBuilder<SqlBool> {
  const position = dialectOf(db as Kysely<unknown>) === 'postgres' ? sql`strpos` : sql`instr`;
  return sql<SqlBool>`${position}(${sql.ref(column)}, ${needle}) > 0`;
}

/**
 * True where the text column `column` is one of `values`, bound as one
 * parameter whatever their number (either engine bounds the parameters of
 * a statement): a JSON array read by `json_each` on SQLite, a text array on
 * PostgreSQL. A null column is in no list.
 */
export function isOneOf<DB>(
  db: Kysely<DB>,
  column: string,
  values: readonly string[],
): RawBuilder<SqlBool> {
  return dialectOf(db as Kysely<unknown>) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} = any(${[...values]})`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * 1 where the JSON text column `column` holds `true` under its top-level
 * `key`, else 0: a flag of a stored record read without parsing it in JS.
 * SQLite's `json_extract` gives JSON true as 1; PostgreSQL's `->>` as 'true'.
 */
export function jsonFlag<DB>(db: Kysely<DB>, column: string, key: string): RawBuilder<number> {
  return dialectOf(db as Kysely<unknown>) === 'postgres'
    ? sql<number>`case when (${sql.ref(column)}::json ->> ${sql.lit(key)}) = 'true' then 1 else 0 end`
    : sql<number>`case when json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)}) = 1 then 1 else 0 end`;
}

/**
 * The string or number under the top-level `key` of the JSON text column
 * `column` (null when absent or JSON null): a few fields of a stored record
 * read without parsing all of it in JS.
 */
export function jsonField<DB, T extends string | number>(
  db: Kysely<DB>,
  column: string,
  key: string,
  type: T extends string ? 'text' : 'number',
): RawBuilder<T | null> {
  if (dialectOf(db as Kysely<unknown>) === 'sqlite') {
    return sql<T | null>`json_extract(${sql.ref(column)}, ${sql.lit(`$.${key}`)})`;
  }
  const text = sql`(${sql.ref(column)}::json ->> ${sql.lit(key)})`;
  return type === 'text' ? sql<T | null>`${text}` : sql<T | null>`${text}::double precision`;
}

/** The Migrator's table on PostgreSQL is put in the index's schema, not the search path's guess. */
export function migratorOptionsOf(
  db: Kysely<unknown>,
): Pick<MigratorProps, 'migrationTableSchema'> {
  return dialectOf(db) === 'postgres' ? { migrationTableSchema: PG_SCHEMA } : {};
}

/** The index_meta key a PostgreSQL writer changes in every write transaction. */
export const GENERATION_KEY = 'generation';

/**
 * Runs `work` in one write transaction. On SQLite it is `BEGIN IMMEDIATE`:
 * the write lock is taken at the start, so a reader's snapshot never
 * blocks the writer half way (a deferred transaction that reads first can
 * fail to upgrade with SQLITE_BUSY). On PostgreSQL the one writer is
 * guaranteed by the advisory lock, so a plain `BEGIN` will do; it also
 * writes a new generation, which readers poll in place of SQLite's
 * `data_version`.
 */
export async function inWriteTransaction<T, DB>(
  db: Kysely<DB>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  const isPostgres = dialectOf(db as Kysely<unknown>) === 'postgres';
  const result = await db.connection().execute(async (conn) => {
    await (isPostgres ? sql`begin` : sql`begin immediate`).execute(conn);
    try {
      const value = await work(conn);
      if (isPostgres) {
        await sql`insert into index_meta (key, value) values (${GENERATION_KEY}, ${randomUUID()})
          on conflict (key) do update set value = excluded.value`.execute(conn);
      }
      await sql`commit`.execute(conn);
      return value;
    } catch (err) {
      // SQLite has already rolled back after some failures (a full disk): the first error is the one to tell.
      await sql`rollback`.execute(conn).catch(() => undefined);
      throw err;
    }
  });
  // better-sqlite3 is synchronous: give the event loop a turn between transactions.
  await nextTurn();
  return result;
}

/** The `create index` statements of those of `names` that exist, as each engine's catalog keeps them. */
export async function indexDefinitionsOf<DB>(
  db: Kysely<DB>,
  names: readonly string[],
): Promise<string[]> {
  const { rows } =
    dialectOf(db as Kysely<unknown>) === 'postgres'
      ? await sql<{ definition: string }>`select indexdef as definition from pg_indexes
          where schemaname = ${PG_SCHEMA} and indexname in (${sql.join(names)})
          order by indexname`.execute(db)
      : await sql<{ definition: string }>`select sql as definition from sqlite_master
          where type = 'index' and name in (${sql.join(names)}) order by name`.execute(db);
  return rows.map((row) => row.definition);
}
