import { expect, it } from '@jest/globals';
import { MAX_FAVORITES, MAX_INTERESTS, MAX_LIBRARY_FEEDS } from '@podcast/contracts';
import type { FeedRecord } from '@podcast/corpus';
import { listInterests, replaceInterests, subscribeMany } from '@podcast/db';
import { describeInBothModes } from './support/both-modes.js';
import { someSlugs, subscribableFeeds } from './support/corpus-facts.js';

/** Each cap of a contract holds on every write path, under racing requests. */
describeInBothModes('per-user caps', (fixture) => {
  const ctx = () => fixture().testApp.ctx;
  const count = async (table: 'interests' | 'favorites' | 'library_subscriptions') =>
    Number(
      (
        await ctx()
          .db.selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('user_id', '=', fixture().userId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it(`lets racing follows reach ${MAX_INTERESTS} interests and no further`, async () => {
    const seeded = Array.from({ length: MAX_INTERESTS - 1 }, (_, i) => `topic:seed-${i}`);
    await replaceInterests(ctx().db, fixture().userId, seeded, new Date());
    const follows = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        fixture().as('post', `/api/app/interests/${encodeURIComponent(`topic:race-${i}`)}`),
      ),
    );
    expect(follows.filter((res) => res.status === 200)).toHaveLength(1);
    const refused = follows.filter((res) => res.status === 409);
    expect(refused).toHaveLength(11);
    expect(refused[0]?.body.detail).toMatch(/at most 500/);
    expect(await count('interests')).toBe(MAX_INTERESTS);
    // The full set still reads back (a 501st row used to break every interests request).
    expect((await fixture().as('get', '/api/app/interests')).status).toBe(200);
    // Following one already followed is still fine at the cap.
    expect((await fixture().as('post', '/api/app/interests/topic%3Aseed-0')).status).toBe(200);
    await fixture().as('put', '/api/app/interests').send({ items: [] });
    expect((await listInterests(ctx().db, fixture().userId)).items).toEqual([]);
  });

  it(`lets racing saves reach ${MAX_FAVORITES} favorites and no further`, async () => {
    const { db } = ctx();
    const userId = fixture().userId;
    await db.deleteFrom('favorites').where('user_id', '=', userId).execute();
    const rows = Array.from({ length: MAX_FAVORITES - 1 }, (_, i) => ({
      user_id: userId,
      kind: 'topic' as const,
      ref: `topic:seed-${i}`,
      extra: JSON.stringify({ label: 'seed' }),
      created_at: new Date(),
    }));
    for (let i = 0; i < rows.length; i += 1000) {
      await db
        .insertInto('favorites')
        .values(rows.slice(i, i + 1000))
        .execute();
    }
    const saves = await Promise.all(
      someSlugs(fixture().snapshot, 8).map((slug) =>
        fixture().as('put', '/api/app/favorites').send({ kind: 'episode', ref: slug }),
      ),
    );
    expect(saves.filter((res) => res.status === 200)).toHaveLength(1);
    expect(saves.filter((res) => res.status === 409)).toHaveLength(7);
    expect(await count('favorites')).toBe(MAX_FAVORITES);
    await db.deleteFrom('favorites').where('user_id', '=', userId).execute();
  });

  it(`keeps the library to ${MAX_LIBRARY_FEEDS} shows on subscribe and on OPML import`, async () => {
    const { db } = ctx();
    const userId = fixture().userId;
    await db.deleteFrom('library_subscriptions').where('user_id', '=', userId).execute();
    const filler = Array.from({ length: MAX_LIBRARY_FEEDS - 1 }, (_, i) => `sha256:filler-${i}`);
    await subscribeMany(db, userId, filler, new Date());
    const feeds = subscribableFeeds(fixture().snapshot, 3) as FeedRecord[];
    const racing = await Promise.all(
      feeds.map((feed) => fixture().as('post', '/api/app/library').send({ feed_id: feed.feed_id })),
    );
    expect(racing.filter((res) => res.status === 201)).toHaveLength(1);
    expect(racing.filter((res) => res.status === 409)).toHaveLength(feeds.length - 1);
    expect(await count('library_subscriptions')).toBe(MAX_LIBRARY_FEEDS);
    // An import that would pass the cap stores nothing: room for one show, the file names three.
    const won = racing.findIndex((res) => res.status === 201);
    await fixture().as(
      'delete',
      `/api/app/library/${encodeURIComponent(feeds[won]?.feed_id ?? '')}`,
    );
    expect(await count('library_subscriptions')).toBe(MAX_LIBRARY_FEEDS - 1);
    const opml = `<?xml version="1.0"?><opml version="2.0"><head/><body>${feeds
      .map((feed) => `<outline type="rss" text="x" xmlUrl="${feed.url}"/>`)
      .join('')}</body></opml>`;
    const imported = await fixture()
      .as('post', '/api/app/library/opml')
      .set('content-type', 'text/x-opml')
      .send(opml);
    expect(imported.status).toBe(409);
    expect(await count('library_subscriptions')).toBe(MAX_LIBRARY_FEEDS - 1);
    await db.deleteFrom('library_subscriptions').where('user_id', '=', userId).execute();
  });
});
