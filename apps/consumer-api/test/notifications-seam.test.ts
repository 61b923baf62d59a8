import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listOutboxOf, savePushSubscription } from '@podcast/db';
import { readComms } from '@podcast/notifications';
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
const hoursFromNow = (hours: number) => new Date(NOW.getTime() + hours * 3_600_000).toISOString();

describe('internal outbox seam', () => {
  let t: TestApp;
  let clock = NOW;
  const pull = (query: string) =>
    request(t.app).get(`/internal/outbox/pending?${query}`).set('x-internal-token', OUTBOX_TOKEN);
  const report = (id: string, body: object) =>
    request(t.app)
      .post(`/internal/outbox/${id}/status`)
      .set('x-internal-token', OUTBOX_TOKEN)
      .send(body);

  beforeAll(async () => {
    t = await buildTestApp({
      env: { INTERNAL_OUTBOX_TOKEN: OUTBOX_TOKEN, OUTBOX_LEASE_SECONDS: '60' },
    });
    t.ctx.now = () => clock;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers 503 while INTERNAL_OUTBOX_TOKEN is unset and 401 for a wrong or missing token', async () => {
    const bare = await buildTestApp();
    try {
      expect((await request(bare.app).get('/internal/outbox/pending?channel=email')).status).toBe(
        503,
      );
      expect(
        (await request(bare.app).post('/internal/outbox/x/status').send({ status: 'delivered' }))
          .status,
      ).toBe(503);
    } finally {
      await bare.close();
    }
    expect((await request(t.app).get('/internal/outbox/pending?channel=email')).status).toBe(401);
    const wrong = await request(t.app)
      .get('/internal/outbox/pending?channel=email')
      .set('x-internal-token', 'nope');
    expect(wrong.status).toBe(401);
    expect(
      (await request(t.app).post('/internal/outbox/x/status').set('x-internal-token', 'n').send({}))
        .status,
    ).toBe(401);
  });

  it.each([
    ['channel=sms', 'query.channel'],
    ['channel=email&limit=0', 'query.limit'],
    ['channel=email&limit=501', 'query.limit'],
    ['limit=5', 'query.channel'],
  ])('refuses %s naming %s', async (query, field) => {
    const res = await pull(query);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });

  it('hands out only due, unexpired, pending envelopes, oldest first, at most limit, each once while leased', async () => {
    clock = NOW;
    const { user } = await userWithComms(t.ctx, 'seam-order', ALL_ON);
    const rows = [
      envelopeRow({ userId: user.id, day: '20261103', createdAt: hoursFromNow(-3) }),
      envelopeRow({ userId: user.id, day: '20261101', createdAt: hoursFromNow(-5) }),
      envelopeRow({ userId: user.id, day: '20261102', createdAt: hoursFromNow(-4) }),
      envelopeRow({
        userId: user.id,
        day: '20261104',
        createdAt: hoursFromNow(-2),
        expiresAt: hoursFromNow(-1),
      }),
      envelopeRow({
        userId: user.id,
        day: '20261105',
        createdAt: hoursFromNow(-1),
        notBefore: hoursFromNow(2),
      }),
    ];
    expect(await enqueue(t.ctx, rows)).toBe(5);
    expect(await enqueue(t.ctx, rows)).toBe(0);
    const first = await pull('channel=email&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.envelopes.map((e: { id: string }) => e.id.slice(5, 13))).toEqual([
      '20261101',
      '20261102',
    ]);
    const second = await pull('channel=email&limit=10');
    expect(second.body.envelopes.map((e: { id: string }) => e.id.slice(5, 13))).toEqual([
      '20261103',
    ]);
    expect((await pull('channel=push&limit=10')).body.envelopes).toEqual([]);
    // The lease runs out: unreported envelopes come back; the one due later is now due.
    clock = new Date(NOW.getTime() + 3 * 3_600_000);
    const later = await pull('channel=email&limit=10');
    expect(later.body.envelopes.map((e: { id: string }) => e.id.slice(5, 13))).toEqual([
      '20261101',
      '20261102',
      '20261103',
      '20261105',
    ]);
  });

  it('enqueues each id once when two writers insert the same envelopes at the same time', async () => {
    const { user } = await userWithComms(t.ctx, 'seam-enqueue-race', ALL_ON);
    const rows = Array.from({ length: 300 }, (_, n) =>
      envelopeRow({ userId: user.id, day: String(20250000 + n), createdAt: hoursFromNow(-100) }),
    );
    const counts = await Promise.all([enqueue(t.ctx, rows), enqueue(t.ctx, [...rows].reverse())]);
    expect(counts[0] + counts[1]).toBe(300);
    expect(await listOutboxOf(t.ctx.db, user.id)).toHaveLength(300);
  });

  it('never hands the same envelope to two concurrent pulls', async () => {
    clock = new Date('2026-12-01T00:00:00Z');
    const { user } = await userWithComms(t.ctx, 'seam-concurrent', ALL_ON);
    const rows = Array.from({ length: 40 }, (_, day) =>
      envelopeRow({
        userId: user.id,
        day: `202611${String(day + 1).padStart(2, '0')}`.slice(0, 8),
        createdAt: new Date(clock.getTime() - (60 - day) * 60_000).toISOString(),
      }),
    ).filter((row, index, all) => all.findIndex((other) => other.id === row.id) === index);
    await enqueue(t.ctx, rows);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => pull('channel=email&limit=10')),
    );
    const ids = answers.flatMap((answer) => answer.body.envelopes.map((e: { id: string }) => e.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.endsWith(user.id)).sort()).toEqual(
      rows.map((row) => row.id).sort(),
    );
  });

  it('drops envelopes whose user withdrew consent or lost the subscription since enqueue', async () => {
    clock = new Date('2026-12-05T00:00:00Z');
    const paused = await userWithComms(t.ctx, 'seam-paused', {
      ...ALL_ON,
      daily_recap_schedule: { paused: true },
    });
    const off = await userWithComms(t.ctx, 'seam-off', { types: { digest: { push: true } } });
    const pushUser = await userWithComms(t.ctx, 'seam-push', ALL_ON);
    await savePushSubscription(
      t.ctx.db,
      pushUser.user.id,
      'https://push.example.net/live',
      {},
      clock,
    );
    const at = new Date(clock.getTime() - 60_000).toISOString();
    await enqueue(t.ctx, [
      envelopeRow({ userId: paused.user.id, day: '20261204', createdAt: at }),
      envelopeRow({ userId: off.user.id, day: '20261204', createdAt: at }),
      envelopeRow({
        userId: pushUser.user.id,
        day: '20261204',
        channel: 'push',
        createdAt: at,
        endpoint: 'https://push.example.net/live',
      }),
      envelopeRow({
        userId: pushUser.user.id,
        day: '20261203',
        channel: 'push',
        createdAt: at,
        endpoint: 'https://push.example.net/gone',
      }),
    ]);
    expect(
      (await pull('channel=email&limit=50')).body.envelopes.filter((e: { user_id: string }) =>
        [paused.user.id, off.user.id].includes(e.user_id),
      ),
    ).toEqual([]);
    const push = await pull('channel=push&limit=50');
    expect(push.body.envelopes.map((e: { id: string }) => e.id)).toEqual([
      `nudg_20261204-0000abcd_${pushUser.user.id}`,
    ]);
  });

  describe('status reports', () => {
    it.each([
      ['delivered', { email: true, push: true }],
      ['failed', { email: true, push: true }],
      ['bounced', { email: false, push: true }],
      ['complaint', { email: false, push: true }],
      ['suppressed', { email: false, push: true }],
    ])(
      'records %s once and applies its suppression to the recap email cell only',
      async (status, cells) => {
        const { user } = await userWithComms(t.ctx, `status-${status}`, ALL_ON);
        const [row] = [
          envelopeRow({ userId: user.id, day: '20261120', createdAt: NOW.toISOString() }),
        ];
        await enqueue(t.ctx, [row]);
        const first = await report(row.id, { status, detail: 'smtp 550' });
        expect(first.status).toBe(200);
        expect(first.body).toEqual({ id: row.id, status });
        const repeat = await report(row.id, {
          status: status === 'delivered' ? 'failed' : 'delivered',
        });
        expect(repeat.body).toEqual({ id: row.id, status });
        const comms = await readComms(t.ctx.db, user.id);
        expect({
          email: comms.types.daily_recap.email,
          push: comms.types.daily_recap.push,
        }).toEqual(cells);
        expect(comms.types.digest.email).toBe(true);
        expect((await listOutboxOf(t.ctx.db, user.id))[0]?.status).toBe(status);
      },
    );

    it('takes a relay bounce or complaint after delivered, suppresses, and keeps it', async () => {
      for (const feedback of ['bounced', 'complaint'] as const) {
        const { user } = await userWithComms(t.ctx, `feedback-${feedback}`, ALL_ON);
        const row = envelopeRow({ userId: user.id, day: '20261121', createdAt: NOW.toISOString() });
        await enqueue(t.ctx, [row]);
        expect((await report(row.id, { status: 'delivered' })).body.status).toBe('delivered');
        const late = await report(row.id, { status: feedback, detail: 'relay event e1' });
        expect(late.body).toEqual({ id: row.id, status: feedback });
        expect((await readComms(t.ctx.db, user.id)).types.daily_recap.email).toBe(false);
        // Nothing moves it on from there, not even the other feedback.
        const other = feedback === 'bounced' ? 'complaint' : 'bounced';
        expect((await report(row.id, { status: other })).body.status).toBe(feedback);
        expect((await report(row.id, { status: 'delivered' })).body.status).toBe(feedback);
      }
    });

    it('removes a bounced push endpoint and switches push off for every type', async () => {
      const { user } = await userWithComms(t.ctx, 'status-push', ALL_ON);
      await savePushSubscription(t.ctx.db, user.id, 'https://push.example.net/dead', {}, NOW);
      const row = envelopeRow({
        userId: user.id,
        day: '20261120',
        channel: 'push',
        createdAt: NOW.toISOString(),
        endpoint: 'https://push.example.net/dead',
      });
      await enqueue(t.ctx, [row]);
      expect((await report(row.id, { status: 'bounced' })).body.status).toBe('bounced');
      const comms = await readComms(t.ctx.db, user.id);
      expect([comms.types.digest.push, comms.types.daily_recap.push]).toEqual([false, false]);
      expect(comms.types.digest.email).toBe(true);
    });

    it('answers 404 for an unknown id and 400 naming a bad status', async () => {
      expect((await report('drcp_20261120_nobody', { status: 'delivered' })).status).toBe(404);
      const bad = await report('drcp_20261120_nobody', { status: 'pending' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors[0].field).toBe('body.status');
    });
  });
});
