import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyRoute } from '@podcast/http-kit';
import {
  copySampleCorpus,
  createRedisPrefix,
  type RedisPrefix,
  type SampleCorpusCopy,
} from '@podcast/testing';
import request from 'supertest';
import type { ViewerCtx } from '../src/context.js';
import { viewerRouteGroups } from '../src/routes/index.js';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';

/*
 * Every route of every group (the jobs group mounted, on a real Redis),
 * with the operator token, fed hostile path segments, query strings and
 * bodies: never a 5xx, except the 503 of a feature the spec lets be absent
 * (it says so). Generated from the route table, so new routes are probed too.
 */

const TOKEN = 'route-table-hostile-operator';
const SEGMENTS = ['%00', '%E0%A4%A', 'x'.repeat(300), '..%2F..%2Fetc', '.hidden'];
const QUERY = ['%00', '%E0%A4%A', 'q'.repeat(3000), '..%2F..%2Fetc%2Fpasswd'];
const BODIES: unknown[] = [
  { '\u0000': 1 },
  { a: 'b\u0000c' },
  [[[[[[[[[[]]]]]]]]]],
  'just a string',
  { content: 'x'.repeat(10_000), only: ['a'.repeat(300)] },
];

const routes = viewerRouteGroups.flatMap((group) => group.routes);
const table = routes.map((route) => [route.method.toUpperCase(), route.path, route] as const);

let redis: RedisPrefix;
let corpus: SampleCorpusCopy;
let viewer: ViewerTestApp;

beforeAll(() => {
  redis = createRedisPrefix();
  corpus = copySampleCorpus('viewer-hostile');
  viewer = buildViewerTestApp({
    corpusDir: corpus.corpusDir,
    operatorToken: TOKEN,
    env: { REDIS_URL: redis.url, REDIS_PREFIX: redis.prefix },
  });
});

afterAll(async () => {
  await viewer.close();
  await redis.close();
  corpus.remove();
});

function urlWith(route: AnyRoute<ViewerCtx>, segment: string): string {
  return route.path.replace(/\{(\w+)\*\}/g, segment).replace(/\{(\w+)\}/g, segment);
}

function expectHandled(res: { status: number; body: { detail?: string } }) {
  if (res.status === 503) {
    expect(res.body.detail).toBeTruthy();
    return;
  }
  expect(res.status).toBeLessThan(500);
}

const send = (route: AnyRoute<ViewerCtx>, url: string) =>
  request(viewer.app)[route.method](url).set('Authorization', `Bearer ${TOKEN}`);

describe('every viewer route under hostile input', () => {
  it.each(table.filter(([, path]) => path.includes('{')))(
    '%s %s: hostile path segments are never a 5xx',
    async (_m, _p, route) => {
      for (const segment of SEGMENTS) {
        expectHandled(await send(route, urlWith(route, segment)));
      }
    },
  );

  it.each(table)('%s %s: hostile query strings are never a 5xx', async (_m, _p, route) => {
    const base = urlWith(route, 'some-id');
    for (const value of QUERY) {
      expectHandled(
        await send(route, `${base}?path=${value}&relpath=${value}&limit=${value}&q=${value}`),
      );
    }
  });

  it.each(table.filter(([, , route]) => route.method !== 'get' && route.method !== 'delete'))(
    '%s %s: hostile bodies are never a 5xx',
    async (_m, _p, route) => {
      const url = urlWith(route, 'some-id');
      for (const body of BODIES) {
        expectHandled(
          await send(route, url).set('Content-Type', 'application/json').send(JSON.stringify(body)),
        );
      }
    },
  );
});
