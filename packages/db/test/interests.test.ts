import { describe, expect, it } from '@jest/globals';
import { addInterest, listInterests, removeInterest, replaceInterests } from '../src/index.js';
import { BACKENDS, insertUser, useBackend } from './backends.js';
import { T0 } from './clock.js';

describe.each(BACKENDS)('interests on %s', (kind) => {
  const backend = useBackend(kind);

  it('lists followed tokens sorted and follows each token once', async () => {
    const user = await insertUser(backend.db);
    await addInterest(backend.db, user, 'topic:zebra', T0);
    await addInterest(backend.db, user, 'person:Ada', T0);
    const items = await addInterest(backend.db, user, 'topic:zebra', T0);
    expect(items).toEqual({ items: ['person:Ada', 'topic:zebra'] });
    expect(await listInterests(backend.db, user)).toEqual(items);
  });

  it('sorts in byte order, uppercase before lowercase', async () => {
    const user = await insertUser(backend.db);
    const stored = await replaceInterests(backend.db, user, ['topic:b', 'topic:B', 'tc:a'], T0);
    expect(stored).toEqual({ items: ['tc:a', 'topic:B', 'topic:b'] });
  });

  it('unfollows a token and treats unfollowing an absent token as a no-op', async () => {
    const user = await insertUser(backend.db);
    await addInterest(backend.db, user, 'tc:1', T0);
    await addInterest(backend.db, user, 'tc:2', T0);
    expect(await removeInterest(backend.db, user, 'tc:1')).toEqual({ items: ['tc:2'] });
    expect(await removeInterest(backend.db, user, 'tc:absent')).toEqual({ items: ['tc:2'] });
  });

  it('replaces the whole set, collapsing repeats', async () => {
    const user = await insertUser(backend.db);
    await replaceInterests(backend.db, user, ['tc:old', 'topic:old'], T0);
    const stored = await replaceInterests(backend.db, user, ['topic:new', 'tc:new', 'tc:new'], T0);
    expect(stored).toEqual({ items: ['tc:new', 'topic:new'] });
    expect(await replaceInterests(backend.db, user, [], T0)).toEqual({ items: [] });
  });
});
