import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { episodeContentsOf, readTopicClusterIndex } from '@podcast/corpus';
import {
  addInterest,
  listInbox,
  listOutboxOf,
  putPlayback,
  savePushSubscription,
  subscribe,
} from '@podcast/db';
import { type ContentNeed, type CorpusContent, tickAt } from '@podcast/notifications';
import { schedulerContentOf } from '../src/scheduler-content.js';
import { buildTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { userWithComms } from './support/outbox-fixtures.js';

/**
 * Every kind of slot at one UTC hour: digest (email and push), its nudge,
 * the recap, and recommendations on the 1st. Each user has an hour of
 * their own, so a tick's read serves one user's follows.
 */
const atHour = (hour: number) => ({
  types: { digest: { email: true, push: true }, daily_recap: { email: true } },
  digest_schedule: { cadence: 'daily' as const, hour },
  daily_recap_schedule: { hour },
});
const FIRST_HOUR = 7;

/** The first day of the month `months` after `day`'s. */
function firstOfMonth(day: string, months: number): string {
  const date = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

describe.each([
  ['the corpus index', {}],
  ['the projection', { CORPUS_INDEX: 'projection' }],
])('an hourly tick over %s', (_name, env) => {
  let t: TestApp;
  let total: number;
  const userIds: string[] = [];
  let played = '';
  let playedDuration = 0;

  beforeAll(async () => {
    t = await buildTestApp({ env });
    const snapshot = await servedSnapshot(t);
    const contents = episodeContentsOf(snapshot, 3);
    total = contents.length;
    const dated = snapshot.episodes
      .filter((e) => e.publish_date !== null && e.duration_seconds)
      .sort((a, b) => ((a.publish_date as string) < (b.publish_date as string) ? -1 : 1));
    const oldest = dated[0];
    const newest = dated.at(-1);
    const clusters = await readTopicClusterIndex(snapshot);
    const cluster = contents
      .flatMap((row) => row.topics.map((id) => clusters.clusterOf(id, row.episode.episode_id)))
      .find((id) => id !== undefined);
    // A nudge resurfaces an insight: the followed person and topic come from episodes with some.
    const withInsights = contents.filter((row) => row.insights.length > 0);
    const person = withInsights.find((row) => row.persons.length > 0)?.persons[0];
    const topic = withInsights.findLast((row) => row.topics.length > 0)?.topics[0];
    if (!oldest || !newest || !cluster || !person || !topic) {
      throw new Error('the sample corpus lost an episode, a cluster, a person or a topic');
    }
    // The recap's episode is one nothing followed reaches, so only the play brings it in.
    const followed = new Set([oldest.feed_id, newest.feed_id]);
    const reached = (row: (typeof contents)[number]) =>
      followed.has(row.episode.feed_id) ||
      row.topics.includes(topic) ||
      row.persons.includes(person) ||
      row.topics.some((id) => clusters.clusterOf(id, row.episode.episode_id) === cluster);
    const unreached = contents.find((row) => row.episode.duration_seconds && !reached(row));
    if (!unreached) {
      throw new Error('every sample episode is reached by a follow');
    }
    played = unreached.episode.slug;
    playedDuration = unreached.episode.duration_seconds as number;
    // Each user follows one kind of thing and has a push subscription for the nudge.
    const follows: Array<[string, (id: string) => Promise<unknown>]> = [
      [
        'reads-feeds',
        async (id) => {
          await subscribe(t.ctx.db, id, oldest.feed_id, new Date());
          await subscribe(t.ctx.db, id, newest.feed_id, new Date());
        },
      ],
      ['reads-cluster', (id) => addInterest(t.ctx.db, id, cluster, new Date())],
      ['reads-person', (id) => addInterest(t.ctx.db, id, person, new Date())],
      ['reads-topic', (id) => addInterest(t.ctx.db, id, topic, new Date())],
      ['reads-nothing', async () => {}],
    ];
    for (const [n, [name, follow]] of follows.entries()) {
      const { user } = await userWithComms(t.ctx, name, atHour(FIRST_HOUR + n));
      await follow(user.id);
      await savePushSubscription(
        t.ctx.db,
        user.id,
        `https://push.example.net/${name}`,
        { endpoint: `https://push.example.net/${name}`, keys: { p256dh: 'k', auth: 'a' } },
        new Date(),
      );
      userIds.push(user.id);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  /** What the tick wrote for the test's users, without the columns the database stamps. */
  async function written() {
    const rows = [];
    for (const id of userIds) {
      const outbox = await listOutboxOf(t.ctx.db, id);
      const { items } = await listInbox(t.ctx.db, id);
      rows.push({
        outbox: outbox.map(({ id: rowId, template, envelope }) => ({ rowId, template, envelope })),
        inbox: items.map(({ type, title, text, deep_link }) => ({ type, title, text, deep_link })),
      });
    }
    await t.ctx.db.deleteFrom('outbox').where('user_id', 'in', userIds).execute();
    await t.ctx.db.deleteFrom('inbox').where('user_id', 'in', userIds).execute();
    return rows;
  }

  /** A tick at `iso` whose read goes through `read`, counting the episodes it returned. */
  async function tickWith(
    iso: string,
    read: (content: CorpusContent, need: ContentNeed) => ReturnType<CorpusContent['read']>,
  ) {
    const content = schedulerContentOf(t.ctx.corpus, t.ctx.config.corpusDir, t.ctx.corpusIndex);
    let episodes = -1;
    const result = await tickAt(
      {
        db: t.ctx.db,
        content: {
          ready: content.ready,
          read: async (need) => {
            const list = await read(content, need as ContentNeed);
            episodes = list.length;
            return list;
          },
        },
        logger: t.ctx.logger,
        now: t.ctx.now,
      },
      new Date(iso),
    );
    expect(result.ran).toBe(true);
    return { episodes, rows: await written() };
  }

  it('plans the same envelopes from the episodes its due users can get as from the whole corpus', async () => {
    const snapshot = await servedSnapshot(t);
    const newest = snapshot.episodes
      .map((e) => e.publish_date)
      .filter((d): d is string => d !== null)
      .sort()
      .at(-1) as string;
    const templates = new Set<string>();
    // The newest episode's day (the digests' windows hold it), the next 1st (the recommendations'),
    // and a year on (every episode outside every window).
    const days = [newest, firstOfMonth(newest, 1), firstOfMonth(newest, 12)];
    for (const day of days) {
      // The recap's episode, finished this morning by the user following nothing.
      const morning = new Date(`${day}T05:00:00Z`);
      await putPlayback(t.ctx.db, userIds[4] as string, played, playedDuration, morning);
      const nudged = userIds.map(() => false);
      for (const n of userIds.keys()) {
        const at = `${day}T${String(FIRST_HOUR + n).padStart(2, '0')}:00:00Z`;
        const needed = await tickWith(at, (content, need) => content.read(need));
        const whole = await tickWith(at, (content) => content.read());
        expect(whole.episodes).toBe(total);
        expect(needed.rows).toEqual(whole.rows);
        for (const { template } of whole.rows.flatMap((row) => row.outbox)) {
          templates.add(template);
        }
        nudged[n] = whole.rows[n]?.outbox.some((r) => r.template === 'resurface-nudge.v1') ?? false;
        if (day === days[2]) {
          expect(needed.episodes).toBeLessThan(total);
        }
      }
      // Every user following something got a nudge from it; the one following nothing did not.
      expect(nudged).toEqual([true, true, true, true, false]);
    }
    expect([...templates].sort()).toEqual([
      'daily-recap.v1',
      'recommendations-digest.v1',
      'resurface-nudge.v1',
      'your-week-digest.v1',
    ]);
  });
});
