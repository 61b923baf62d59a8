import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EpisodeRecord, readTopicClusterIndex } from '@podcast/corpus';
import {
  addInboxEntries,
  addInterest,
  listOutboxOf,
  putPlayback,
  savePushSubscription,
  subscribe,
  tryLockSchedulerTick,
  withTransaction,
} from '@podcast/db';
import { type ContentNeed, INBOX_BOUND, readComms, tickAt } from '@podcast/notifications';
import request from 'supertest';
import { schedulerContentOf } from '../src/scheduler-content.js';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import { userWithComms } from './support/outbox-fixtures.js';

const DAILY_DIGEST = {
  types: { digest: { email: true, push: true }, daily_recap: { email: true } },
  digest_schedule: { cadence: 'daily' as const, hour: 8 },
};

describe('notification scheduler and inbox', () => {
  let t: TestApp;
  let newest: EpisodeRecord;
  let publishDay: string;
  const tick = (iso: string) =>
    tickAt(
      {
        db: t.ctx.db,
        content: schedulerContentOf(t.ctx.corpus, t.ctx.config.corpusDir, t.ctx.corpusIndex),
        logger: t.ctx.logger,
        now: t.ctx.now,
      },
      new Date(iso),
    );

  beforeAll(async () => {
    t = await buildTestApp();
    const snapshot = await t.ctx.corpus.get(t.ctx.config.corpusDir);
    newest = snapshot.episodes.find(
      (episode) => episode.publish_date !== null && episode.duration_seconds,
    ) as EpisodeRecord;
    // Publish dates are days: an episode counts from 00:00 UTC of its day, so the
    // daily digest of that day (window: the 24 hours before the slot) carries it.
    publishDay = (newest.publish_date as string).slice(0, 10);
  });
  afterAll(async () => {
    await t.close();
  });

  it('enqueues the digest at the local slot of users east and west of UTC, once per period', async () => {
    const utc = await userWithComms(t.ctx, 'tick-utc', DAILY_DIGEST);
    const tokyo = await userWithComms(t.ctx, 'tick-tokyo', {
      ...DAILY_DIGEST,
      timezone: 'Asia/Tokyo',
    });
    const angeles = await userWithComms(t.ctx, 'tick-la', {
      ...DAILY_DIGEST,
      timezone: 'America/Los_Angeles',
    });
    const emailOff = await userWithComms(t.ctx, 'tick-off', {
      digest_schedule: DAILY_DIGEST.digest_schedule,
    });
    for (const { user } of [utc, tokyo, angeles, emailOff]) {
      await subscribe(t.ctx.db, user.id, newest.feed_id, new Date());
    }
    // 08:00 local: UTC at 08:00Z, Tokyo 9 hours earlier, Los Angeles 8 hours later (winter) or 7 (summer).
    const ids = async (userId: string) =>
      (await listOutboxOf(t.ctx.db, userId)).map((row) => row.id);
    const first = await tick(`${publishDay}T08:00:00Z`);
    expect(first.ran).toBe(true);
    expect(await ids(utc.user.id)).toEqual([
      `dgst_${publishDay.replaceAll('-', '')}_${utc.user.id}`,
    ]);
    expect(await ids(tokyo.user.id)).toEqual([]);
    expect(await ids(emailOff.user.id)).toEqual([]);
    const again = await tick(`${publishDay}T08:40:00Z`);
    expect(again.enqueued).toBe(0);
    expect(again.planned).toBeGreaterThan(0);
    await tick(`${publishDay}T23:00:00Z`);
    expect(await ids(tokyo.user.id)).toHaveLength(1);
    for (const hour of ['15', '16']) {
      await tick(`${publishDay}T${hour}:00:00Z`);
    }
    expect(await ids(angeles.user.id)).toHaveLength(1);
    const [digest] = await listOutboxOf(t.ctx.db, utc.user.id);
    expect(JSON.stringify(digest?.envelope)).toContain(`/episodes/${newest.slug}`);
    // in_app is on by default: the user without email consent gets an inbox entry instead.
    const inbox = await request(t.app).get('/api/app/notifications');
    expect(inbox.status).toBe(200);
  });

  it('fills the digest of a user who follows only a topic cluster (tc:) with its episodes', async () => {
    const snapshot = await t.ctx.corpus.get(t.ctx.config.corpusDir);
    const clusters = await readTopicClusterIndex(snapshot);
    const clustered = snapshot.episodes.flatMap((episode) => {
      const topics = snapshot.graphOf(episode)?.topics ?? [];
      const found = topics
        .map((topic) => clusters.clusterOf(topic.id, episode.episode_id))
        .find((id) => id !== undefined);
      return found && episode.publish_date ? [{ episode, cluster: found }] : [];
    });
    const { episode, cluster } = clustered[0] as (typeof clustered)[number];
    expect(cluster).toMatch(/^tc:/);
    const day = (episode.publish_date as string).slice(0, 10);
    const { user } = await userWithComms(t.ctx, 'tick-cluster', {
      ...DAILY_DIGEST,
      digest_schedule: { cadence: 'daily', hour: 6 },
    });
    await addInterest(t.ctx.db, user.id, cluster, new Date());
    await tick(`${day}T06:00:00Z`);
    const [digest] = await listOutboxOf(t.ctx.db, user.id);
    expect(digest?.id).toBe(`dgst_${day.replaceAll('-', '')}_${user.id}`);
    expect(JSON.stringify(digest?.envelope)).toContain(`/episodes/${episode.slug}`);
    // The same user following nothing gets no digest: the cluster alone brought it.
    const { user: idle } = await userWithComms(t.ctx, 'tick-cluster-idle', {
      ...DAILY_DIGEST,
      digest_schedule: { cadence: 'daily', hour: 6 },
    });
    await tick(`${day}T06:00:00Z`);
    expect(await listOutboxOf(t.ctx.db, idle.id)).toEqual([]);
  });

  it('reads the corpus only in the replica that takes the tick lock', async () => {
    let reads = 0;
    const content = schedulerContentOf(t.ctx.corpus, t.ctx.config.corpusDir, t.ctx.corpusIndex);
    const counted = {
      db: t.ctx.db,
      content: {
        ready: content.ready,
        read: (need?: ContentNeed) => {
          reads += 1;
          return content.read(need);
        },
      },
      logger: t.ctx.logger,
      now: t.ctx.now,
    };
    // Another replica holds this hour's lock for as long as its transaction runs.
    const skipped = await withTransaction(t.ctx.db, async (trx) => {
      expect(await tryLockSchedulerTick(trx)).toBe(true);
      return tickAt(counted, new Date(`${publishDay}T10:00:00Z`));
    });
    expect(skipped.ran).toBe(false);
    expect(reads).toBe(0);
    const ran = await tickAt(counted, new Date(`${publishDay}T10:00:00Z`));
    expect(ran.ran).toBe(true);
    expect(reads).toBe(1);
  });

  it('waits for the corpus to be readable before it takes the tick lock', async () => {
    const content = schedulerContentOf(t.ctx.corpus, t.ctx.config.corpusDir, t.ctx.corpusIndex);
    let built = () => {};
    const building = new Promise<void>((resolve) => {
      built = resolve;
    });
    const tick = tickAt(
      {
        db: t.ctx.db,
        content: { ready: () => building.then(content.ready), read: content.read },
        logger: t.ctx.logger,
        now: t.ctx.now,
      },
      new Date(`${publishDay}T11:00:00Z`),
    );
    // While the build runs no transaction of the tick holds the lock: another replica takes it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await withTransaction(t.ctx.db, (trx) => tryLockSchedulerTick(trx))).toBe(true);
    built();
    expect((await tick).ran).toBe(true);
  });

  it('lets one of two concurrent ticks run and the other skip, and enqueues each id once', async () => {
    const { user } = await userWithComms(t.ctx, 'tick-race', {
      ...DAILY_DIGEST,
      digest_schedule: { cadence: 'daily', hour: 9 },
    });
    await subscribe(t.ctx.db, user.id, newest.feed_id, new Date());
    const results = await Promise.all([
      tick(`${publishDay}T09:00:00Z`),
      tick(`${publishDay}T09:00:00Z`),
    ]);
    expect(results.filter((result) => result.ran).length).toBeGreaterThanOrEqual(1);
    expect(results.reduce((sum, result) => sum + result.enqueued, 0)).toBe(
      results.find((r) => r.ran)?.planned,
    );
    expect(
      (await listOutboxOf(t.ctx.db, user.id)).filter((row) => row.id.startsWith('dgst_')),
    ).toHaveLength(1);
  });

  it('sends the daily recap only after an episode was finished in the local day, and nudges per subscription', async () => {
    const { user } = await userWithComms(t.ctx, 'tick-recap', {
      ...DAILY_DIGEST,
      daily_recap_schedule: { hour: 20 },
      digest_schedule: { cadence: 'daily', hour: 20 },
    });
    await subscribe(t.ctx.db, user.id, newest.feed_id, new Date());
    await savePushSubscription(
      t.ctx.db,
      user.id,
      'https://push.example.net/n1',
      { endpoint: 'https://push.example.net/n1', keys: { p256dh: 'k', auth: 'a' } },
      new Date(),
    );
    await tick(`${publishDay}T20:00:00Z`);
    const before = (await listOutboxOf(t.ctx.db, user.id)).map((row) => row.template).sort();
    expect(before).toEqual(['resurface-nudge.v1', 'your-week-digest.v1']);
    await putPlayback(
      t.ctx.db,
      user.id,
      newest.slug,
      (newest.duration_seconds as number) * 0.95,
      new Date(`${publishDay}T12:00:00Z`),
    );
    await tick(`${publishDay}T20:00:00Z`);
    const after = (await listOutboxOf(t.ctx.db, user.id)).map((row) => row.id);
    expect(after).toContain(`drcp_${publishDay.replaceAll('-', '')}_${user.id}`);
  });

  it('writes inbox entries when in_app is on (the default) and keeps the newest 100', async () => {
    const me = (await request(t.app).get('/api/app/me')).body.user_id as string;
    await subscribe(t.ctx.db, me, newest.feed_id, new Date());
    // Email stays off: only the inbox gets the daily digest.
    await request(t.app)
      .put('/api/app/comms')
      .send({ digest_schedule: { cadence: 'daily', hour: 8 } });
    await tick(`${publishDay}T08:00:00Z`);
    const list = await request(t.app).get('/api/app/notifications');
    expect(list.body.items).toEqual([
      expect.objectContaining({
        type: 'digest',
        read_at: null,
        deep_link: expect.stringMatching(/^\/episodes\//),
      }),
    ]);
    const filler = Array.from({ length: 105 }, (_, n) => ({
      user_id: me,
      key: `filler-${n}`,
      type: 'product',
      title: `Note ${n}`,
      text: null,
      deep_link: null,
    }));
    await addInboxEntries(t.ctx.db, filler, new Date(), INBOX_BOUND);
    const bounded = (await request(t.app).get('/api/app/notifications')).body;
    expect(bounded.items).toHaveLength(100);
    expect(bounded.items[0].title).toBe('Note 104');
    expect(bounded.items.at(-1).title).toBe('Note 5');
  });

  it('marks inbox entries read one by one or all at once', async () => {
    const list = await request(t.app).get('/api/app/notifications');
    expect(list.status).toBe(200);
    expect(list.body.items.length).toBeGreaterThan(0);
    const [first] = list.body.items;
    const one = await request(t.app).post(`/api/app/notifications/${first.id}/read`);
    expect(one.status).toBe(200);
    expect(one.body.unread).toBe(list.body.unread - 1);
    expect(one.body.items[0].read_at).not.toBeNull();
    expect((await request(t.app).post('/api/app/notifications/read-all')).body.unread).toBe(0);
    expect((await request(t.app).post('/api/app/notifications/999999/read')).status).toBe(404);
    const bad = await request(t.app).post('/api/app/notifications/abc/read');
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('params.id');
  });

  it('unsubscribes one email type by ref: GET changes nothing, POST is idempotent, unknown refs 404', async () => {
    const { user, record } = await userWithComms(t.ctx, 'unsub', DAILY_DIGEST);
    const url = `/api/app/comms/unsubscribe?ref=${record.unsubscribe_ref}&type=daily_recap`;
    const page = await request(t.app).get(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('<form method="post"');
    expect(await readComms(t.ctx.db, user.id)).toEqual(record);
    const oneClick = await request(t.app).post(url).type('form').send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    const after = await readComms(t.ctx.db, user.id);
    expect(after.types.daily_recap.email).toBe(false);
    expect(after.types.digest.email).toBe(true);
    expect((await request(t.app).post(url)).status).toBe(200);
    expect(await readComms(t.ctx.db, user.id)).toEqual(after);
    for (const method of ['get', 'post'] as const) {
      const unknown = await request(t.app)[method](
        '/api/app/comms/unsubscribe?ref=not-a-ref&type=digest',
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.detail).toBe('this unsubscribe link is not valid');
    }
    const badType = await request(t.app).get(
      `/api/app/comms/unsubscribe?ref=${record.unsubscribe_ref}&type=sms`,
    );
    expect(badType.status).toBe(400);
    expect(badType.body.errors[0].field).toBe('query.type');
  });
});
