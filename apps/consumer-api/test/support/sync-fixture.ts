import { afterAll, beforeAll } from '@jest/globals';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { copySampleCorpus } from '@podcast/testing';
import type { Express } from 'express';
import request from 'supertest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { sessionCookieFor } from './session-cookie-for.js';

const SECRET = 'a-sync-test-session-secret-of-32-chars';

/** A signed-in web-app user with an app password for their podcast apps. */
export interface SyncUser {
  /** The web app's session cookie. */
  cookie: string;
  userId: string;
  username: string;
  password: string;
  passwordId: string;
  /** `Authorization: Basic …` of the app password. */
  basic: string;
}

export interface SyncFixture {
  t: TestApp;
  snapshot: CorpusSnapshot;
  close(): Promise<void>;
  /** Signs `subject` in on the web app and mints an app password. */
  user(subject: string): Promise<SyncUser>;
}

export function basicAuth(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/**
 * The consumer API (production mode, so the web app needs its session) over
 * a copy of the sample; `options.env` is applied over that, `options.now`
 * is the context's clock.
 */
export async function openSyncFixture(
  prefix: string,
  options: { env?: Record<string, string>; now?: () => Date } = {},
): Promise<SyncFixture> {
  const copy = copySampleCorpus(`consumer-${prefix}`);
  const t = await buildTestApp({
    appEnv: 'production',
    env: { CORPUS_DIR: copy.corpusDir, SESSION_SECRET: SECRET, ...options.env },
    ...(options.now ? { now: options.now } : {}),
  });
  const snapshot = await t.ctx.corpus.get(copy.corpusDir);
  return {
    t,
    snapshot,
    close: async () => {
      await t.close();
      copy.remove();
    },
    user: async (subject) => {
      const { cookie, user } = await sessionCookieFor(t.ctx, subject);
      const res = await request(t.app)
        .post('/api/app/sync/app-passwords')
        .set('cookie', cookie)
        .send({ name: `${subject}'s phone` });
      if (res.status !== 201) {
        throw new Error(`app password for ${subject}: ${res.status} ${JSON.stringify(res.body)}`);
      }
      return {
        cookie,
        userId: user.id,
        username: res.body.username,
        password: res.body.password,
        passwordId: res.body.id,
        basic: basicAuth(res.body.username, res.body.password),
      };
    },
  };
}

/** Requests as a podcast app of `u` sends them (Basic), and as its web app (the session cookie). */
export function syncClient(app: Express, u: SyncUser) {
  return {
    get: (p: string) => request(app).get(p).set('authorization', u.basic),
    post: (p: string, body: unknown) =>
      request(app)
        .post(p)
        .set('authorization', u.basic)
        .send(body as object),
    put: (p: string, body: string, type = 'text/plain') =>
      request(app).put(p).set('authorization', u.basic).set('content-type', type).send(body),
    web: (method: 'get' | 'post' | 'put' | 'delete', p: string) =>
      request(app)[method](p).set('cookie', u.cookie),
  };
}

/** Corpus shows with a feed URL, and for each an episode with a GUID and an enclosure URL. */
export function syncableShows(
  snapshot: CorpusSnapshot,
): { feedId: string; url: string; episode: EpisodeRecord }[] {
  return snapshot.feeds.flatMap((feed) => {
    const episode = snapshot.episodes.find(
      (e) => e.feed_id === feed.feed_id && e.episode_id !== null && e.media_url !== null,
    );
    return feed.url === null || feed.feed_id === '' || episode === undefined
      ? []
      : [{ feedId: feed.feed_id, url: feed.url, episode }];
  });
}

/** A test file's sync fixture with its syncable shows: opened in beforeAll, closed in afterAll. */
export interface SyncSuite {
  f: SyncFixture;
  shows: ReturnType<typeof syncableShows>;
  /** The requests of `u`'s podcast app and web app (syncClient). */
  as(u: SyncUser): ReturnType<typeof syncClient>;
}

/**
 * Opens the fixture for the whole file (`options` as openSyncFixture's), in
 * a beforeAll registered before the file's own; read the fields inside hooks
 * and tests only.
 */
export function useSyncFixture(
  prefix: string,
  options: { env?: Record<string, string>; now?: () => Date } = {},
): SyncSuite {
  const suite = { as: (u: SyncUser) => syncClient(suite.f.t.app, u) } as SyncSuite;
  beforeAll(async () => {
    suite.f = await openSyncFixture(prefix, options);
    suite.shows = syncableShows(suite.f.snapshot);
  });
  afterAll(() => suite.f.close());
  return suite;
}
