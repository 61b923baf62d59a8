import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** Hands out one lease at a time, in request order. */
class Lease {
  #tail: Promise<void> = Promise.resolve();

  /** Resolves with the release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const granted = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => released);
    return granted;
  }
}

const WRITE_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

class PgliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const isWrite = result.command !== undefined && WRITE_COMMANDS.has(result.command);
    return {
      rows: result.rows,
      numAffectedRows: isWrite ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  /** PGlite has no server-side cursor over this API: the result is buffered, then chunked. */
  async *streamQuery<R>(
    compiledQuery: CompiledQuery,
    chunkSize = 100,
  ): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiledQuery);
    for (let start = 0; start < rows.length; start += chunkSize) {
      yield { rows: rows.slice(start, start + chunkSize) };
    }
  }
}

/**
 * PGlite is one PostgreSQL backend: one session, so one open transaction for the
 * whole process. The driver therefore has a single connection and leases it to
 * one caller at a time; a transaction keeps its lease from BEGIN to COMMIT or
 * ROLLBACK, and every other query waits. Consequence: inside
 * `db.transaction().execute(trx => …)` use `trx`, never the outer `db`, or the
 * outer query waits for a lease the transaction will never give back.
 */
class PgliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #connection: PgliteConnection;
  readonly #lease = new Lease();
  #release: (() => void) | undefined;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PgliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#lease.acquire();
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = undefined;
    release?.();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    const parts = ['begin'];
    if (settings.isolationLevel) {
      parts.push(`isolation level ${settings.isolationLevel}`);
    }
    if (settings.accessMode) {
      parts.push(settings.accessMode);
    }
    await connection.executeQuery(CompiledQuery.raw(parts.join(' ')));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (!this.#pglite.closed) {
      await this.#pglite.close();
    }
  }
}

/**
 * Kysely dialect over an in-process PGlite instance (kysely 0.28 ships none).
 * The dialect owns the instance: destroying the Kysely closes it.
 */
export class PgliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createDriver(): Driver {
    return new PgliteDriver(this.#pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
