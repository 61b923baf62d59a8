import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import {
  bearerTokenAuth,
  createRouteDefiner,
  HttpError,
  type OperatorPrincipal,
} from '../src/index.js';
import { quietApp } from './quiet-app.js';

interface User {
  id: string;
}

const defineRoute = createRouteDefiner<
  object,
  {
    session: User;
    operator: OperatorPrincipal;
    internal: never;
    token: never;
    sync: never;
    'sync-or-token': never;
    feed: never;
  }
>();

const routes = [
  defineRoute({
    method: 'get',
    path: '/me',
    summary: 'The session user, typed without a cast',
    auth: 'session',
    responses: { 200: z.object({ id: z.string() }) },
    handler: ({ principal }) => ({ id: principal.id }),
  }),
  defineRoute({
    method: 'get',
    path: '/op',
    summary: 'The operator principal',
    auth: 'operator',
    responses: { 200: z.object({ kind: z.literal('operator') }) },
    handler: ({ principal }) => ({ kind: principal.kind }),
  }),
  defineRoute({
    method: 'get',
    path: '/open',
    summary: 'No principal',
    auth: 'open',
    responses: { 200: z.object({ anonymous: z.boolean() }) },
    handler: ({ principal }) => {
      const nothing: undefined = principal;
      return { anonymous: nothing === undefined };
    },
  }),
];

function app() {
  return quietApp({
    routes,
    ctx: {},
    authenticators: {
      session: (req) => {
        const id = req.get('x-user');
        if (!id) {
          throw new HttpError(401, 'no user');
        }
        return { id };
      },
      operator: bearerTokenAuth('s3cret', 'OPERATOR_TOKEN'),
    },
  });
}

describe('principal typed per auth class', () => {
  it('hands each handler the principal of its auth class', async () => {
    expect((await request(app()).get('/me').set('x-user', 'u1')).body).toEqual({ id: 'u1' });
    expect((await request(app()).get('/me')).status).toBe(401);
    const op = await request(app()).get('/op').set('authorization', 'Bearer s3cret');
    expect(op.body).toEqual({ kind: 'operator' });
    expect((await request(app()).get('/open')).body).toEqual({ anonymous: true });
  });

  it('refuses a query that does not decode before any authenticator reads it', async () => {
    const res = await request(app()).get('/me?token=%E0%A4%A');
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^query\.token: /);
  });

  it('answers 503 for a guarded class the app has no authenticator for', async () => {
    const bare = quietApp({
      routes,
      ctx: {},
    });
    const res = await request(bare).get('/me');
    expect(res.status).toBe(503);
    expect(res.body.detail).toContain('session');
  });
});
