import { afterAll, beforeAll, describe } from '@jest/globals';
import type { AnyRoute } from '@podcast/http-kit';
import {
  type ProbeSender,
  probeRoutesWithHostileInput,
  withProbeBody,
} from '@podcast/testing/route-probes';
import request from 'supertest';
import type { ConsumerCtx } from '../src/context.js';
import { consumerRoutes } from '../src/routes/index.js';
import { buildProductionTestApp, type TestApp } from './support/build-test-app.js';
import { sessionCookieFor } from './support/session-cookie-for.js';

/*
 * Every declared route, signed in, fed what an adversary tries first
 * (@podcast/testing hostile-input.ts): never a 5xx, except the spec's 503 of
 * a feature this server has not configured (sign-in, Web Push), which says
 * so. Generated from the route table, so a new route is probed too.
 */

const SECRET = 'a-route-table-hostile-secret-of-32!!';
const INTERNAL = 'an-internal-token-of-some-length';

let t: TestApp;
let cookie = '';
let syncBasic = '';

beforeAll(async () => {
  t = await buildProductionTestApp(SECRET, { env: { INTERNAL_OUTBOX_TOKEN: INTERNAL } });
  cookie = (await sessionCookieFor(t.ctx, 'hostile')).cookie;
  // The sync routes' user name is the probes' filler for every path
  // parameter, so their bodies and queries get past the credential check.
  const syncUser = (await sessionCookieFor(t.ctx, 'some-id')).cookie;
  const minted = await request(t.app)
    .post('/api/app/sync/app-passwords')
    .set('Cookie', syncUser)
    .send({ name: 'probe' });
  if (minted.body.username !== 'some-id') {
    throw new Error(`the probe's sync user is ${minted.body.username}`);
  }
  syncBasic = `Basic ${Buffer.from(`${minted.body.username}:${minted.body.password}`).toString('base64')}`;
});

afterAll(async () => {
  await t.close();
});

const send: ProbeSender<AnyRoute<ConsumerCtx>> = async (route, url, body) => {
  const call = request(t.app)
    [route.method](url)
    .set('Cookie', cookie)
    .set('X-Internal-Token', INTERNAL)
    .set(
      'Authorization',
      route.auth === 'sync' || route.auth === 'sync-or-token'
        ? syncBasic
        : 'Bearer pmat_not-a-token',
    );
  return withProbeBody(call, body);
};

describe('every consumer route under hostile input', () => {
  probeRoutesWithHostileInput(consumerRoutes, send, ['path', 'limit', 'q']);
});
