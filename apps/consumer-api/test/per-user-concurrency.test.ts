import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CorpusSnapshot, FeedRecord } from '@podcast/corpus';
import type { Database } from '@podcast/db';
import request from 'supertest';
import { buildProductionTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';
import { someSlugs, subscribableFeeds } from './support/corpus-facts.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

const PARALLEL = 20;

describe('20 parallel identical writes (production, real PostgreSQL)', () => {
  let testApp: TestApp;
  let snapshot: CorpusSnapshot;
  let cookie: string;
  let userId: string;

  beforeAll(async () => {
    testApp = await buildProductionTestApp('a-session-secret-for-concurrency-tests-0');
    snapshot = await servedSnapshot(testApp);
    const session = await sessionCookieFor(testApp.ctx, 'racer');
    cookie = session.cookie;
    userId = session.user.id;
  });

  afterAll(async () => {
    await testApp.close();
  });

  async function rowsOf(table: keyof Database): Promise<number> {
    const row = await testApp.ctx.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  function burst(send: () => request.Test): Promise<request.Response[]> {
    return Promise.all(Array.from({ length: PARALLEL }, () => send().set('cookie', cookie)));
  }

  it('saves one favorite row and answers every PUT with 200', async () => {
    const [slug] = someSlugs(snapshot, 1);
    const replies = await burst(() =>
      request(testApp.app).put('/api/app/favorites').send({ kind: 'episode', ref: slug }),
    );
    expect(replies.map((res) => res.status)).toEqual(Array(PARALLEL).fill(200));
    expect(await rowsOf('favorites')).toBe(1);
  });

  it('subscribes once: one 201, nineteen 200, one row', async () => {
    const [feed] = subscribableFeeds(snapshot, 1) as [FeedRecord];
    const path = `/api/app/library/${encodeURIComponent(feed.feed_id)}`;
    const replies = await burst(() => request(testApp.app).post(path));
    const count = (status: number) => replies.filter((res) => res.status === status).length;
    expect([count(201), count(200)]).toEqual([1, PARALLEL - 1]);
    expect(await rowsOf('library_subscriptions')).toBe(1);
  });

  it('follows a token once and answers every POST with the same set', async () => {
    const replies = await burst(() =>
      request(testApp.app).post('/api/app/interests/topic%3Aflood'),
    );
    expect(replies.map((res) => res.status)).toEqual(Array(PARALLEL).fill(200));
    for (const res of replies) {
      expect(res.body).toEqual({ items: ['topic:flood'] });
    }
    expect(await rowsOf('interests')).toBe(1);
  });

  it('replaces the interests to the same set from every PUT', async () => {
    const items = ['tc:a', 'topic:b', 'person:c'];
    const replies = await burst(() =>
      request(testApp.app).put('/api/app/interests').send({ items }),
    );
    expect(replies.map((res) => res.status)).toEqual(Array(PARALLEL).fill(200));
    expect(await rowsOf('interests')).toBe(3);
  });

  it('keeps one playback row under parallel PUTs of the same position', async () => {
    const [slug] = someSlugs(snapshot, 1);
    const replies = await burst(() =>
      request(testApp.app).put(`/api/app/playback/${slug}`).send({ position_seconds: 42 }),
    );
    expect(replies.map((res) => res.status)).toEqual(Array(PARALLEL).fill(200));
    expect(await rowsOf('playback_positions')).toBe(1);
  });
});
