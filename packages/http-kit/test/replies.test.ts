import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { z } from '@podcast/contracts';
import request from 'supertest';
import { createRouteDefiner, fileReply, rawReply, redirect, reply } from '../src/index.js';
import { quietApp } from './quiet-app.js';

let dir: string;
let filePath: string;
const defineRoute = createRouteDefiner<{ file: () => string }>();

async function openFile(file: string) {
  const handle = await open(file, 'r');
  const stats = await handle.stat();
  return { handle, size: stats.size, mtime: stats.mtime };
}

const routes = [
  defineRoute({
    method: 'get',
    path: '/login',
    summary: 'Redirects with a cookie set and one cleared',
    auth: 'open',
    responses: { 307: z.null() },
    handler: () =>
      redirect(307, 'https://idp.example/authorize?x=1')
        .setCookie('state', 'abc', { httpOnly: true, path: '/cb' })
        .clearCookie('old', { path: '/' }),
  }),
  defineRoute({
    method: 'post',
    path: '/logout',
    summary: 'No content, a cookie cleared',
    auth: 'open',
    responses: { 204: z.null() },
    handler: () => reply(204).clearCookie('session', { path: '/' }),
  }),
  defineRoute({
    method: 'get',
    path: '/export',
    summary: 'A text document with its own type',
    auth: 'open',
    responses: { 200: { description: 'OPML', contentType: 'text/x-opml' } },
    handler: () =>
      rawReply(200, 'text/x-opml; charset=utf-8', '<opml/>', {
        'Content-Disposition': 'attachment; filename="s.opml"',
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/undeclared-raw',
    summary: 'A raw body under a JSON status',
    auth: 'open',
    responses: { 200: z.object({ a: z.number() }) },
    handler: () => rawReply(200, 'text/plain', 'nope'),
  }),
  defineRoute({
    method: 'get',
    path: '/file',
    summary: 'A file with ranges',
    auth: 'open',
    responses: {
      200: { description: 'bytes', contentType: 'audio/*' },
      206: { description: 'a range', contentType: 'audio/*' },
      304: { description: 'not modified', contentType: 'audio/*' },
      416: { description: 'no such range', contentType: 'audio/*' },
    },
    handler: async ({ ctx }) =>
      fileReply(await openFile(ctx.file()), { contentType: 'audio/mpeg', ranges: true }),
  }),
];

function app() {
  return quietApp({
    routes,
    ctx: { file: () => filePath },
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'http-kit-replies-'));
  filePath = path.join(dir, 'a.mp3');
  await writeFile(filePath, '0123456789');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('replies that are not the default JSON', () => {
  it('redirects and sets and clears cookies', async () => {
    const res = await request(app()).get('/login');
    expect(res.status).toBe(307);
    expect(res.headers.location).toBe('https://idp.example/authorize?x=1');
    const cookies = res.headers['set-cookie'] as unknown as string[];
    expect(cookies[0]).toMatch(/^state=abc; Path=\/cb; HttpOnly/);
    expect(cookies[1]).toMatch(/^old=; Path=\/; Expires=Thu, 01 Jan 1970/);
  });

  it('answers 204 without a body and with the cleared cookie', async () => {
    const res = await request(app()).post('/logout');
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(res.headers['set-cookie']?.[0]).toMatch(/^session=;/);
  });

  it('sends a raw body with its content type, length and headers; HEAD sends none', async () => {
    const res = await request(app()).get('/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/x-opml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="s.opml"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.text).toBe('<opml/>');
    const head = await request(app()).head('/export');
    expect(head.headers['content-length']).toBe('7');
    expect(head.text).toBeUndefined();
  });

  it('refuses a raw body under a status declared as JSON with a generic 500', async () => {
    const res = await request(app()).get('/undeclared-raw');
    expect(res.status).toBe(500);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('streams a file with ranges, conditional answers and 416', async () => {
    const full = await request(app()).get('/file');
    expect(full.status).toBe(200);
    expect(full.headers['content-type']).toBe('audio/mpeg');
    expect(Buffer.from(full.body).toString()).toBe('0123456789');
    const part = await request(app()).get('/file').set('range', 'bytes=2-4');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 2-4/10');
    expect(Buffer.from(part.body).toString()).toBe('234');
    const again = await request(app())
      .get('/file')
      .set('if-none-match', full.headers.etag ?? '');
    expect(again.status).toBe(304);
    const past = await request(app()).get('/file').set('range', 'bytes=50-');
    expect(past.status).toBe(416);
    expect(past.body.detail).toContain('range');
  });
});
