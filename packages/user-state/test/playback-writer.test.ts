import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createDatabase, listPlayback, migrateToLatest, upsertUserFromProvider } from '@podcast/db';
import { createTestDatabase } from '@podcast/testing';
import { createPlaybackWriter } from '../src/playback-writer.js';

const T0 = Date.parse('2026-11-20T10:00:00Z');

describe('playback writer (group commit) on PostgreSQL', () => {
  let target: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let userId: string;

  beforeAll(async () => {
    target = await createTestDatabase();
    database = await createDatabase({ url: target.url });
    await migrateToLatest(database.db);
    const user = await upsertUserFromProvider(
      database.db,
      { provider: 'test', subject: 'writer', email: 'writer@example.com', name: 'w' },
      new Date(T0),
    );
    userId = user.id;
  });
  afterAll(async () => {
    await database.close();
    await target.close();
  });

  it('carries concurrent saves in fewer statements, each answered, the newest per episode kept', async () => {
    const writer = createPlaybackWriter(database.db);
    const saves = Array.from({ length: 60 }, (_, i) => ({
      userId,
      slug: `ep-${i % 6}`,
      positionSeconds: i,
      at: new Date(T0 + i * 1000),
    }));
    const answers = await Promise.all(saves.map((save) => writer.save(save)));
    const { writes, statements } = writer.stats();
    expect(writes).toBe(60);
    expect(statements).toBeLessThan(10);
    answers.forEach((answer, i) => {
      expect(answer.slug).toBe(`ep-${i % 6}`);
      // Never older than the write itself: a batch keeps the newest of each episode.
      expect(answer.position_seconds).toBeGreaterThanOrEqual(i);
    });
    const stored = await listPlayback(database.db, userId);
    expect(stored.map((p) => [p.slug, p.position_seconds])).toEqual(
      [59, 58, 57, 56, 55, 54].map((n) => [`ep-${n % 6}`, n]),
    );
  });

  it('fails only the caller whose row the database refuses', async () => {
    const writer = createPlaybackWriter(database.db);
    const at = new Date(T0 + 3_600_000);
    const results = await Promise.allSettled([
      writer.save({ userId, slug: 'ok-1', positionSeconds: 1, at }),
      writer.save({ userId, slug: 'bad', positionSeconds: -5, at }),
      writer.save({ userId, slug: 'ok-2', positionSeconds: 2, at }),
      writer.save({ userId, slug: 'ok-3', positionSeconds: 3, at }),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    const slugs = (await listPlayback(database.db, userId)).map((p) => p.slug);
    expect(slugs).toEqual(expect.arrayContaining(['ok-1', 'ok-2', 'ok-3']));
    expect(slugs).not.toContain('bad');
  });

  it('sends a lone save at once, in its own statement', async () => {
    const writer = createPlaybackWriter(database.db);
    const saved = await writer.save({
      userId,
      slug: 'alone',
      positionSeconds: 9,
      at: new Date(T0),
    });
    expect(saved).toEqual({
      slug: 'alone',
      position_seconds: 9,
      updated_at: new Date(T0).toISOString(),
    });
    expect(writer.stats()).toEqual({ writes: 1, statements: 1 });
  });
});
