import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyRoute } from '@podcast/http-kit';
import {
  concretePath,
  HOSTILE_BODIES,
  HOSTILE_QUERY_VALUES,
  HOSTILE_SEGMENTS,
  unhandledAnswer,
} from '@podcast/testing';
import request from 'supertest';
import type { ViewerCtx } from '../src/context.js';
import { viewerRouteGroups } from '../src/routes/index.js';
import { type ViewerOnRedis, viewerOnRedis } from './support/jobs-harness.js';

/*
 * Every route of every group (the jobs group mounted, on a real Redis), with
 * the operator token, fed what an adversary tries first: never a 5xx but a
 * 503 that says what is not configured. Generated from the route table.
 */

const TOKEN = 'route-table-hostile-operator';
const routes = viewerRouteGroups.flatMap((group) => group.routes);
const table = routes.map((route) => [route.method.toUpperCase(), route.path, route] as const);

let setup: ViewerOnRedis;

beforeAll(() => {
  setup = viewerOnRedis('viewer-hostile', TOKEN);
});

afterAll(() => setup.close());

const send = (route: AnyRoute<ViewerCtx>, url: string) =>
  request(setup.viewer.app)[route.method](url).set('Authorization', `Bearer ${TOKEN}`);

describe('every viewer route under hostile input', () => {
  it.each(table.filter(([, path]) => path.includes('{')))(
    '%s %s: hostile path segments',
    async (_m, _p, route) => {
      for (const segment of HOSTILE_SEGMENTS) {
        expect(unhandledAnswer(await send(route, concretePath(route.path, segment)))).toBeNull();
      }
    },
  );

  it.each(table)('%s %s: hostile query strings', async (_m, _p, route) => {
    const base = concretePath(route.path, 'some-id');
    for (const v of HOSTILE_QUERY_VALUES) {
      const url = `${base}?path=${v}&relpath=${v}&limit=${v}&q=${v}`;
      expect(unhandledAnswer(await send(route, url))).toBeNull();
    }
  });

  it.each(table.filter(([, , route]) => route.method !== 'get' && route.method !== 'delete'))(
    '%s %s: hostile bodies',
    async (_m, _p, route) => {
      const url = concretePath(route.path, 'some-id');
      for (const body of HOSTILE_BODIES) {
        const res = await send(route, url)
          .set('Content-Type', 'application/json')
          .send(JSON.stringify(body));
        expect(unhandledAnswer(res)).toBeNull();
      }
    },
  );
});
