import { describe, expect, it } from '@jest/globals';
import { Problem, queryInt, z } from '@podcast/contracts';
import request from 'supertest';
import { createRouteDefiner, reply } from '../src/index.js';
import { quietApp } from './quiet-app.js';

interface Ctx {
  scope: { version: number } | undefined;
  calls: number;
  day: string;
}
const defineRoute = createRouteDefiner<Ctx>();

const counted = defineRoute({
  method: 'get',
  path: '/api/counted',
  summary: 'Counts handler runs',
  auth: 'open',
  query: z.object({ n: queryInt(0, 9).default(0), missing: z.string().optional() }),
  responses: {
    200: z.object({ n: z.number(), version: z.number(), calls: z.number(), day: z.string() }),
    404: Problem,
  },
  cache: { scope: ({ ctx }) => ctx.scope, vary: ({ ctx }) => ctx.day },
  handler: ({ query, ctx }) => {
    ctx.calls += 1;
    if (query.missing) {
      return reply(404, {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: 'missing',
      });
    }
    return { n: query.n, version: ctx.scope?.version ?? 0, calls: ctx.calls, day: ctx.day };
  },
});

function setup() {
  const ctx: Ctx = { scope: { version: 1 }, calls: 0, day: '2026-11-21' };
  const app = quietApp({
    routes: [counted],
    ctx,
  });
  return { ctx, app };
}

describe('route response cache', () => {
  it('answers a repeated request from the cache without running the handler again', async () => {
    const { ctx, app } = setup();
    const first = await request(app).get('/api/counted?n=1');
    const second = await request(app).get('/api/counted?n=1');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers['content-type']).toMatch(/application\/json/);
    expect(ctx.calls).toBe(1);
  });

  it('keys entries by validated query, so different and equivalent queries behave as expected', async () => {
    const { ctx, app } = setup();
    await request(app).get('/api/counted?n=1');
    await request(app).get('/api/counted?n=2');
    await request(app).get('/api/counted?n=02');
    expect(ctx.calls).toBe(2);
  });

  it('starts afresh for a new scope (a new corpus snapshot) and for a new vary value', async () => {
    const { ctx, app } = setup();
    await request(app).get('/api/counted');
    ctx.scope = { version: 2 };
    const fresh = await request(app).get('/api/counted');
    expect(fresh.body.version).toBe(2);
    ctx.day = '2026-11-22';
    const nextDay = await request(app).get('/api/counted');
    expect(nextDay.body.day).toBe('2026-11-22');
    expect(ctx.calls).toBe(3);
  });

  it('answers uncached while the route gives the request no scope, and caches again after', async () => {
    const { ctx, app } = setup();
    ctx.scope = undefined;
    await request(app).get('/api/counted?n=1');
    const again = await request(app).get('/api/counted?n=1');
    expect(again.body).toMatchObject({ version: 0, calls: 2 });
    ctx.scope = { version: 3 };
    await request(app).get('/api/counted?n=1');
    await request(app).get('/api/counted?n=1');
    expect(ctx.calls).toBe(3);
  });

  it('never caches a non-default reply such as a 404', async () => {
    const { ctx, app } = setup();
    expect((await request(app).get('/api/counted?missing=x')).status).toBe(404);
    expect((await request(app).get('/api/counted?missing=x')).status).toBe(404);
    expect(ctx.calls).toBe(2);
  });
});

describe('cache scope resolution', () => {
  it('resolves the scope once per request and hands it to vary', async () => {
    const scope = { version: 7 };
    const seen: { scopeCalls: number; varied: object[] } = { scopeCalls: 0, varied: [] };
    const scoped = createRouteDefiner<typeof seen>()({
      method: 'get',
      path: '/api/scoped',
      summary: 'Records how its cache scope is resolved',
      auth: 'open',
      responses: { 200: z.object({ version: z.number() }) },
      cache: {
        scope: async ({ ctx }) => {
          ctx.scopeCalls += 1;
          return scope;
        },
        vary: ({ ctx }, resolved) => {
          ctx.varied.push(resolved);
          return String(resolved.version);
        },
      },
      handler: () => ({ version: scope.version }),
    });
    const app = quietApp({
      routes: [scoped],
      ctx: seen,
    });
    await request(app).get('/api/scoped');
    const again = await request(app).get('/api/scoped');
    expect(again.body).toEqual({ version: 7 });
    expect(seen.scopeCalls).toBe(2);
    expect(seen.varied).toEqual([scope, scope]);
    expect(seen.varied[0]).toBe(scope);
  });
});

