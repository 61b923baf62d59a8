import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import { OUTBOX_TOKEN } from './support/outbox-fixtures.js';

// Each of these reached PostgreSQL with a NUL character and answered 500
// before the kit refused NUL in every request part.
describe('notification routes given a NUL character', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { INTERNAL_OUTBOX_TOKEN: OUTBOX_TOKEN } });
  });
  afterAll(async () => {
    await t.close();
  });

  const internal = (path: string) =>
    request(t.app).post(path).set('x-internal-token', OUTBOX_TOKEN);

  it.each([
    [
      'body.token',
      () =>
        request(t.app).post('/api/app/push/subscribe').send({
          endpoint: 'nativepush://device-token',
          kind: 'nativepush',
          platform: 'ios',
          token: 'tok\u0000en',
        }),
    ],
    [
      'body.endpoint',
      () =>
        request(t.app)
          .post('/api/app/push/subscribe')
          .send({
            endpoint: 'https://push.example.net/a\u0000b',
            keys: { p256dh: 'x', auth: 'y' },
          }),
    ],
    [
      'body.endpoint',
      () => request(t.app).post('/api/app/push/unsubscribe').send({ endpoint: 'x\u0000' }),
    ],
    ['query.ref', () => request(t.app).get('/api/app/comms/unsubscribe?ref=a%00b&type=digest')],
    ['query.ref', () => request(t.app).post('/api/app/comms/unsubscribe?ref=a%00b&type=digest')],
    ['params.id', () => internal('/internal/outbox/a%00b/status').send({ status: 'delivered' })],
    [
      'body.detail',
      () => internal('/internal/outbox/x/status').send({ status: 'failed', detail: 'a\u0000b' }),
    ],
  ])('answers 400 naming %s', async (field, send) => {
    const res = await send();
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });
});
