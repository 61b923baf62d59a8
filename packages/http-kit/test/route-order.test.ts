import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import {
  type AnyRoute,
  createRouteDefiner,
  findShadowedRoutes,
  type HttpMethod,
  mountedRoutes,
  routeGroup,
} from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<object>();

function route(method: HttpMethod, path: string): AnyRoute<object> {
  return defineRoute({
    method,
    path,
    summary: path,
    auth: 'open',
    responses: { 200: z.object({ path: z.string() }) },
    handler: () => ({ path }),
  });
}

function appOf(routes: AnyRoute<object>[]) {
  return quietApp({
    routes,
    ctx: {},
  });
}

describe('shadowed routes', () => {
  it.each([
    ['/api/x/{id}', '/api/x/special'],
    ['/api/x/{id}', '/api/x/{other}'],
    ['/api/x', '/API/X'],
    ['/api/files/{rest*}', '/api/files/a/b'],
    ['/api/files/{rest*}', '/api/files/{id}/raw'],
    ['/api/files/{rest*}', '/api/files/{more*}'],
    ['/api/{a}/{b}', '/api/x/y'],
    ['/api/{a*}/raw', '/api/x/{y}/raw'],
    ['/api/x/{id}', '/api/x/{user}.json'],
    ['/api/x/{user}.json', '/api/x/me.json'],
    ['/api/x/{user}.{format}', '/api/x/{name}.{kind}'],
  ])('%s registered first makes %s unreachable', (earlier, later) => {
    expect(findShadowedRoutes([route('get', earlier), route('get', later)])).toEqual([
      { earlier: `GET ${earlier}`, later: `GET ${later}` },
    ]);
  });

  it.each([
    ['/api/x/special', '/api/x/{id}'],
    ['/api/x/{id}', '/api/x/{id}/more'],
    ['/api/x/{id}', '/api/x'],
    ['/api/files/{rest*}', '/api/files'],
    ['/api/{id}', '/api/files/{rest*}'],
    ['/api/x/{id}/raw', '/api/x/{id}/{part}'],
    ['/api/x/{user}.json', '/api/x/{id}'],
    ['/api/x/{user}.json', '/api/x/me.opml'],
  ])('%s then %s is allowed: each reaches some path the other does not', (earlier, later) => {
    expect(findShadowedRoutes([route('get', earlier), route('get', later)])).toEqual([]);
  });

  it('compares only routes of the same method', () => {
    expect(findShadowedRoutes([route('get', '/a/{id}'), route('put', '/a/b')])).toEqual([]);
  });

  it('stops createApp naming both routes', () => {
    expect(() => appOf([route('get', '/api/x/{id}'), route('get', '/api/x/special')])).toThrow(
      'GET /api/x/special is unreachable: GET /api/x/{id} comes first',
    );
  });

  it('serves the specific route when it is declared first', async () => {
    const app = appOf([route('get', '/api/x/special'), route('get', '/api/x/{id}')]);
    expect((await request(app).get('/api/x/special')).body).toEqual({ path: '/api/x/special' });
    expect((await request(app).get('/api/x/other')).body).toEqual({ path: '/api/x/{id}' });
  });
});

describe('route groups', () => {
  const groups = [
    routeGroup<object, { redis?: string }>({ name: 'core', routes: [route('get', '/api/core')] }),
    routeGroup<object, { redis?: string }>({
      name: 'jobs',
      routes: [route('get', '/api/jobs'), route('post', '/api/jobs')],
      mountIf: (config) => config.redis !== undefined,
    }),
  ];

  it('mounts a conditional group only when its condition holds', async () => {
    expect(mountedRoutes(groups, {}).map((r) => r.path)).toEqual(['/api/core']);
    const all = mountedRoutes(groups, { redis: 'redis://x' });
    expect(all.map((r) => `${r.method} ${r.path}`)).toEqual([
      'get /api/core',
      'get /api/jobs',
      'post /api/jobs',
    ]);
    const without = appOf(mountedRoutes(groups, {}));
    expect((await request(without).get('/api/jobs')).status).toBe(404);
    const withRedis = appOf(all);
    expect((await request(withRedis).get('/api/jobs')).status).toBe(200);
    expect((await request(withRedis).post('/api/jobs')).status).toBe(200);
  });
});

describe('params within a segment', () => {
  it('match around the literal text, and a wrong method there is a 405', async () => {
    const app = appOf([
      route('get', '/api/x/{user}.json'),
      route('get', '/api/x/{user}/{device}.{format}'),
    ]);
    expect((await request(app).get('/api/x/ann.json')).body).toEqual({
      path: '/api/x/{user}.json',
    });
    expect((await request(app).get('/api/x/ann/my.phone.opml')).status).toBe(200);
    expect((await request(app).get('/api/x/ann.xml')).status).toBe(404);
    const wrong = await request(app).post('/api/x/ann.json');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.allow).toBe('GET, HEAD');
  });
});