describe('conditional requests on cached answers', () => {
  it('sends an ETag and answers a matching If-None-Match with 304 and no body', async () => {
    const { app } = setup();
    const first = await request(app).get('/api/counted?n=3');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await request(app)
      .get('/api/counted?n=3')
      .set('if-none-match', `"other", ${etag}`);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    const weak = await request(app).get('/api/counted?n=3').set('if-none-match', `W/${etag}`);
    expect(weak.status).toBe(304);
  });

  it('answers 200 with the body when the tag no longer matches (a new snapshot)', async () => {
    const { ctx, app } = setup();
    const etag = (await request(app).get('/api/counted')).headers.etag as string;
    ctx.scope = { version: 2 };
    const fresh = await request(app).get('/api/counted').set('if-none-match', etag);
    expect(fresh.status).toBe(200);
    expect(fresh.body.version).toBe(2);
    expect(fresh.headers.etag).not.toBe(etag);
  });
});

describe('cache declarations', () => {
  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'refuses a cache on a %s route',
    (method) => {
      expect(() =>
        createRouteDefiner<Ctx>()({
          method,
          path: '/api/write',
          summary: 'A write that must never be replayed',
          auth: 'open',
          responses: { 200: z.object({ ok: z.boolean() }) },
          cache: { scope: ({ ctx }) => ctx.scope },
          handler: () => ({ ok: true }),
        }),
      ).toThrow(`${method.toUpperCase()} /api/write: only GET routes may declare a response cache`);
    },
  );
});

describe('concurrent misses', () => {
  interface Gated {
    calls: number;
    opened: Promise<void>;
    failFirst: boolean;
  }
  const gatedRoute = createRouteDefiner<Gated>()({
    method: 'get',
    path: '/api/gated',
    summary: 'Waits for a gate before answering',
    auth: 'open',
    query: z.object({ missing: z.string().optional() }),
    responses: { 200: z.object({ calls: z.number() }), 404: Problem },
    cache: { scope: () => gatedScope },
    handler: async ({ query, ctx }) => {
      ctx.calls += 1;
      const call = ctx.calls;
      await ctx.opened;
      if (ctx.failFirst && call === 1) {
        throw new Error('the first run fails');
      }
      if (query.missing) {
        return reply(404, { type: 'about:blank', title: 'Not Found', status: 404, detail: 'x' });
      }
      return { calls: call };
    },
  });
  const gatedScope = {};

  async function gatedApp(failFirst = false) {
    let open: () => void = () => {};
    const ctx: Gated = {
      calls: 0,
      failFirst,
      opened: new Promise((resolve) => {
        open = resolve;
      }),
    };
    const app = quietApp({ routes: [gatedRoute], ctx });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    return { ctx, open, server, base: `http://127.0.0.1:${port}` };
  }

  async function burst(base: string, path: string, n: number, open: () => void) {
    const answers = Array.from({ length: n }, () => fetch(`${base}${path}`));
    await new Promise((r) => setTimeout(r, 100));
    open();
    return Promise.all(
      answers.map(async (a) => {
        const res = await a;
        return { status: res.status, body: (await res.json()) as { calls?: number } };
      }),
    );
  }

  it('makes one answer for a burst of identical misses and sends it to all of them', async () => {
    const { ctx, open, server, base } = await gatedApp();
    try {
      const answers = await burst(base, '/api/gated', 8, open);
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      expect(answers.map((a) => a.body.calls)).toEqual(Array(8).fill(1));
      expect(ctx.calls).toBe(1);
    } finally {
      server.close();
    }
  });

  it('lets each waiter answer on its own when the shared run keeps nothing (404, error)', async () => {
    const notFound = await gatedApp();
    try {
      const answers = await burst(notFound.base, '/api/gated?missing=x', 4, notFound.open);
      expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
    } finally {
      notFound.server.close();
    }
    const failing = await gatedApp(true);
    try {
      const answers = await burst(failing.base, '/api/gated', 4, failing.open);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([200, 200, 200, 500]);
      // The waiters re-ran the handler after the failure; one of them kept its answer.
      expect(failing.ctx.calls).toBeGreaterThanOrEqual(2);
      const again = await fetch(`${failing.base}/api/gated`);
      expect(again.status).toBe(200);
    } finally {
      failing.server.close();
    }
  });
});
