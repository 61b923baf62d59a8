// gPodder sync: a 1,000-action upload and the incremental
// subscription sync of a user with 500 subscriptions, on consumer-api over
// PostgreSQL, against the bare express route of the same run.
import { performance } from 'node:perf_hooks';
import { SESSION_COOKIE, sessionCookieValue } from '@podcast/auth';
import { createDatabase, createSession, upsertUserFromProvider } from '@podcast/db';
import { createTestDatabase } from '@podcast/testing';
import { compare, startConsumer, stopProcess, timeUntil } from './lib.mjs';

export const SESSION_SECRET = 'bench-session-secret-of-at-least-32-characters';

export async function webCookie(url) {
  const { db, close } = await createDatabase({ url });
  try {
    const now = new Date();
    const user = await upsertUserFromProvider(
      db,
      { provider: 'bench', subject: 'sync-user', email: 'listener@example.com' },
      now,
    );
    const session = await createSession(db, user.id, 3_600_000, now);
    return `${SESSION_COOKIE}=${sessionCookieValue(SESSION_SECRET, session.id)}`;
  } finally {
    await close();
  }
}

async function call(base, path, { method = 'GET', headers = {}, body } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) {
    throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  }
  return res.json();
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** `uploads` batches of 1,000 new actions, one after another: latency per upload. */
async function uploadRow(base, auth, user, feeds, uploads) {
  const times = [];
  for (let u = 0; u < uploads; u += 1) {
    const batch = Array.from({ length: 1000 }, (_, i) => ({
      podcast: feeds[i % feeds.length],
      episode: `https://media.example/${u}/${i}.mp3`,
      device: 'bench-phone',
      action: 'play',
      started: 0,
      position: i,
      total: 3600,
      timestamp: new Date(Date.now() - 60_000).toISOString().slice(0, 19),
    }));
    const started = performance.now();
    await call(base, `/api/2/episodes/${user}.json`, {
      method: 'POST',
      headers: auth,
      body: batch,
    });
    times.push(performance.now() - started);
  }
  // The retry of the last batch: every action known, nothing written.
  times.sort((a, b) => a - b);
  return {
    label: `POST /api/2/episodes (1,000 new actions per upload, ${uploads} uploads)`,
    p50_ms: Math.round(quantile(times, 0.5)),
    p99_ms: Math.round(quantile(times, 0.99)),
    actions_per_s: Math.round((1000 * uploads) / (times.reduce((s, t) => s + t, 0) / 1000)),
  };
}

/** consumer-api as production runs it, over `root` and `database`; resolved once health answers. */
export function startSyncConsumer(root, database) {
  return startConsumer(root, database, { APP_ENV: 'production', SESSION_SECRET }, '/api/health');
}

export async function syncBench(root, bareUrl, { duration = 5, uploads = 20 } = {}) {
  const database = await createTestDatabase();
  let child;
  try {
    const started = await startSyncConsumer(root, database);
    child = started.child;
    const { base } = started;
    const cookie = await webCookie(database.url);
    // The health route answers before the corpus is loaded, and the catalog
    // answers 503 with Retry-After until it is: wait for the catalog.
    await timeUntil(
      () => undefined,
      async () => {
        const res = await fetch(`${base}/api/app/podcasts?page_size=1`, { headers: { cookie } });
        await res.arrayBuffer();
        return res.status !== 503;
      },
      120_000,
    );
    const minted = await call(base, '/api/app/sync/app-passwords', {
      method: 'POST',
      headers: { cookie },
      body: { name: 'bench' },
    });
    const auth = {
      authorization: `Basic ${Buffer.from(`${minted.username}:${minted.password}`).toString('base64')}`,
    };
    const user = minted.username;
    // 500 subscriptions: 100 corpus shows followed in the web app (merged
    // into the sync feed from the library) and 400 feeds only the app knows.
    const podcasts = await call(base, '/api/app/podcasts?page_size=100', { headers: { cookie } });
    for (const show of podcasts.items.slice(0, 100)) {
      await call(base, `/api/app/library/${encodeURIComponent(show.feed_id)}`, {
        method: 'POST',
        headers: { cookie },
      });
    }
    const feeds = Array.from({ length: 400 }, (_, i) => `https://feeds.example/${i}.xml`);
    const added = await call(base, `/api/2/subscriptions/${user}/bench-phone.json`, {
      method: 'POST',
      headers: auth,
      body: { add: feeds, remove: [] },
    });
    const rows = [await uploadRow(base, auth, user, feeds, uploads)];
    rows.push(
      await compare(
        'GET /api/2/subscriptions/{user}/{device}.json?since (500 subscriptions, nothing new)',
        bareUrl,
        `${base}/api/2/subscriptions/${user}/bench-laptop.json?since=${added.timestamp + 10_000}`,
        { duration, headers: auth, base: { headers: auth } },
      ),
    );
    rows.push(
      await compare(
        'GET /api/2/subscriptions/{user}/{device}.json?since=0 (first sync, 500 subscriptions)',
        bareUrl,
        `${base}/api/2/subscriptions/${user}/bench-laptop.json?since=0`,
        { duration, headers: auth, base: { headers: auth } },
      ),
    );
    return rows;
  } finally {
    if (child) {
      await stopProcess(child);
    }
    await database.close();
  }
}
