import { describe, expect, it } from '@jest/globals';
import { getQueue, replaceQueue } from '../src/index.js';
import { BACKENDS, insertUser, useBackend } from './backends.js';

describe.each(BACKENDS)('queue on %s', (kind) => {
  const backend = useBackend(kind);

  it('starts empty', async () => {
    const user = await insertUser(backend.db);
    expect(await getQueue(backend.db, user)).toEqual({ items: [] });
  });

  it('stores the slugs in the given order and replaces them wholesale', async () => {
    const user = await insertUser(backend.db);
    await replaceQueue(backend.db, user, ['c', 'a', 'b']);
    expect(await getQueue(backend.db, user)).toEqual({ items: ['c', 'a', 'b'] });
    await replaceQueue(backend.db, user, ['b', 'd']);
    expect(await getQueue(backend.db, user)).toEqual({ items: ['b', 'd'] });
  });

  it('keeps a repeated slug at its first place only', async () => {
    const user = await insertUser(backend.db);
    const stored = await replaceQueue(backend.db, user, ['a', 'b', 'a', 'c', 'b']);
    expect(stored).toEqual({ items: ['a', 'b', 'c'] });
    expect(await getQueue(backend.db, user)).toEqual(stored);
  });

  it('empties the queue when given no slugs', async () => {
    const user = await insertUser(backend.db);
    await replaceQueue(backend.db, user, ['a']);
    await replaceQueue(backend.db, user, []);
    expect(await getQueue(backend.db, user)).toEqual({ items: [] });
  });

  it('joins a transaction the caller opened and rolls back with it', async () => {
    const user = await insertUser(backend.db);
    await replaceQueue(backend.db, user, ['kept']);
    const failing = backend.db.transaction().execute(async (trx) => {
      await replaceQueue(trx, user, ['discarded']);
      expect(await getQueue(trx, user)).toEqual({ items: ['discarded'] });
      throw new Error('caller aborts');
    });
    await expect(failing).rejects.toThrow('caller aborts');
    expect(await getQueue(backend.db, user)).toEqual({ items: ['kept'] });
  });
});
