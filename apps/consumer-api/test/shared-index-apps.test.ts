import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { sessionCookieValue } from '@podcast/auth';
import { createDatabase, createSession, upsertUserFromProvider } from '@podcast/db';
import {
  copySampleCorpus,
  createTestDatabase,
  type SampleCorpusCopy,
  type TestDatabase,
} from '@podcast/testing';
import { type AppProcess, freePort, startApp, waitUntil } from '@podcast/testing/chaos';

/*
 * A viewer-api and a consumer-api, real processes from dist/, on one
 * DATA_DIR with CORPUS_INDEX=sqlite: they open one index file, one of them
 * ingests, both answer from it, and when the ingester is killed the other
 * takes the lock over and a later change reaches both.
 */

const SESSION_SECRET = 'shared-index-session-secret-0123456789';

let copy: SampleCorpusCopy;
let database: TestDatabase;
const apps: AppProcess[] = [];

beforeAll(async () => {
  copy = copySampleCorpus('shared-index-apps');
  database = await createTestDatabase();
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.kill('SIGKILL')));
  copy?.remove();
  await database?.close();
});

async function startApi(name: 'viewer-api' | 'consumer-api'): Promise<AppProcess> {
  const app = startApp(name, {
    PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    CORPUS_DIR: copy.corpusDir,
    DATA_DIR: path.join(copy.dir, 'data'),
    CORPUS_CACHE_DIR: 'off',
    CORPUS_INDEX: 'sqlite',
    DATABASE_URL: database.url,
    SESSION_SECRET,
  });
  apps.push(app);
  await app.waitHealthy('/api/health', 60_000);
  return app;
}

/** A signed-in consumer session, stored as the OAuth callback would store it. */
async function sessionCookie(): Promise<string> {
  const handle = await createDatabase({ url: database.url });
  try {
    const now = new Date();
    const user = await upsertUserFromProvider(
      handle.db,
      { provider: 'test', subject: 'reader', email: 'reader@example.com', name: 'reader' },
      now,
    );
    const session = await createSession(handle.db, user.id, 3600_000, now);
    return `podcast_session=${sessionCookieValue(SESSION_SECRET, session.id)}`;
  } finally {
    await handle.close();
  }
}

/** The newest episode's title as the viewer lists it, or the status when it does not answer 200. */
async function viewerTitle(viewer: AppProcess): Promise<string | number> {
  const res = await fetch(`${viewer.baseUrl}/api/corpus/episodes?limit=1`);
  const body = (await res.json()) as { items?: Array<{ title: string }> };
  return res.status === 200 ? (body.items?.[0]?.title ?? '') : res.status;
}

async function consumerTitle(consumer: AppProcess, slug: string, cookie: string) {
  const res = await fetch(`${consumer.baseUrl}/api/app/episodes/${encodeURIComponent(slug)}`, {
    headers: { cookie },
  });
  return res.status === 200 ? ((await res.json()) as { title: string }).title : res.status;
}

let edits = 0;
function retitle(file: string, title: string): void {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  doc.episode.title = title;
  writeFileSync(file, JSON.stringify(doc));
  // Each edit a minute later than the last: a same-size rewrite in one mtime tick would hide.
  const later = new Date(Date.now() + 60_000 * ++edits);
  utimesSync(file, later, later);
}

/** Polls until both APIs answer `title` for the newest episode; the milliseconds it took. */
async function bothSee(
  title: string,
  viewer: AppProcess,
  consumer: AppProcess,
  slug: string,
  cookie: string,
  timeoutMs: number,
): Promise<number> {
  const from = Date.now();
  const seen = await waitUntil(
    async () =>
      (await viewerTitle(viewer)) === title &&
      (await consumerTitle(consumer, slug, cookie)) === title,
    timeoutMs,
    100,
  );
  if (!seen) {
    const answers = [await viewerTitle(viewer), await consumerTitle(consumer, slug, cookie)];
    throw new Error(`not both at "${title}" in ${timeoutMs} ms: ${JSON.stringify(answers)}`);
  }
  return Date.now() - from;
}

it('shares one index between the two APIs and survives the ingester being killed', async () => {
  // The viewer starts first and takes the ingest lock; the consumer reads.
  const viewer = await startApi('viewer-api');
  const first = await waitUntil(
    async () => typeof (await viewerTitle(viewer)) === 'string',
    20_000,
    100,
  );
  expect(first).toBe(true);
  const consumer = await startApi('consumer-api');
  const cookie = await sessionCookie();

  const listed = await fetch(`${viewer.baseUrl}/api/corpus/episodes?limit=1`);
  const [newest] = (
    (await listed.json()) as {
      items: Array<{ slug: string; metadata_relpath: string; title: string }>;
    }
  ).items;
  if (newest === undefined) {
    throw new Error('the viewer lists no episode');
  }
  const file = path.join(copy.corpusDir, newest.metadata_relpath);
  await bothSee(newest.title, viewer, consumer, newest.slug, cookie, 10_000);

  retitle(file, 'Changed under the viewer');
  await bothSee('Changed under the viewer', viewer, consumer, newest.slug, cookie, 10_000);

  // The ingester dies: only the consumer can now read the next change, so seeing it proves the takeover.
  await viewer.kill('SIGKILL');
  retitle(file, 'Changed after the takeover');
  const from = Date.now();
  const taken = await waitUntil(
    async () =>
      (await consumerTitle(consumer, newest.slug, cookie)) === 'Changed after the takeover',
    15_000,
    100,
  );
  expect(taken).toBe(true);
  // A heartbeat (1 s) to see the holder's pid gone, then the next rescan (5 s), on a loaded machine.
  expect(Date.now() - from).toBeLessThan(15_000);

  // The viewer comes back as a reader of the index the consumer now writes.
  await viewer.start();
  await viewer.waitHealthy('/api/health', 60_000);
  retitle(file, 'Changed once both run again');
  await bothSee('Changed once both run again', viewer, consumer, newest.slug, cookie, 15_000);
}, 120_000);
