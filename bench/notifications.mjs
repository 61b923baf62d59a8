// Notification rows of `pnpm bench` (--only=notifications): one scheduler tick
// for 10,000 users in process against the real PostgreSQL, and the internal
// seam's claim + acknowledge throughput over HTTP with concurrent workers.
import { randomBytes } from 'node:crypto';
import { createCorpusRegistry } from '@podcast/corpus';
import { ingestCorpus, openIndexWriter } from '@podcast/corpus-index';
import { createDatabase, enqueueEnvelopes, migrateToLatest } from '@podcast/db';
import { contentOfIndex, contentOfSnapshot, outboxRowOf, tickAt } from '@podcast/notifications';
import { createTestDatabase } from '@podcast/testing';
import { pino } from 'pino';
import { startConsumer, stopProcess } from './lib.mjs';

const TOKEN = 'bench-internal-outbox-token-0000';
// Spread over zones east and west of UTC; each user's weekly digest slot is
// set to the tick's local day and hour, so every user is due (the worst hour).
const ZONES = ['', 'Asia/Tokyo', 'America/Los_Angeles', 'Europe/Berlin'];
const TICK_HOUR_UTC = 12;

function slotAt(at, timezone) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone || 'UTC',
    hourCycle: 'h23',
    hour: 'numeric',
    weekday: 'short',
  }).formatToParts(at);
  const part = (type) => parts.find((p) => p.type === type)?.value;
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return { cadence: 'weekly', day_of_week: weekday, hour: Number(part('hour')) };
}

async function seedUsers(db, count, feeds, at) {
  const rows = [];
  for (let n = 0; n < count; n += 1) {
    const id = `u_${randomBytes(12).toString('hex')}`;
    const timezone = ZONES[n % ZONES.length];
    rows.push({
      user: {
        id,
        email: `bench${n}@example.com`,
        // Only a provider-verified address gets the digest email (accounts.md).
        email_verified: true,
        name: null,
        provider: 'bench',
        provider_subject: id,
      },
      comms: {
        user_id: id,
        unsubscribe_ref: randomBytes(24).toString('base64url'),
        record: JSON.stringify({
          types: { digest: { email: true }, daily_recap: { email: true } },
          digest_schedule: slotAt(at, timezone),
          timezone,
        }),
      },
      library: feeds
        .slice(n % feeds.length, (n % feeds.length) + 3)
        .map((feed_id) => ({ user_id: id, feed_id })),
    });
  }
  for (let start = 0; start < rows.length; start += 1000) {
    const chunk = rows.slice(start, start + 1000);
    await db
      .insertInto('users')
      .values(chunk.map((row) => row.user))
      .execute();
    await db
      .insertInto('comms')
      .values(chunk.map((row) => row.comms))
      .execute();
    await db
      .insertInto('library_subscriptions')
      .values(chunk.flatMap((row) => row.library))
      .execute();
  }
  return rows.map((row) => row.user.id);
}

/** The corpus as the tick reads it: the corpus index's tables (the default) or the loaded snapshot. */
async function tickContentOf(source, corpus, root, logger) {
  if (source === 'projection') {
    return { content: contentOfSnapshot(() => corpus.get(root)), close: async () => {} };
  }
  // Kept beside the corpus between runs: a second run's ingest only rescans it.
  const index = await openIndexWriter(`${root}.corpus-index.sqlite`, logger);
  await ingestCorpus({ db: index.db, root, logger });
  return {
    content: contentOfIndex(async () => index.db, corpus.at(root)),
    close: () => index.close(),
  };
}

/** The tick for `users` users, all due, over the corpus at `root` read from `source`. */
async function tickRow(database, root, users, source) {
  const logger = pino({ level: 'silent' });
  const corpus = createCorpusRegistry({ logger, watch: false, refreshIntervalMs: 600_000 });
  const { content, close } = await tickContentOf(source, corpus, root, logger);
  try {
    const episodes = await content.read();
    // Sorted, so both sources seed the same libraries and plan the same digests.
    const feeds = [...new Set(episodes.map((episode) => episode.feed_id))].sort();
    // The newest episode's day: the week before it gives every library content.
    const newest = episodes
      .map((episode) => episode.published_at)
      .filter(Boolean)
      .sort()
      .pop();
    const at = new Date(`${newest.slice(0, 10)}T${String(TICK_HOUR_UTC).padStart(2, '0')}:00:00Z`);
    await seedUsers(database.db, users, feeds, at);
    // The tick reads only what its due users' plans can use: counted here.
    let episodesRead = 0;
    const counted = {
      ready: content.ready,
      read: async (need) => {
        const list = await content.read(need);
        episodesRead = list.length;
        return list;
      },
    };
    const deps = { db: database.db, content: counted, logger, now: () => new Date() };
    const started = performance.now();
    const result = await tickAt(deps, at);
    const tickMs = Math.round(performance.now() - started);
    const rerunStarted = performance.now();
    const rerun = await tickAt(deps, at);
    return {
      label: `scheduler tick, ${users.toLocaleString('en')} users all due (${source === 'index' ? 'corpus index' : 'projection'})`,
      ms: tickMs,
      enqueued: result.enqueued,
      episodes: episodes.length,
      episodes_read: episodesRead,
      rerun_ms: Math.round(performance.now() - rerunStarted),
      rerun_enqueued: rerun.enqueued,
      target: '< 10,000 ms',
      meets_target: tickMs < 10_000 && result.enqueued > 0 && rerun.enqueued === 0,
    };
  } finally {
    await close();
    corpus.close();
  }
}

