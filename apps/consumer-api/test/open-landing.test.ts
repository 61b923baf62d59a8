import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DevUsersResponse, DiscoverResponse, TrendingTopicsResponse } from '@podcast/contracts';
import { upsertUserFromProvider } from '@podcast/db';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

// The sample corpus was published in November 2026; a clock a week after keeps it trending.
const NOW = new Date('2026-11-20T12:00:00Z');

describe('open landing routes (spec 01 rule 2)', () => {
  let production: TestApp;
  let development: TestApp;
  beforeAll(async () => {
    production = await buildTestApp({ appEnv: 'production', now: () => NOW });
    development = await buildTestApp({ appEnv: 'development', now: () => NOW });
  });
  afterAll(async () => {
    await production.close();
    await development.close();
  });

  it('serves the landing feed signed out in production: shows, episodes with insights, topics', async () => {
    const res = await request(production.app).get('/api/app/discover').query({ limit: 3 });
    expect(res.status).toBe(200);
    const body = DiscoverResponse.parse(res.body);
    expect(body.as_of).toBe('2026-11-20');
    expect(body.trending_shows).toHaveLength(3);
    const counts = body.trending_shows.map((show) => show.recent_episode_count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(counts[0]).toBeGreaterThan(0);
    expect(body.recent_episodes).toHaveLength(3);
    expect(body.recent_episodes.every((episode) => episode.has_gi)).toBe(true);
    const dates = body.recent_episodes.map((episode) => episode.publish_date ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(body.trending_topics.length).toBeGreaterThan(0);
    expect(body.top_themes.length).toBeLessThanOrEqual(3);
    for (const limit of ['0', '25', 'x']) {
      const bad = await request(production.app).get('/api/app/discover').query({ limit });
      expect(bad.status).toBe(400);
      expect(bad.body.detail).toContain('limit');
    }
  });

  it('lists trending topics signed out, capped by limit', async () => {
    const res = await request(production.app)
      .get('/api/app/corpus/trending-topics')
      .query({ limit: 2 });
    expect(res.status).toBe(200);
    const body = TrendingTopicsResponse.parse(res.body);
    expect(body).toMatchObject({ as_of: '2026-11-20', period_days: 30 });
    expect(body.items).toHaveLength(2);
    expect(body.items.every((topic) => topic.id.startsWith('topic:'))).toBe(true);
    expect(
      (await request(production.app).get('/api/app/corpus/trending-topics?limit=51')).status,
    ).toBe(400);
  });

  it('lists the development user in development, and answers 404 in production', async () => {
    const dev = await request(development.app).get('/api/app/auth/dev-users');
    expect(dev.status).toBe(200);
    const body = DevUsersResponse.parse(dev.body);
    expect(body.items).toHaveLength(1);
    const me = await request(development.app).get('/api/app/me');
    expect(body.items[0]).toMatchObject({ user_id: me.body.user_id, current: true });
    const prod = await request(production.app).get('/api/app/auth/dev-users');
    expect(prod.status).toBe(404);
  });

  it('serves an avatar image with cache headers for a user id, and 404 otherwise', async () => {
    const user = await upsertUserFromProvider(
      production.ctx.db,
      { provider: 'test', subject: 'avatar', email: 'ann@example.com', name: 'Ann <b>Lee</b>' },
      NOW,
    );
    const res = await request(production.app).get(`/api/app/profile/${user.id}/avatar`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    const svg = res.body.toString('utf8');
    expect(svg).toMatch(/^<svg /);
    expect(svg).toContain('>AB</text>');
    expect(svg).not.toContain(user.id);
    expect(svg).not.toContain('<b>');
    const again = await request(production.app).get(`/api/app/profile/${user.id}/avatar`);
    expect(again.body.toString('utf8')).toBe(svg);
    expect(
      (await request(production.app).get('/api/app/profile/u_000000000000000000000000/avatar'))
        .status,
    ).toBe(404);
    const bad = await request(production.app).get('/api/app/profile/someone/avatar');
    expect(bad.status).toBe(404);
    expect(bad.body.detail).toBe('user_id: no such user');
  });
});
