import { describe, expect, it } from '@jest/globals';
import { issuePaths } from '../test/issue-paths.js';
import {
  CurrentUser,
  EpisodeStats,
  FavoriteSaveBody,
  Favorites,
  Interests,
  InterestToken,
  PlaybackList,
  PlaybackPut,
  QueuePut,
  UserStats,
} from './user-state.js';

function fortnight(): { date: string; count: number }[] {
  return Array.from({ length: 14 }, (_, i) => ({
    date: `2026-11-${String(i + 7).padStart(2, '0')}`,
    count: i % 3,
  }));
}

describe('playback', () => {
  it('accepts saved positions with and without updated_at', () => {
    const items = [
      { slug: 'p01-a4bbb5dde3', position_seconds: 312.5, updated_at: '2026-11-20T08:00:00Z' },
      { slug: 'p01-b000000000', position_seconds: 0 },
    ];
    expect(PlaybackList.parse({ items })).toEqual({ items });
  });

  it.each([[-1], ['12'], [null]])('refuses a PUT with position_seconds %j', (value) => {
    expect(issuePaths(PlaybackPut.safeParse({ position_seconds: value }))).toEqual([
      'position_seconds',
    ]);
  });
});

describe('QueuePut', () => {
  it('accepts an ordered list of distinct slugs', () => {
    expect(QueuePut.parse({ items: ['b-1', 'a-2'] })).toEqual({ items: ['b-1', 'a-2'] });
  });

  it('refuses a slug queued twice, naming the repeat', () => {
    expect(issuePaths(QueuePut.safeParse({ items: ['a-1', 'b-2', 'a-1'] }))).toEqual(['items.2']);
  });

  it('refuses an empty slug', () => {
    expect(issuePaths(QueuePut.safeParse({ items: [''] }))).toEqual(['items.0']);
  });
});

describe('favorites', () => {
  it('accepts favorites grouped by kind', () => {
    const favorites = {
      episodes: [{ ref: 'p01-a4bbb5dde3', saved_at: '2026-11-20T08:00:00Z' }],
      insights: [
        {
          ref: 'insight:9f00',
          text: 'Rain gardens cut flooding.',
          episode_slug: 'p01-a4bbb5dde3',
          podcast_title: 'Field Notes',
          start_ms: 61_000,
        },
      ],
      persons: [{ ref: 'person:maya', label: 'Maya Ortiz' }],
      topics: [],
    };
    expect(Favorites.parse(favorites)).toEqual(favorites);
  });

  it.each([
    ['an unknown kind', { kind: 'show', ref: 'p01' }, 'kind'],
    ['an empty ref', { kind: 'episode', ref: '' }, 'ref'],
    ['a ref over 512 characters', { kind: 'topic', ref: `topic:${'x'.repeat(507)}` }, 'ref'],
    [
      'a negative start_ms',
      { kind: 'insight', ref: 'insight:9f00', text: 't', start_ms: -1 },
      'start_ms',
    ],
  ])('refuses a save body with %s', (_case, body, field) => {
    expect(issuePaths(FavoriteSaveBody.safeParse(body))).toEqual([field]);
  });

  it('accepts an insight save with its optional extras', () => {
    const body = {
      kind: 'insight',
      ref: 'insight:9f00',
      text: 'Rain gardens cut flooding.',
      episode_slug: 'p01-a4bbb5dde3',
      start_ms: 61_000,
    };
    expect(FavoriteSaveBody.parse(body)).toEqual(body);
  });
});

describe('interests', () => {
  it.each(['tc:risk', 'topic:drainage', 'person:maya'])('accepts the token %s', (token) => {
    expect(InterestToken.safeParse(token).success).toBe(true);
  });

  it.each([
    ['without a prefix', 'drainage'],
    ['with an org: prefix', 'org:city-water'],
    ['with nothing after the prefix', 'topic:'],
    ['over 200 characters', `topic:${'x'.repeat(200)}`],
  ])('refuses a token %s', (_case, token) => {
    expect(InterestToken.safeParse(token).success).toBe(false);
  });

  it('names the bad token inside a set', () => {
    expect(issuePaths(Interests.safeParse({ items: ['topic:a', 'drainage'] }))).toEqual([
      'items.1',
    ]);
  });
});

describe('user and stats', () => {
  it('accepts a user whose name is unknown', () => {
    expect(
      CurrentUser.safeParse({
        user_id: 'u_5f2c0d9a7b1e4c3d2a1b0f9e',
        email: 'maya@example.org',
        name: null,
      }).success,
    ).toBe(true);
  });

  it('accepts user stats with a 14-day sparkline and refuses a 13-day one', () => {
    const stats = {
      episodes: 4,
      shows: 2,
      listening_seconds: 5400,
      active_days: 3,
      day_streak: 2,
      daily: fortnight(),
    };
    expect(UserStats.safeParse(stats).success).toBe(true);
    expect(issuePaths(UserStats.safeParse({ ...stats, daily: fortnight().slice(1) }))).toEqual([
      'daily',
    ]);
  });

  it('accepts episode stats and refuses a negative count', () => {
    const stats = {
      slug: 'p01-a4bbb5dde3',
      listeners: 2,
      opens: 5,
      insights: 7,
      daily: fortnight(),
    };
    expect(EpisodeStats.safeParse(stats).success).toBe(true);
    expect(issuePaths(EpisodeStats.safeParse({ ...stats, opens: -1 }))).toEqual(['opens']);
  });
});
