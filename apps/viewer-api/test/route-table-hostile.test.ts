import { afterAll, beforeAll, describe } from '@jest/globals';
import type { AnyRoute } from '@podcast/http-kit';
import {
  type ProbeSender,
  probeRoutesWithHostileInput,
  withProbeBody,
} from '@podcast/testing/route-probes';
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

let setup: ViewerOnRedis;

beforeAll(() => {
  setup = viewerOnRedis('viewer-hostile', TOKEN);
});

afterAll(() => setup.close());

const send: ProbeSender<AnyRoute<ViewerCtx>> = async (route, url, body) => {
  const call = request(setup.viewer.app)[route.method](url).set('Authorization', `Bearer ${TOKEN}`);
  return withProbeBody(call, body);
};

describe('every viewer route under hostile input', () => {
  probeRoutesWithHostileInput(
    viewerRouteGroups.flatMap((group) => group.routes),
    send,
    ['path', 'relpath', 'limit', 'q'],
  );
});