/** Envelope `n` of the seam row: one daily recap per user and day, so every id is distinct. */
function seamEnvelope(userId, n, round, now) {
  return outboxRowOf({
    schema_version: '1',
    id: `drcp_${20260101 + round}_${userId}`,
    user_id: userId,
    channel: 'email',
    type: 'daily_recap',
    template: 'daily-recap.v1',
    recipient: { email: 'bench@example.com', email_verified: true },
    consent_snapshot: { digest_enabled: true, cadence: 'daily', unsubscribe_ref: null },
    payload: {
      sections: [
        {
          kind: 'finished_today',
          title: 'Finished',
          items: [{ title: 'An episode', graph_refs: ['topic:x'], deep_link: '/episodes/x' }],
        },
      ],
    },
    not_before: new Date(now.getTime() - 60_000).toISOString(),
    expires_at: new Date(now.getTime() + 86_400_000).toISOString(),
    created_at: new Date(now.getTime() - 60_000 + n).toISOString(),
  });
}

/** Workers pull 100 at a time and post `delivered` for each, 8 in flight, until the outbox is empty. */
async function worker(base) {
  const headers = { 'x-internal-token': TOKEN, 'content-type': 'application/json' };
  let done = 0;
  for (;;) {
    const pulled = await (
      await fetch(`${base}/internal/outbox/pending?channel=email&limit=100`, { headers })
    ).json();
    if (pulled.envelopes.length === 0) {
      return done;
    }
    const queue = [...pulled.envelopes];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let envelope = queue.shift(); envelope; envelope = queue.shift()) {
          const res = await fetch(`${base}/internal/outbox/${envelope.id}/status`, {
            method: 'POST',
            headers,
            body: '{"status":"delivered"}',
          });
          await res.arrayBuffer();
          done += res.ok ? 1 : 0;
        }
      }),
    );
  }
}

async function seamRow(database, root, userIds, count) {
  const now = new Date();
  const rows = Array.from({ length: count }, (_, n) =>
    seamEnvelope(userIds[n % userIds.length], n, Math.floor(n / userIds.length), now),
  );
  const enqueued = await enqueueEnvelopes(database.db, rows);
  if (enqueued !== count) {
    throw new Error(`seam row: ${enqueued} of ${count} envelopes enqueued (ids collide)`);
  }
  // Ready once the corpus is loaded (a catalog page answers), so the rate measures the seam, not startup.
  const { base, child } = await startConsumer(
    root,
    database,
    { INTERNAL_OUTBOX_TOKEN: TOKEN, NOTIFICATION_SCHEDULER: 'off' },
    '/api/app/episodes?page_size=1',
  );
  try {
    const started = performance.now();
    const acknowledged = (await Promise.all([1, 2, 3, 4].map(() => worker(base)))).reduce(
      (a, b) => a + b,
      0,
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = Math.round(acknowledged / seconds);
    return {
      label: `seam pull + status, ${count.toLocaleString('en')} envelopes, 4 workers`,
      ms: Math.round(seconds * 1000),
      acknowledged,
      envelopes_per_s: rate,
      target: '> 1,000 envelopes/s',
      meets_target: rate > 1000 && acknowledged === count,
    };
  } finally {
    await stopProcess(child);
  }
}

/** A throwaway database, migrated here: @podcast/testing hands out an empty one. */
async function migratedDatabase() {
  const empty = await createTestDatabase();
  const handle = await createDatabase({ url: empty.url });
  await migrateToLatest(handle.db);
  return {
    db: handle.db,
    url: empty.url,
    close: async () => {
      await handle.close();
      await empty.close();
    },
  };
}

export async function notificationsBench(root, { quick }) {
  const users = quick ? 1_000 : 10_000;
  const rows = [];
  // Each source's tick plans for users of its own, so neither finds the other's periods done.
  for (const source of ['index', 'projection']) {
    const database = await migratedDatabase();
    try {
      rows.push(await tickRow(database, root, users, source));
      if (source === 'index') {
        const userIds = (await database.db.selectFrom('users').select('id').execute()).map(
          (row) => row.id,
        );
        rows.push(await seamRow(database, root, userIds, quick ? 2_000 : 20_000));
      }
    } finally {
      await database.close();
    }
  }
  // The same libraries over the same corpus: the projection's plan must be the index's.
  const [indexTick, , projectionTick] = rows;
  projectionTick.same_enqueued_as_index = projectionTick.enqueued === indexTick.enqueued;
  projectionTick.meets_target &&= projectionTick.same_enqueued_as_index;
  return rows;
}
