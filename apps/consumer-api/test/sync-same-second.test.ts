import { describe, expect, it } from '@jest/globals';
import { takeSyncStamp } from '@podcast/db';
import type { SyncUser } from './support/sync-fixture.js';
import { useSyncFixture } from './support/sync-fixture.js';

// Kasts (src/sync/syncjob.cpp, updateDBTimestamp) stores the `timestamp` of
// every answer plus one and sends that as its next `since`, "to avoid
// fetching our own previously sent updates". A change another device makes
// in the same second must still reach it, and a client that sends the
// timestamp as it is must still get nothing twice.

const suite = useSyncFixture('same-second');

function play(episode: number, device: string) {
  return {
    podcast: 'https://same.example/feed.xml',
    episode: `https://same.example/${episode}.mp3`,
    device,
    action: 'play',
    started: 0,
    position: 10 + episode,
    total: 600,
    timestamp: new Date().toISOString().slice(0, 19),
  };
}

/** Several uploads in a burst: stamps taken faster than once a second run ahead of the clock. */
async function burst(u: SyncUser, device: string, count: number) {
  for (let i = 0; i < count; i += 1) {
    await suite.as(u).post(`/api/2/episodes/${u.username}.json`, [play(100 + i, device)]);
  }
}

describe('Kasts, which asks for `since = timestamp + 1`', () => {
  it("gets an action another device uploads in the second after Kasts' own upload", async () => {
    const u = await suite.f.user('kasts-actions');
    const api = suite.as(u);
    const episodes = (since: number) =>
      api.get(`/api/2/episodes/${u.username}.json?since=${since}&aggregated=${since === 0}`);
    await burst(u, 'phone', 3);
    let kastsSince = (await episodes(0)).body.timestamp + 1;
    const own = await api.post(`/api/2/episodes/${u.username}.json`, [play(1, 'kasts')]);
    kastsSince = own.body.timestamp + 1;
    const other = await api.post(`/api/2/episodes/${u.username}.json`, [play(2, 'phone')]);
    expect(other.status).toBe(200);
    const pulled = await episodes(kastsSince);
    expect(pulled.body.actions.map((a: { episode: string }) => a.episode)).toEqual([
      'https://same.example/2.mp3',
    ]);
    // The stamps stay near the clock: Kasts takes an answer far ahead of it for more to fetch.
    expect(pulled.body.timestamp).toBeLessThan(Date.now() / 1000 + 60);
    // A client that sends the timestamp as it is gets nothing twice.
    const plain = await api.get(
      `/api/2/episodes/${u.username}.json?since=${pulled.body.timestamp}`,
    );
    expect(plain.body.actions).toEqual([]);
    const kasts = await episodes(pulled.body.timestamp + 1);
    expect(kasts.body.actions).toEqual([]);
  });

  it('gets a subscription another device adds right after Kasts pulled the list', async () => {
    const u = await suite.f.user('kasts-feeds');
    const api = suite.as(u);
    const subs = (since: number) =>
      api.get(`/api/2/subscriptions/${u.username}/kasts.json?since=${since}`);
    await api.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['https://a.example/rss'],
    });
    await api.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['https://b.example/rss'],
    });
    const first = await subs(0);
    expect(first.body.add.sort()).toEqual(['https://a.example/rss', 'https://b.example/rss']);
    await api.post(`/api/2/subscriptions/${u.username}/phone.json`, {
      add: ['https://c.example/rss'],
      remove: ['https://a.example/rss'],
    });
    const next = await subs(first.body.timestamp + 1);
    expect(next.body).toEqual({
      add: ['https://c.example/rss'],
      remove: ['https://a.example/rss'],
      timestamp: expect.any(Number),
    });
    const again = await subs(next.body.timestamp);
    expect(again.body).toEqual({ add: [], remove: [], timestamp: next.body.timestamp });
  });

  it('gets a change that was still being written while it pulled', async () => {
    const u = await suite.f.user('kasts-in-flight');
    const api = suite.as(u);
    const subs = (since: number) =>
      api.get(`/api/2/subscriptions/${u.username}/kasts.json?since=${since}`);
    const [show] = suite.shows;
    expect((await subs(0)).body.add).toEqual([]);
    // A web-app change (a stamp no answer carried yet), then a writer that holds its stamp.
    expect((await api.web('post', `/api/app/library/${show?.feedId}`)).status).toBe(201);
    const writer = await suite.f.t.ctx.db.startTransaction().execute();
    const stamp = await takeSyncStamp(writer, u.userId);
    await writer
      .insertInto('sync_subscriptions')
      .values({ user_id: u.userId, url: 'https://in-flight.example/rss', subscribed: true, stamp })
      .execute();
    let answered = false;
    const pulling = subs(0).then((res) => {
      answered = true;
      return res;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const answeredBeforeCommit = answered;
    await writer.commit().execute();
    const pulled = await pulling;
    // The pull waited for the writer, and its answer covers the change.
    expect(answeredBeforeCommit).toBe(false);
    expect(pulled.body.add.sort()).toEqual([show?.url, 'https://in-flight.example/rss'].sort());
    expect(pulled.body.timestamp).toBe(stamp);
    // And a writer that starts after an answer takes a stamp Kasts' next `since` is below.
    const later = await suite.f.t.ctx.db.transaction().execute(async (trx) => {
      const taken = await takeSyncStamp(trx, u.userId);
      await trx
        .insertInto('sync_subscriptions')
        .values({
          user_id: u.userId,
          url: 'https://later.example/rss',
          subscribed: true,
          stamp: taken,
        })
        .execute();
      return taken;
    });
    expect(later).toBeGreaterThan(pulled.body.timestamp + 1);
    expect((await subs(pulled.body.timestamp + 1)).body.add).toEqual(['https://later.example/rss']);
  });
});
