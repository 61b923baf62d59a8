import { describe, expect, it } from '@jest/globals';
import type { FavoriteKind } from '@podcast/contracts';
import { deleteFavorite, listFavorites, saveFavorite } from '../src/index.js';
import { BACKENDS, insertUser, useBackend } from './backends.js';
import { at } from './clock.js';

describe.each(BACKENDS)('favorites on %s', (kind) => {
  const backend = useBackend(kind);

  it('groups favorites by kind with their extra fields merged in, newest first', async () => {
    const user = await insertUser(backend.db);
    await saveFavorite(backend.db, user, { kind: 'episode', ref: 'ep-1' }, at(1));
    const insight = { text: 'A quote', episode_slug: 'ep-1', start_ms: 1200 };
    await saveFavorite(backend.db, user, { kind: 'insight', ref: 'ins-1', extra: insight }, at(2));
    await saveFavorite(backend.db, user, { kind: 'episode', ref: 'ep-2' }, at(3));
    await saveFavorite(backend.db, user, { kind: 'person', ref: 'person:ada' }, at(4));
    await saveFavorite(backend.db, user, { kind: 'topic', ref: 'topic:ai' }, at(5));
    expect(await listFavorites(backend.db, user)).toEqual({
      episodes: [{ ref: 'ep-2' }, { ref: 'ep-1' }],
      insights: [{ ref: 'ins-1', ...insight }],
      persons: [{ ref: 'person:ada' }],
      topics: [{ ref: 'topic:ai' }],
    });
  });

  it('saves the same kind and ref once, replacing its extra fields', async () => {
    const user = await insertUser(backend.db);
    const first = { kind: 'insight' as const, ref: 'ins-1', extra: { text: 'old', start_ms: 5 } };
    await saveFavorite(backend.db, user, first, at(1));
    const saved = await saveFavorite(backend.db, user, { ...first, extra: { text: 'new' } }, at(2));
    expect(saved).toEqual({ ref: 'ins-1', text: 'new' });
    expect((await listFavorites(backend.db, user)).insights).toEqual([
      { ref: 'ins-1', text: 'new' },
    ]);
  });

  it('lets the stored ref win over a ref inside the extra fields', async () => {
    const user = await insertUser(backend.db);
    const extra = { ref: 'spoofed', note: 'x' };
    await saveFavorite(backend.db, user, { kind: 'episode', ref: 'ep-1', extra }, at(1));
    expect((await listFavorites(backend.db, user)).episodes).toEqual([{ ref: 'ep-1', note: 'x' }]);
  });

  it('keeps an episode and a topic with the same ref apart', async () => {
    const user = await insertUser(backend.db);
    await saveFavorite(backend.db, user, { kind: 'episode', ref: 'same' }, at(1));
    await saveFavorite(backend.db, user, { kind: 'topic', ref: 'same' }, at(1));
    expect(await deleteFavorite(backend.db, user, 'topic', 'same')).toBe(true);
    const favorites = await listFavorites(backend.db, user);
    expect(favorites.episodes).toEqual([{ ref: 'same' }]);
    expect(favorites.topics).toEqual([]);
  });

  it('reports false when deleting a favorite that is not there', async () => {
    const user = await insertUser(backend.db);
    expect(await deleteFavorite(backend.db, user, 'episode', 'nothing')).toBe(false);
  });

  it('refuses a kind outside episode, insight, person and topic', async () => {
    const user = await insertUser(backend.db);
    const favorite = { kind: 'show' as FavoriteKind, ref: 'x' };
    await expect(saveFavorite(backend.db, user, favorite, at(1))).rejects.toThrow(
      /favorites_kind_check/,
    );
  });
});
