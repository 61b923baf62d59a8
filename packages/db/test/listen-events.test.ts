import { describe, expect, it } from '@jest/globals';
import { appendListenEvent, episodeStats, putPlayback, userStats } from '../src/index.js';
import { BACKENDS, insertUser, useBackend } from './backends.js';

const NOW = new Date('2026-03-20T10:00:00.000Z');

/** 14 days ending on `lastDay`, oldest first, with the given counts and zeros elsewhere. */
function sparkline(lastDay: string, counts: Record<string, number>) {
  return Array.from({ length: 14 }, (_, index) => {
    const day = new Date(`${lastDay}T00:00:00.000Z`);
    day.setUTCDate(day.getUTCDate() - 13 + index);
    const date = day.toISOString().slice(0, 10);
    return { date, count: counts[date] ?? 0 };
  });
}

describe.each(BACKENDS)('listen events on %s', (kind) => {
  const backend = useBackend(kind);
  const listen = (user: string, slug: string, feed: string | null, iso: string) =>
    appendListenEvent(backend.db, user, slug, feed, new Date(iso));

  it('counts episodes, shows, days, streak and a zero-filled 14-day sparkline', async () => {
    const user = await insertUser(backend.db);
    await listen(user, 'ep-a', 'feed-1', '2026-03-20T08:00:00Z');
    await listen(user, 'ep-b', 'feed-1', '2026-03-20T09:30:00Z');
    await listen(user, 'ep-a', 'feed-1', '2026-03-19T22:00:00Z');
    await listen(user, 'ep-c', 'feed-2', '2026-03-18T01:00:00Z');
    await listen(user, 'ep-d', null, '2026-03-16T12:00:00Z');
    await listen(user, 'ep-e', 'feed-3', '2026-03-01T12:00:00Z');
    await listen(user, 'ep-future', 'feed-9', '2026-03-20T11:00:00Z');
    await putPlayback(backend.db, user, 'ep-a', 100.4, NOW);
    await putPlayback(backend.db, user, 'ep-b', 50.3, NOW);

    expect(await userStats(backend.db, user, NOW)).toEqual({
      episodes: 5,
      shows: 3,
      listening_seconds: 151,
      active_days: 5,
      day_streak: 3,
      daily: sparkline('2026-03-20', {
        '2026-03-20': 2,
        '2026-03-19': 1,
        '2026-03-18': 1,
        '2026-03-16': 1,
      }),
    });
  });

  it('keeps a streak that ended yesterday and drops one that ended earlier', async () => {
    const yesterday = await insertUser(backend.db);
    await listen(yesterday, 'ep-a', null, '2026-03-19T10:00:00Z');
    await listen(yesterday, 'ep-a', null, '2026-03-18T10:00:00Z');
    expect((await userStats(backend.db, yesterday, NOW)).day_streak).toBe(2);

    const lapsed = await insertUser(backend.db);
    await listen(lapsed, 'ep-a', null, '2026-03-18T10:00:00Z');
    expect((await userStats(backend.db, lapsed, NOW)).day_streak).toBe(0);
  });

  it('cuts days in the user time zone', async () => {
    const user = await insertUser(backend.db);
    // Los Angeles is UTC-7 here: NOW is 03:00 on the 20th, both early events fall on the 19th.
    await listen(user, 'ep-a', null, '2026-03-20T03:00:00Z');
    await listen(user, 'ep-b', null, '2026-03-19T12:00:00Z');
    await listen(user, 'ep-c', null, '2026-03-18T05:00:00Z');

    const utc = await userStats(backend.db, user, NOW, 'UTC');
    expect(utc).toMatchObject({ active_days: 3, day_streak: 3 });
    const local = await userStats(backend.db, user, NOW, 'America/Los_Angeles');
    expect(local).toMatchObject({
      active_days: 2,
      day_streak: 1,
      daily: sparkline('2026-03-20', { '2026-03-19': 2, '2026-03-17': 1 }),
    });
  });

  it('answers zeros for a user with no history', async () => {
    const user = await insertUser(backend.db);
    expect(await userStats(backend.db, user, NOW)).toEqual({
      episodes: 0,
      shows: 0,
      listening_seconds: 0,
      active_days: 0,
      day_streak: 0,
      daily: sparkline('2026-03-20', {}),
    });
  });

  it('aggregates an episode across users without naming them', async () => {
    const [alice, bob, carol] = [
      await insertUser(backend.db),
      await insertUser(backend.db),
      await insertUser(backend.db),
    ];
    await listen(alice, 'ep-shared', 'feed-1', '2026-03-20T01:00:00Z');
    await listen(alice, 'ep-shared', 'feed-1', '2026-03-12T01:00:00Z');
    await listen(bob, 'ep-shared', 'feed-1', '2026-03-20T02:00:00Z');
    await listen(carol, 'ep-shared', 'feed-1', '2026-02-01T02:00:00Z');
    await listen(carol, 'ep-other', 'feed-1', '2026-03-20T02:00:00Z');
    await listen(carol, 'ep-shared', 'feed-1', '2026-03-21T02:00:00Z');

    expect(await episodeStats(backend.db, 'ep-shared', NOW)).toEqual({
      slug: 'ep-shared',
      listeners: 3,
      opens: 4,
      daily: sparkline('2026-03-20', { '2026-03-20': 2, '2026-03-12': 1 }),
    });
  });

  it('answers zeros for an episode nobody opened', async () => {
    expect(await episodeStats(backend.db, 'ep-never', NOW)).toEqual({
      slug: 'ep-never',
      listeners: 0,
      opens: 0,
      daily: sparkline('2026-03-20', {}),
    });
  });
});
