import { createServer, type IncomingMessage, type Server } from 'node:http';
import { afterEach, describe, expect, it } from '@jest/globals';
import { queryInt, z } from '@podcast/contracts';
import type { Express } from 'express';
import { appServer, createRouteDefiner } from '../src/index.js';
import { quietApp } from './quiet-app.js';

/** Answers with what express's request methods read: a header, a path parameter, a query number. */
const echo = createRouteDefiner<{ greeting: string }>()({
  method: 'get',
  path: '/api/echo/{word}',
  summary: 'Echoes',
  auth: 'open',
  params: z.object({ word: z.string().min(2) }),
  query: z.object({ times: queryInt(1, 3).default(1) }),
  responses: { 200: z.object({ text: z.string(), agent: z.string() }) },
  handler: ({ params, query, ctx, req }) => ({
    text: `${ctx.greeting} ${params.word}`.repeat(query.times),
    agent: req.get('user-agent') ?? '',
  }),
});

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((done) => server.close(() => done(null)))),
  );
});

/** Starts `server` and records, for each request, whether it arrived with the app's prototype already. */
async function start(app: Express, server: Server) {
  const arrivedAsApp: boolean[] = [];
  server.prependListener('request', (req: IncomingMessage) => {
    arrivedAsApp.push(Object.getPrototypeOf(req) === app.request);
  });
  servers.push(server);
  server.listen(0, '127.0.0.1');
  await new Promise((done) => server.once('listening', done));
  const { port } = server.address() as { port: number };
  return { base: `http://127.0.0.1:${port}`, arrivedAsApp };
}

describe('appServer', () => {
  it('serves the app with requests born with its prototypes (no prototype switch per request)', async () => {
    const app = quietApp({ routes: [echo], ctx: { greeting: 'hi' } });
    const { base, arrivedAsApp } = await start(app, appServer(app));
    const ok = await fetch(`${base}/api/echo/ada?times=2`, { headers: { 'user-agent': 'probe' } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ text: 'hi adahi ada', agent: 'probe' });
    const invalid = await fetch(`${base}/api/echo/a`);
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { detail: string }).detail).toMatch(/word/);
    expect((await fetch(`${base}/api/nowhere`)).status).toBe(404);
    expect(arrivedAsApp).toEqual([true, true, true]);
  });

  it('is what a stock server is not: express switches those prototypes on arrival', async () => {
    const app = quietApp({ routes: [echo], ctx: { greeting: 'hi' } });
    const { base, arrivedAsApp } = await start(app, createServer(app));
    expect((await fetch(`${base}/api/echo/ada`)).status).toBe(200);
    expect(arrivedAsApp).toEqual([false]);
  });
});
