import { expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { Authenticated, createRouteDefiner } from '../src/index.js';
import { quietApp } from './quiet-app.js';

const defineRoute = createRouteDefiner<
  object,
  {
    session: never;
    operator: never;
    internal: never;
    token: never;
    sync: { name: string };
    'sync-or-token': never;
    feed: never;
  }
>();

it('sets the cookies an authenticator hands back, whatever the handler answers', async () => {
  const app = quietApp({
    routes: [
      defineRoute({
        method: 'get',
        path: '/who',
        summary: 'who',
        auth: 'sync',
        responses: { 200: z.object({ name: z.string() }) },
        handler: ({ principal }) => ({ name: principal.name }),
      }),
    ],
    ctx: {},
    authenticators: {
      sync: (req) =>
        req.get('x-new') === '1'
          ? new Authenticated({ name: 'new' }, [
              { name: 'sid', value: 'v1', options: { httpOnly: true, path: '/' } },
            ])
          : { name: 'known' },
    },
  });
  const fresh = await request(app).get('/who').set('x-new', '1');
  expect(fresh.body).toEqual({ name: 'new' });
  expect(fresh.headers['set-cookie']).toEqual(['sid=v1; Path=/; HttpOnly']);
  const known = await request(app).get('/who');
  expect(known.body).toEqual({ name: 'known' });
  expect(known.headers['set-cookie']).toBeUndefined();
});
