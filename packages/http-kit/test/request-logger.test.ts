import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import express from 'express';
import { pino } from 'pino';
import request from 'supertest';
import { requestLogger } from '../src/index.js';

function capture(level: 'info' | 'error') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = express();
  app.use(requestLogger(pino({ level }, stream)));
  app.get('/ok', (_req, res) => res.json({}));
  app.get('/boom', (_req, res) => res.status(500).json({}));
  return { app, lines };
}

describe('request logger', () => {
  it('logs id, method, path and status, never the query string', async () => {
    const { app, lines } = capture('info');
    const res = await request(app).get('/ok?q=secret+search');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      method: 'GET',
      path: '/ok',
      status: 200,
      request_id: res.headers['x-request-id'],
    });
    expect(JSON.stringify(lines)).not.toContain('secret');
  });

  it("keeps a caller's plain X-Request-Id of 1-128 characters and mints one for any other", async () => {
    const { app, lines } = capture('info');
    const kept = ['trace-1.A_b', 'x'.repeat(128)];
    for (const id of kept) {
      const res = await request(app).get('/ok').set('X-Request-Id', id);
      expect(res.headers['x-request-id']).toBe(id);
    }
    const refused = ['x'.repeat(129), 'a b', 'caf\u00e9', 'forged"}{"level":60', ''];
    for (const id of refused) {
      const res = await request(app).get('/ok').set('X-Request-Id', id);
      expect({ id, echoed: res.headers['x-request-id'] }).toEqual({
        id,
        echoed: expect.stringMatching(/^[0-9a-f-]{36}$/),
      });
    }
    expect(lines.map((line) => line.request_id).slice(0, 2)).toEqual(kept);
  });

  it('still logs a 5xx at LOG_LEVEL=error, and nothing for a 200', async () => {
    const { app, lines } = capture('error');
    await request(app).get('/ok');
    await request(app).get('/boom');
    expect(lines.map((l) => l.status)).toEqual([500]);
  });
});
