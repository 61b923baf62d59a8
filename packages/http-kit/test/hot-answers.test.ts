import { describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { createHotAnswers, createRouteDefiner, type HotAnswers } from '../src/index.js';
import { HOT_HITS } from '../src/response-cache.js';
import { quietApp } from './quiet-app.js';

/** What the routes answer from: a scope object the test replaces, as a new corpus snapshot would be. */
interface Ctx {
  scope: { version: number };
  calls: Record<string, number>;
  /** While set, the slow route's handler waits for it. */
  gate?: Promise<void>;
  failing: boolean;
}

function setup(hot: HotAnswers) {
  const ctx: Ctx = { scope: { version: 1 }, calls: {}, failing: false };
  const defineRoute = createRouteDefiner<Ctx>();
  const count = (name: string) => {
    ctx.calls[name] = (ctx.calls[name] ?? 0) + 1;
  };
  const answer = z.object({ name: z.string(), version: z.number() });
  const routes = [
    defineRoute({
      method: 'get',
      path: '/api/page',
      summary: 'A cached answer of the current scope',
      auth: 'open',
      query: z.object({ n: z.string().optional() }),
      responses: { 200: answer },
      cache: { scope: ({ ctx }) => ctx.scope },
      handler: async ({ ctx, query }) => {
        count(`page ${query.n ?? ''}`);
        await ctx.gate;
        return { name: `page ${query.n ?? ''}`, version: ctx.scope.version };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/long',
      summary: 'A cached answer long enough to be compressed',
      auth: 'open',
      responses: { 200: z.object({ text: z.string(), version: z.number() }) },
      cache: { scope: ({ ctx }) => ctx.scope },
      handler: ({ ctx }) => {
        count('long');
        // Varied words, so brotli's best quality makes fewer bytes than its first pass.
        const words = Array.from({ length: 900 }, (_, i) => `w${(i * 7919) % 613}`);
        return { text: words.join(' '), version: ctx.scope.version };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/flaky',
      summary: 'A cached answer that fails once the test says so',
      auth: 'open',
      responses: { 200: answer },
      cache: { scope: ({ ctx }) => ctx.scope },
      handler: ({ ctx }) => {
        count('flaky');
        if (ctx.failing) {
          throw new Error('the source went away');
        }
        return { name: 'flaky', version: ctx.scope.version };
      },
    }),
  ];
  return { ctx, app: quietApp({ routes, ctx, hotAnswers: hot }) };
}

const warnings: string[] = [];
const logger = { warn: (_fields: object, message: string) => warnings.push(message) };

async function ask(app: ReturnType<typeof setup>['app'], path: string, times = 1) {
  let last: request.Response | undefined;
  for (let i = 0; i < times; i++) {
    last = await request(app).get(path);
    expect(last.status).toBe(200);
  }
  return last as request.Response;
}

/**
 * Makes `/api/page?n=a` hot, replaces the scope, and starts a refresh whose
 * remake is held in the handler until `open` is called.
 */
async function refreshHeld(hot: HotAnswers, app: ReturnType<typeof setup>['app'], ctx: Ctx) {
  await ask(app, '/api/page?n=a', HOT_HITS + 1);
  ctx.scope = { version: 2 };
  let open: () => void = () => undefined;
  ctx.gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const refreshed = hot.refresh();
  while (ctx.calls['page a'] !== 2) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { refreshed, open };
}

describe('hot answers', () => {
  it('makes an answer served HOT_HITS times again for a new scope, before its next request', async () => {
    const hot = createHotAnswers({ logger });
    const { app, ctx } = setup(hot);
    // The first request makes the answer; HOT_HITS hits after it make it hot.
    await ask(app, '/api/page?n=a', HOT_HITS + 1);
    await ask(app, '/api/page?n=b', HOT_HITS); // one hit short
    expect(hot.size).toBe(1);
    expect(ctx.calls).toEqual({ 'page a': 1, 'page b': 1 });

    ctx.scope = { version: 2 };
    await hot.refresh();
    expect(ctx.calls).toEqual({ 'page a': 2, 'page b': 1 });
    const res = await ask(app, '/api/page?n=a');
    expect(res.body).toEqual({ name: 'page a', version: 2 });
    expect(ctx.calls['page a']).toBe(2); // answered from what the refresh made
    // A refresh with nothing new to make runs no handler.
    await hot.refresh();
    expect(ctx.calls['page a']).toBe(2);
    // b was not hot: made on its request.
    expect((await ask(app, '/api/page?n=b')).body.version).toBe(2);
    expect(ctx.calls['page b']).toBe(2);
  });

  it('makes the coding its requests asked for with the answer', async () => {
    const hot = createHotAnswers({ logger });
    const { app, ctx } = setup(hot);
    const brotli = () => request(app).get('/api/long').set('accept-encoding', 'br');
    for (let i = 0; i <= HOT_HITS; i++) {
      expect((await brotli()).headers['content-encoding']).toBe('br');
    }
    ctx.scope = { version: 2 };
    await hot.refresh();
    expect(ctx.calls.long).toBe(2);
    // Brotli bytes served HOT_HITS times are made again at best quality.
    // Only bytes already made count, so the HOT_HITS-th request after the
    // refresh starts that pass only if the refresh made them.
    for (let i = 0; i < HOT_HITS; i++) {
      expect((await brotli()).headers.etag).toMatch(/-br"$/);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const best = await brotli();
    expect(best.headers.etag).toMatch(/-br-best"$/);
    expect(JSON.parse(best.text).version).toBe(2);
  });

  it('lets a request that arrives while the answer is being made again wait for it', async () => {
    const hot = createHotAnswers({ logger });
    const { app, ctx } = setup(hot);
    const { refreshed, open } = await refreshHeld(hot, app, ctx);
    const waiting = request(app).get('/api/page?n=a');
    const answered = waiting.then((res) => res.body);
    await new Promise((resolve) => setTimeout(resolve, 20));
    open();
    await refreshed;
    expect(await answered).toEqual({ name: 'page a', version: 2 });
    expect(ctx.calls['page a']).toBe(2);
  });

  it('forgets answers hot longer ago than hotForMs, and keeps the most recent max', async () => {
    let nowMs = 0;
    const hot = createHotAnswers({ logger, max: 2, hotForMs: 1000, now: () => nowMs });
    const { app, ctx } = setup(hot);
    for (const n of ['a', 'b', 'c']) {
      await ask(app, `/api/page?n=${n}`, HOT_HITS + 1);
    }
    expect(hot.size).toBe(2); // a was pushed out by c
    ctx.scope = { version: 2 };
    await hot.refresh();
    expect(ctx.calls).toEqual({ 'page a': 1, 'page b': 2, 'page c': 2 });
    nowMs = 1001;
    ctx.scope = { version: 3 };
    await hot.refresh();
    expect(ctx.calls).toEqual({ 'page a': 1, 'page b': 2, 'page c': 2 });
    expect(hot.size).toBe(0);
  });

  it('logs an answer that fails to be made again and goes on with the others; its request then fails as before', async () => {
    warnings.length = 0;
    const hot = createHotAnswers({ logger });
    const { app, ctx } = setup(hot);
    await ask(app, '/api/flaky', HOT_HITS + 1);
    await ask(app, '/api/page?n=a', HOT_HITS + 1);
    ctx.scope = { version: 2 };
    ctx.failing = true;
    await hot.refresh();
    expect(warnings).toEqual(['hot answer not made again']);
    expect(ctx.calls).toEqual({ flaky: 2, 'page a': 2 });
    expect((await request(app).get('/api/flaky')).status).toBe(500);
    ctx.failing = false;
    expect((await ask(app, '/api/flaky')).body).toEqual({ name: 'flaky', version: 2 });
  });

  it('runs once more when refreshed during a run, and never two runs at once', async () => {
    const hot = createHotAnswers({ logger });
    const { app, ctx } = setup(hot);
    const { refreshed: first, open } = await refreshHeld(hot, app, ctx);
    ctx.scope = { version: 3 };
    const second = hot.refresh();
    expect(second).toBe(first);
    ctx.gate = undefined;
    open();
    await first;
    expect(ctx.calls['page a']).toBe(3);
    expect((await ask(app, '/api/page?n=a')).body.version).toBe(3);
    expect(ctx.calls['page a']).toBe(3);
  });

  it('is off without hotAnswers: a new scope makes answers on request only', async () => {
    const ctx: Ctx = { scope: { version: 1 }, calls: {}, failing: false };
    const defineRoute = createRouteDefiner<Ctx>();
    const app = quietApp({
      ctx,
      routes: [
        defineRoute({
          method: 'get',
          path: '/api/page',
          summary: 'A cached answer',
          auth: 'open',
          responses: { 200: z.object({ version: z.number() }) },
          cache: { scope: ({ ctx }) => ctx.scope },
          handler: ({ ctx }) => {
            ctx.calls.page = (ctx.calls.page ?? 0) + 1;
            return { version: ctx.scope.version };
          },
        }),
      ],
    });
    await ask(app, '/api/page', HOT_HITS + 1);
    ctx.scope = { version: 2 };
    expect(ctx.calls.page).toBe(1);
    expect((await ask(app, '/api/page')).body).toEqual({ version: 2 });
    expect(ctx.calls.page).toBe(2);
  });
});
