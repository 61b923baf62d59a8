import { expect, it } from '@jest/globals';
import { MAX_PUSH_SUBSCRIPTIONS } from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import { listOutboxOf, subscribe } from '@podcast/db';
import { tickAt } from '@podcast/notifications';
import { schedulerContentOf } from '../src/scheduler-content.js';
import { describeInBothModes } from './support/both-modes.js';

const hook = (n: number, query = '') => ({
  endpoint: `https://victim.example/hook/${n}${query}`,
  keys: { p256dh: 'BNc', auth: 'tBH' },
});

// One user once registered 3,000 endpoints on a third party's host, and one
// scheduler tick queued a push to each.
describeInBothModes('push subscriptions per user', (fixture) => {
  it('keeps the newest 20 and deduplicates on origin plus path, so a tick pushes at most 20', async () => {
    const { testApp, snapshot, userId } = fixture();
    const newest = snapshot.episodes.find(
      (episode) => episode.publish_date !== null && episode.duration_seconds,
    ) as EpisodeRecord;
    const publishDay = (newest.publish_date as string).slice(0, 10);
    await subscribe(testApp.ctx.db, userId, newest.feed_id, new Date());
    const comms = await fixture()
      .as('put', '/api/app/comms')
      .send({
        types: { digest: { push: true } },
        digest_schedule: { cadence: 'daily', hour: 8 },
      });
    expect(comms.status).toBe(200);

    const counts: number[] = [];
    for (let n = 0; n < 45; n++) {
      const res = await fixture().as('post', '/api/app/push/subscribe').send(hook(n));
      expect(res.status).toBe(200);
      counts.push(res.body.subscriptions);
    }
    expect(Math.max(...counts)).toBe(MAX_PUSH_SUBSCRIPTIONS);
    for (const query of ['?a=1', '?a=2', '#x']) {
      const again = await fixture().as('post', '/api/app/push/subscribe').send(hook(44, query));
      expect(again.body.subscriptions).toBe(MAX_PUSH_SUBSCRIPTIONS);
    }

    await tickAt(
      {
        db: testApp.ctx.db,
        content: schedulerContentOf(
          testApp.ctx.corpus,
          testApp.ctx.config.corpusDir,
          testApp.ctx.corpusIndex,
        ),
        logger: testApp.ctx.logger,
        now: testApp.ctx.now,
      },
      new Date(`${publishDay}T08:00:00Z`),
    );
    const pushed = (await listOutboxOf(testApp.ctx.db, userId))
      .filter((row) => row.channel === 'push')
      .map((row) => row.envelope.recipient as { push_subscription: { endpoint: string } })
      .map((recipient) => recipient.push_subscription.endpoint)
      .sort();
    const kept = Array.from({ length: 19 }, (_, n) => hook(n + 25).endpoint);
    expect(pushed).toEqual([...kept, hook(44, '#x').endpoint].sort());
  });

  it('removes a subscription named by an endpoint that differs from the stored one only in its query', async () => {
    await fixture().as('post', '/api/app/push/subscribe').send(hook(90, '?v=1'));
    const removed = await fixture()
      .as('post', '/api/app/push/unsubscribe')
      .send({ endpoint: hook(90, '?v=2').endpoint });
    expect(removed.status).toBe(200);
    expect(removed.body.removed).toBe(true);
  });
});
