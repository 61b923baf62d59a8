import { describe, expect, it } from '@jest/globals';
import {
  getPlayback,
  listPlayback,
  playbackKey,
  putPlayback,
  putPlaybackMany,
} from '../src/index.js';
import { BACKENDS, insertUser, useBackend } from './backends.js';
import { at } from './clock.js';

describe.each(BACKENDS)('playback on %s', (kind) => {
  const backend = useBackend(kind);

  it('answers 0 without updated_at for an episode never played', async () => {
    const user = await insertUser(backend.db);
    expect(await getPlayback(backend.db, user, 'ep-1')).toEqual({
      slug: 'ep-1',
      position_seconds: 0,
    });
  });

  it('returns the saved position with its update time', async () => {
    const user = await insertUser(backend.db);
    const saved = await putPlayback(backend.db, user, 'ep-1', 81.25, at(1));
    const expected = { slug: 'ep-1', position_seconds: 81.25, updated_at: at(1).toISOString() };
    expect(saved).toEqual(expected);
    expect(await getPlayback(backend.db, user, 'ep-1')).toEqual(expected);
  });

  it('overwrites the earlier position when saved again', async () => {
    const user = await insertUser(backend.db);
    await putPlayback(backend.db, user, 'ep-1', 100, at(1));
    await putPlayback(backend.db, user, 'ep-1', 40, at(2));
    expect(await getPlayback(backend.db, user, 'ep-1')).toMatchObject({ position_seconds: 40 });
    expect(await listPlayback(backend.db, user)).toHaveLength(1);
  });

  it('lists positions most recently updated first', async () => {
    const user = await insertUser(backend.db);
    await putPlayback(backend.db, user, 'ep-a', 1, at(1));
    await putPlayback(backend.db, user, 'ep-b', 2, at(3));
    await putPlayback(backend.db, user, 'ep-c', 3, at(2));
    await putPlayback(backend.db, user, 'ep-a', 4, at(4));
    const list = await listPlayback(backend.db, user);
    expect(list.map((item) => [item.slug, item.position_seconds])).toEqual([
      ['ep-a', 4],
      ['ep-b', 2],
      ['ep-c', 3],
    ]);
  });

  it('lists the same values and timestamps a save returned, ties ordered by slug', async () => {
    const user = await insertUser(backend.db);
    const when = new Date('2026-11-21T03:04:05.678Z');
    const b = await putPlayback(backend.db, user, 'ep-b', 12.5, when);
    const a = await putPlayback(backend.db, user, 'ep-a', 0, when);
    const late = await putPlayback(
      backend.db,
      user,
      'ep-z',
      3599.999,
      new Date('2026-11-22T00:00:00Z'),
    );
    expect(await listPlayback(backend.db, user)).toEqual([late, a, b]);
    expect(a.updated_at).toBe('2026-11-21T03:04:05.678Z');
  });

  it('keeps each user to their own positions', async () => {
    const alice = await insertUser(backend.db);
    const bob = await insertUser(backend.db);
    await putPlayback(backend.db, alice, 'ep-1', 10, at(1));
    expect(await getPlayback(backend.db, bob, 'ep-1')).toEqual({
      slug: 'ep-1',
      position_seconds: 0,
    });
    expect(await listPlayback(backend.db, bob)).toEqual([]);
  });

  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY])('refuses the position %p', async (value) => {
    const user = await insertUser(backend.db);
    await expect(putPlayback(backend.db, user, 'ep-1', value, at(1))).rejects.toThrow(
      /playback_positions_position_check/,
    );
  });

  it('never lets an older write overwrite a newer one', async () => {
    const user = await insertUser(backend.db);
    await putPlayback(backend.db, user, 'ep-1', 300, at(5));
    const stale = await putPlayback(backend.db, user, 'ep-1', 10, at(2));
    expect(stale).toEqual({ slug: 'ep-1', position_seconds: 300, updated_at: at(5).toISOString() });
    expect(await getPlayback(backend.db, user, 'ep-1')).toMatchObject({ position_seconds: 300 });
  });

  it('saves a batch in one statement: the newest write per episode wins, each key answered', async () => {
    const alice = await insertUser(backend.db);
    const bob = await insertUser(backend.db);
    await putPlayback(backend.db, bob, 'ep-2', 99, at(9));
    const saved = await putPlaybackMany(backend.db, [
      { userId: alice, slug: 'ep-1', positionSeconds: 5, at: at(1) },
      { userId: alice, slug: 'ep-1', positionSeconds: 7, at: at(3) },
      { userId: alice, slug: 'ep-1', positionSeconds: 6, at: at(2) },
      { userId: bob, slug: 'ep-1', positionSeconds: 1, at: at(1) },
      { userId: bob, slug: 'ep-2', positionSeconds: 2, at: at(2) },
    ]);
    expect(saved.size).toBe(3);
    expect(saved.get(playbackKey(alice, 'ep-1'))).toMatchObject({ position_seconds: 7 });
    expect(saved.get(playbackKey(bob, 'ep-1'))).toMatchObject({ position_seconds: 1 });
    expect(saved.get(playbackKey(bob, 'ep-2'))).toMatchObject({ position_seconds: 99 });
    expect((await listPlayback(backend.db, alice)).map((p) => p.position_seconds)).toEqual([7]);
  });

  it('refuses a whole batch holding a negative position, saving none of it', async () => {
    const user = await insertUser(backend.db);
    await expect(
      putPlaybackMany(backend.db, [
        { userId: user, slug: 'ep-1', positionSeconds: 5, at: at(1) },
        { userId: user, slug: 'ep-2', positionSeconds: -1, at: at(1) },
      ]),
    ).rejects.toThrow(/playback_positions_position_check/);
    expect(await listPlayback(backend.db, user)).toEqual([]);
  });
});
