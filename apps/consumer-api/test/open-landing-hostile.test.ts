import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

describe('open landing routes under hostile input', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ appEnv: 'production' });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    '/api/app/discover?limit=%00',
    '/api/app/discover?limit=%E0%A4%A',
    '/api/app/corpus/trending-topics?limit=1%002',
  ])('GET %s answers 400, never 5xx', async (url) => {
    const res = await request(t.app).get(url);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  // Spec 01 rule 2: the avatar's id is an opaque token a client cannot validate, so an id
  // of any shape that names no one answers as an unknown well-formed one does.
  it.each([
    ['too long', `/api/app/profile/u_${'0'.repeat(300)}/avatar`],
    ['one hex digit short', '/api/app/profile/u_00000000000000000000000/avatar'],
    ['upper-case hex', '/api/app/profile/u_ABCDEF000000000000000000/avatar'],
    ['bad characters', `/api/app/profile/${encodeURIComponent('u_<script>"\'')}/avatar`],
    ['a space', '/api/app/profile/u_%2000000000000000000000000/avatar'],
    ['a NUL', '/api/app/profile/u_a%00b/avatar'],
    ['a NUL in an id of the right length', '/api/app/profile/u_00000000000%000000000000/avatar'],
    ['a truncated %-escape', '/api/app/profile/%E0%A4%A/avatar'],
    ['an invalid %-escape', '/api/app/profile/u_%FF/avatar'],
    ['a lone %', '/api/app/profile/u_%/avatar'],
    ['an encoded slash', '/api/app/profile/u_0%2F0/avatar'],
    ['an empty-looking id', '/api/app/profile/%20/avatar'],
  ])('GET the avatar of an id with %s answers 404 like an unknown id', async (_what, url) => {
    const unknown = await request(t.app).get('/api/app/profile/u_000000000000000000000000/avatar');
    const res = await request(t.app).get(url);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toBe(unknown.body.detail);
    expect(res.body.errors).toBeUndefined();
  });
});
