import { describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { BACKENDS, insertUser, useBackend } from './backends.js';

describe.each(BACKENDS)('driver behaviour on %s', (kind) => {
  const backend = useBackend(kind);

  it('reads int8 as a number when exact and as a bigint beyond 2^53', async () => {
    const { rows } = await sql<{ small: unknown; huge: unknown; counted: unknown }>`
      select 42::int8 as small, 9007199254740993::int8 as huge, count(*) as counted
      from (values (1), (2)) as v(x)`.execute(backend.db);
    expect(rows).toEqual([{ small: 42, huge: 9007199254740993n, counted: 2 }]);
  });

  it('reports affected rows of writes as a bigint', async () => {
    const user = await insertUser(backend.db);
    await backend.db
      .insertInto('interests')
      .values(['a', 'b', 'c'].map((token) => ({ user_id: user, token })))
      .execute();
    const result = await backend.db
      .updateTable('interests')
      .set({ token: sql`token || '!'` })
      .where('user_id', '=', user)
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(3n);
  });

  it('reads timestamptz as Date and jsonb as parsed JSON', async () => {
    const { rows } = await sql<{ at: unknown; doc: unknown }>`
      select '2026-03-10T12:00:00Z'::timestamptz as at, '{"a":[1,"x"]}'::jsonb as doc`.execute(
      backend.db,
    );
    expect(rows).toEqual([{ at: new Date('2026-03-10T12:00:00Z'), doc: { a: [1, 'x'] } }]);
  });

  it('commits a transaction and rolls back a failed one', async () => {
    const user = await insertUser(backend.db);
    await backend.db.transaction().execute(async (trx) => {
      await trx.insertInto('interests').values({ user_id: user, token: 'kept' }).execute();
    });
    const failing = backend.db.transaction().execute(async (trx) => {
      await trx.insertInto('interests').values({ user_id: user, token: 'dropped' }).execute();
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    const rows = await backend.db
      .selectFrom('interests')
      .select('token')
      .where('user_id', '=', user)
      .execute();
    expect(rows).toEqual([{ token: 'kept' }]);
  });

  it('never lets a query outside a transaction see its uncommitted writes', async () => {
    const user = await insertUser(backend.db);
    let releaseTransaction = () => {};
    const held = new Promise<void>((resolve) => {
      releaseTransaction = resolve;
    });
    let inserted = () => {};
    const didInsert = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = backend.db.transaction().execute(async (trx) => {
      await trx.insertInto('interests').values({ user_id: user, token: 'pending' }).execute();
      inserted();
      await held;
    });
    await didInsert;
    const outside = backend.db
      .selectFrom('interests')
      .select('token')
      .where('user_id', '=', user)
      .execute();
    // PostgreSQL answers from the last committed state at once; PGlite's one session
    // makes the query wait until the transaction has committed.
    const early = kind === 'postgres' ? await outside : undefined;
    releaseTransaction();
    await transaction;
    const seen = early ?? (await outside);
    expect(seen).toEqual(kind === 'postgres' ? [] : [{ token: 'pending' }]);
  });
});
