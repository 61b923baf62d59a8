import { expect, it } from '@jest/globals';
import { describeInBothModes } from './support/both-modes.js';

const WEB = { endpoint: 'https://push.example.net/send/abc', keys: { p256dh: 'BNc', auth: 'tBH' } };
const NATIVE = {
  endpoint: 'nativepush://tok1',
  kind: 'nativepush',
  platform: 'ios',
  token: 'tok1',
  app: 'x',
};

describeInBothModes('consent record and push subscriptions', (fixture) => {
  it('answers the defaults until the first save, then mints one ref that later saves keep', async () => {
    const empty = await fixture().as('get', '/api/app/comms');
    expect(empty.status).toBe(200);
    expect(empty.body.types.digest).toEqual({ email: false, push: false, in_app: true });
    expect(empty.body.unsubscribe_ref).toBeUndefined();
    const saved = await fixture()
      .as('put', '/api/app/comms')
      .send({
        types: { digest: { email: true } },
        timezone: 'Asia/Tokyo',
        unsubscribe_ref: 'mine',
      });
    expect(saved.status).toBe(200);
    expect(saved.body.unsubscribe_ref).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(saved.body.types.digest.email).toBe(true);
    const again = await fixture()
      .as('put', '/api/app/comms')
      .send({ quiet_hours: { start_hour: 22, end_hour: 7 } });
    expect(again.body.unsubscribe_ref).toBe(saved.body.unsubscribe_ref);
    expect(again.body.types.digest.email).toBe(false);
    expect((await fixture().as('get', '/api/app/comms')).body).toEqual(again.body);
  });

  it.each([
    [{ digest_schedule: { hour: 24 } }, 'body.digest_schedule.hour'],
    [{ digest_schedule: { day_of_week: 7 } }, 'body.digest_schedule.day_of_week'],
    [{ timezone: 'Mars/Olympus' }, 'body.timezone'],
    [{ quiet_hours: { start_hour: 3, end_hour: 3 } }, 'body.quiet_hours.end_hour'],
    [{ types: { digest: { email: 'yes' } } }, 'body.types.digest.email'],
  ])('refuses %j naming %s', async (body, field) => {
    const put = await fixture().as('put', '/api/app/comms').send(body);
    expect(put.status).toBe(400);
    expect(put.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('answers 503 for the VAPID key when APP_VAPID_PUBLIC_KEY is unset', async () => {
    const key = await fixture().as('get', '/api/app/push/vapid-key');
    expect(key.status).toBe(503);
    expect(key.body.detail).toMatch(/APP_VAPID_PUBLIC_KEY/);
  });

  it('stores web and native subscriptions deduplicated on endpoint; the last removal turns push off', async () => {
    await fixture()
      .as('put', '/api/app/comms')
      .send({ types: { digest: { push: true }, product: { push: true } } });
    const web = await fixture().as('post', '/api/app/push/subscribe').send(WEB);
    expect(web.body).toEqual({ endpoint: WEB.endpoint, kind: 'webpush', subscriptions: 1 });
    expect(
      (await fixture().as('post', '/api/app/push/subscribe').send(WEB)).body.subscriptions,
    ).toBe(1);
    const native = await fixture().as('post', '/api/app/push/subscribe').send(NATIVE);
    expect(native.body).toEqual({
      endpoint: NATIVE.endpoint,
      kind: 'nativepush',
      subscriptions: 2,
    });

    const first = await fixture()
      .as('post', '/api/app/push/unsubscribe')
      .send({ endpoint: WEB.endpoint });
    expect(first.body).toEqual({ removed: true, subscriptions: 1, push_enabled: true });
    expect((await fixture().as('get', '/api/app/comms')).body.types.digest.push).toBe(true);
    const last = await fixture()
      .as('post', '/api/app/push/unsubscribe')
      .send({ endpoint: NATIVE.endpoint });
    expect(last.body).toEqual({ removed: true, subscriptions: 0, push_enabled: false });
    const types = (await fixture().as('get', '/api/app/comms')).body.types;
    expect([types.digest.push, types.product.push]).toEqual([false, false]);
    const absent = await fixture()
      .as('post', '/api/app/push/unsubscribe')
      .send({ endpoint: WEB.endpoint });
    expect(absent.body).toEqual({ removed: false, subscriptions: 0, push_enabled: false });
  });

  it.each([
    [{ ...WEB, endpoint: 'http://push.example.net/x' }, 'body.endpoint'],
    [{ endpoint: WEB.endpoint }, 'body.keys'],
    [{ ...NATIVE, endpoint: 'nativepush://other' }, 'body.endpoint'],
    [{ ...NATIVE, platform: '' }, 'body.platform'],
  ])('refuses the subscription %j naming %s', async (body, field) => {
    const post = await fixture().as('post', '/api/app/push/subscribe').send(body);
    expect(post.status).toBe(400);
    expect(post.body.errors.map((error: { field: string }) => error.field)).toContain(field);
  });

  it('refuses an unsubscribe without an endpoint', async () => {
    const post = await fixture().as('post', '/api/app/push/unsubscribe').send({});
    expect(post.status).toBe(400);
    expect(post.body.errors[0].field).toBe('body.endpoint');
  });
});
