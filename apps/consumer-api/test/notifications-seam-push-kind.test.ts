import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { savePushSubscription } from '@podcast/db';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';
import {
  ALL_ON,
  enqueue,
  envelopeRow,
  OUTBOX_TOKEN,
  userWithComms,
} from './support/outbox-fixtures.js';

const NOW = new Date('2026-11-23T12:00:00Z');
const WEB = 'https://push.example.net/kind-web';
const NATIVE = 'nativepush://kind-token';

describe('internal outbox seam: pulling one push kind', () => {
  let t: TestApp;
  let clock = NOW;
  const pull = (query: string) =>
    request(t.app).get(`/internal/outbox/pending?${query}`).set('x-internal-token', OUTBOX_TOKEN);
  const idsOf = (res: request.Response) =>
    res.body.envelopes.map((envelope: { id: string }) => envelope.id);

  beforeAll(async () => {
    t = await buildTestApp({
      env: { INTERNAL_OUTBOX_TOKEN: OUTBOX_TOKEN, OUTBOX_LEASE_SECONDS: '60' },
    });
    t.ctx.now = () => clock;
    const { user } = await userWithComms(t.ctx, 'kinds', ALL_ON);
    for (const endpoint of [WEB, NATIVE]) {
      await savePushSubscription(t.ctx.db, user.id, endpoint, {}, NOW);
    }
    const createdAt = new Date(NOW.getTime() - 60_000).toISOString();
    const push = { userId: user.id, channel: 'push' as const, createdAt };
    await enqueue(t.ctx, [
      envelopeRow({ ...push, day: '20261122', endpoint: WEB }),
      envelopeRow({ ...push, day: '20261123', endpoint: NATIVE }),
    ]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('hands out only the kind asked for and leaves the other pending, every kind without it', async () => {
    const native = await pull('channel=push&kind=nativepush');
    expect(native.status).toBe(200);
    expect(native.body.envelopes.map((e: { recipient: object }) => e.recipient)).toEqual([
      { push_subscription: expect.objectContaining({ endpoint: NATIVE, kind: 'nativepush' }) },
    ]);
    const web = await pull('channel=push&kind=webpush');
    expect(web.body.envelopes).toEqual([
      expect.objectContaining({
        recipient: { push_subscription: expect.objectContaining({ endpoint: WEB }) },
      }),
    ]);
    expect((await pull('channel=push&kind=webpush')).body.envelopes).toEqual([]);
    // Both were leased to the pulls above, and neither was failed: both come back to an
    // unfiltered pull once the leases end.
    clock = new Date(NOW.getTime() + 120_000);
    expect(idsOf(await pull('channel=push'))).toHaveLength(2);
  });

  it.each([
    ['channel=email&kind=webpush', 'query.kind'],
    ['channel=push&kind=apns', 'query.kind'],
  ])('answers 400 for %s naming %s', async (query, field) => {
    const res = await pull(query);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });
});
