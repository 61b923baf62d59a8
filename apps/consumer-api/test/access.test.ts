import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyRoute } from '@podcast/http-kit';
import request from 'supertest';
import type { ConsumerCtx } from '../src/context.js';
import { consumerRoutes } from '../src/routes/index.js';
import { isOpenRoutePath, OPEN_ROUTE_PATHS } from '../src/routes/open-routes.js';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

// Spec 01 rule 2 covers /api/app/* plus the few open paths outside it.
const guarded = consumerRoutes.filter(
  (route) => route.path.startsWith('/api/app/') || isOpenRoutePath(route.path),
);
const table = guarded.map((route) => [route.method.toUpperCase(), route.path, route] as const);
const sessionTable = table.filter(([, path]) => !isOpenRoutePath(path));
/**
 * Routes that take the OAuth access tokens this server issues instead of a
 * session (the remote MCP endpoint): closed in development too.
 */
const TOKEN_ROUTES = ['POST /api/app/mcp'];
const isTokenRoute = (method: string, path: string) => TOKEN_ROUTES.includes(`${method} ${path}`);
/**
 * Overlay feeds and their files, fetched by podcast apps that cannot send
 * cookies: a feed token, an app password over Basic, or the session
 * (test/feeds-credentials.test.ts); open like session routes in development.
 */
const FEED_ROUTES = [
  'GET /api/app/feeds/{feed_id}/podcast.xml',
  'GET /api/app/me/queue.xml',
  'GET /api/app/me/library.xml',
  'GET /api/app/episodes/{slug}/transcript.vtt',
  'GET /api/app/episodes/{slug}/transcript.srt',
  'GET /api/app/episodes/{slug}/transcript.json',
  'GET /api/app/episodes/{slug}/chapters.json',
];
const isFeedRoute = (method: string, path: string) => FEED_ROUTES.includes(`${method} ${path}`);
const openTable = table.filter(([, path]) => isOpenRoutePath(path));

const ISSUE_4_SESSION_ROUTES = [
  'GET /api/app/me',
  'GET /api/app/me/stats',
  'GET /api/app/playback',
  'GET /api/app/playback/{slug}',
  'PUT /api/app/playback/{slug}',
  'GET /api/app/queue',
  'PUT /api/app/queue',
  'GET /api/app/library',
  'GET /api/app/library/opml',
  'POST /api/app/library/opml',
  'POST /api/app/library/{feed_id}',
  'DELETE /api/app/library/{feed_id}',
  'GET /api/app/favorites',
  'PUT /api/app/favorites',
  'DELETE /api/app/favorites/{kind}/{ref*}',
  'GET /api/app/interests',
  'PUT /api/app/interests',
  'POST /api/app/interests/{token}',
  'DELETE /api/app/interests/{token}',
  'POST /api/app/listen/{slug}',
  'GET /api/app/episodes/{slug}/stats',
];

/** A concrete URL for a declared path: every `{param}` becomes a harmless placeholder. */
function urlOf(route: AnyRoute<ConsumerCtx>): string {
  return route.path.replace(/\{(\w+)\*\}/g, 'some/$1').replace(/\{(\w+)\}/g, 'some-$1');
}

describe('access rules', () => {
  let production: TestApp;
  let development: TestApp;

  beforeAll(async () => {
    production = await buildTestApp({ appEnv: 'production' });
    development = await buildTestApp({ appEnv: 'development' });
  });

  afterAll(async () => {
    await production.close();
    await development.close();
  });

  it('covers the per-user and sign-in routes', () => {
    const sessionRoutes = sessionTable.map(([method, path]) => `${method} ${path}`);
    expect(sessionRoutes).toEqual(expect.arrayContaining(ISSUE_4_SESSION_ROUTES));
    expect(openTable.map(([, path]) => path)).toEqual(
      expect.arrayContaining(['/api/health', '/api/app/auth/login', '/api/app/auth/callback']),
    );
    expect(new Set(OPEN_ROUTE_PATHS).size).toBe(OPEN_ROUTE_PATHS.length);
  });

  it.each(table)('%s %s declares the auth class rule 2 gives it', (method, path, route) => {
    const expected = isOpenRoutePath(path)
      ? 'open'
      : isTokenRoute(method, path)
        ? 'token'
        : isFeedRoute(method, path)
          ? 'feed'
          : 'session';
    expect(route.auth).toBe(expected);
  });

  it.each(TOKEN_ROUTES)('%s answers 401 without a token in development too', async (entry) => {
    const [method, path] = entry.split(' ') as ['POST', string];
    const res = await request(development.app)[method === 'POST' ? 'post' : 'get'](path).send({});
    expect(res.status).toBe(401);
    expect(res.headers['www-authenticate']).toMatch(/^Bearer resource_metadata="http:\/\/.+"/);
  });

  it.each(sessionTable)(
    '%s %s answers 401 in production without a session',
    async (_method, _path, route) => {
      const res = await request(production.app)[route.method](urlOf(route));
      expect(res.status).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.detail).toBeTruthy();
    },
  );

  it('authenticates before reading a body: over 1 MB without a session is a 401, not a 413', async () => {
    const queue = { items: Array.from({ length: 40_000 }, (_, i) => `episode-slug-${i}-padding`) };
    const res = await request(production.app).put('/api/app/queue').send(queue);
    expect(res.status).toBe(401);
    expect(res.body.detail).toContain('sign in');
  });

  it.each(sessionTable.filter(([method, path]) => !isTokenRoute(method, path)))(
    '%s %s needs no sign-in in development',
    async (_method, _path, route) => {
      const res = await request(development.app)[route.method](urlOf(route));
      expect(res.status).not.toBe(401);
    },
  );

  it.each(openTable)('%s %s stays open in production', async (_method, _path, route) => {
    const res = await request(production.app)[route.method](urlOf(route));
    expect(res.status).not.toBe(401);
  });
});
