import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { listAppPasswords, listFeedTokens } from '@podcast/db';
import request from 'supertest';
import { openSyncFixture, type SyncFixture, type SyncUser } from './support/sync-fixture.js';

/*
 * The overlay feeds, their files, the feed tokens and the names given to
 * the feeds' credentials under what an adversary sends: a 4xx naming the
 * field or the thing not found, never a 5xx, never a file from outside the
 * catalog, and no token, password or device stored.
 */

let f: SyncFixture;
let ana: SyncUser;
const HOST = 'feeds.test';

beforeAll(async () => {
  f = await openSyncFixture('feeds-hostile');
  ana = await f.user('ana');
});
afterAll(() => f.close());

const get = (url: string) => request(f.t.app).get(url).set('host', HOST).set('cookie', ana.cookie);

const FILES = ['transcript.vtt', 'transcript.srt', 'transcript.json', 'chapters.json'];

/** Path segments refused by validation: a 400 whose detail names `field`. */
const INVALID_SEGMENTS: [string, string][] = [
  ['%00', 'must not contain a NUL character'],
  ['a%00b', 'must not contain a NUL character'],
  ['%E0%A4%A', 'percent-encoded'],
  ['%zz', 'percent-encoded'],
  ['x'.repeat(301), ''],
];

/** Path segments that reach no episode and no file: a 404 and nothing from the disk. */
const UNKNOWN_SEGMENTS = [
  '..',
  '%2e%2e',
  '.git',
  '.hidden',
  '.trash',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fmetadata',
  '..%5C..%5Cwindows',
  'x'.repeat(200),
  '%E2%80%AEgnp.exe',
  '%C2%85%07',
];

describe('the files of an overlay feed, asked for hostile slugs', () => {
  it.each(FILES.flatMap((file) => INVALID_SEGMENTS.map(([slug, words]) => [file, slug, words])))(
    '%s answers 400 naming the slug for %s',
    async (file, slug, words) => {
      const res = await get(`/api/app/episodes/${slug}/${file}`);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/slug|path/);
      expect(res.body.detail).toContain(words);
    },
  );

  it.each(FILES.flatMap((file) => UNKNOWN_SEGMENTS.map((slug) => [file, slug])))(
    '%s answers 404 for %s, serving no file',
    async (file, slug) => {
      const res = await get(`/api/app/episodes/${slug}/${file}`);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    },
  );

  it('answers 431 for a 100 KB slug without reading it', async () => {
    const res = await get(`/api/app/episodes/${'x'.repeat(100_000)}/transcript.vtt`);
    expect(res.status).toBe(431);
  });
});

describe("a show's overlay feed, asked for hostile feed ids", () => {
  it.each(INVALID_SEGMENTS)('answers 400 naming feed_id for %s', async (feedId, words) => {
    const res = await get(`/api/app/feeds/${feedId}/podcast.xml`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/feed_id|path/);
    expect(res.body.detail).toContain(words);
  });

  it.each(UNKNOWN_SEGMENTS)('answers 404 for %s', async (feedId) => {
    const res = await get(`/api/app/feeds/${feedId}/podcast.xml`);
    expect(res.status).toBe(404);
  });
});

describe('the query of the feeds', () => {
  const FEEDS = ['/api/app/me/queue.xml', '/api/app/me/library.xml'];

  it.each(FEEDS.flatMap((feed) => ['%zz', '%E0%A4%A', 'ab%2'].map((bad) => [feed, bad])))(
    '%s answers 400 naming the token for the escape %s',
    async (feed, bad) => {
      const res = await get(`${feed}?token=${bad}`);
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^query\.token: /);
    },
  );

  it.each(FEEDS)('%s refuses a repeated token, and a token of 100 KB', async (feed) => {
    expect((await get(`${feed}?token=a&token=b`)).status).toBe(401);
    expect((await get(`${feed}?token=${'t'.repeat(10_000)}`)).status).toBe(401);
    expect((await get(`${feed}?token=${'t'.repeat(100_000)}`)).status).toBe(431);
  });
});

/** Names refused wherever a user names a credential or a device: a 400 naming the field. */
const HOSTILE_NAMES: [string, unknown][] = [
  ['a NUL byte', 'phone\u0000'],
  ['a right-to-left override', 'AntennaPod \u202Egnp.exe'],
  ['a bidirectional isolate', 'phone \u2067x\u2069'],
  ['a control character', 'phone\u0007\u001b[31m'],
  ['a line break', 'phone\nadmin'],
];

describe('feed tokens under hostile input', () => {
  const mint = (body: unknown) =>
    request(f.t.app)
      .post('/api/app/feeds/tokens')
      .set('cookie', ana.cookie)
      .send(body as object);

  it.each([
    ...HOSTILE_NAMES.map(([what, name]): [string, unknown, string] => [
      what,
      { name },
      'body.name',
    ]),
    ['a name of 300 bytes', { name: 'n'.repeat(300) }, 'body.name'],
    ['a name of 100 KB', { name: 'n'.repeat(100_000) }, 'body.name'],
    ['a list for the name', { name: ['a', 'b'] }, 'body.name'],
    ['a number for the name', { name: 1e9 }, 'body.name'],
    ['a blank name', { name: ' \t ' }, 'body.name'],
    ['a field it does not know', { name: 'phone', scope: 'admin' }, 'body'],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_what, body, field) => {
    const res = await mint(body);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
    expect(await listFeedTokens(f.t.ctx.db, ana.userId)).toEqual([]);
  });

  it('keeps a name in any script, with emoji', async () => {
    const res = await mint({ name: 'Überall 📻 ラジオ' });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Überall 📻 ラジオ');
    await request(f.t.app)
      .delete(`/api/app/feeds/tokens?id=${res.body.id}`)
      .set('cookie', ana.cookie)
      .expect(204);
  });

  it.each([
    ['?id=%00', 'query.id'],
    ['?id=ft_%zz', 'query.id'],
    ['?id=a&id=b', 'query.id'],
    [`?id=ft_${'0'.repeat(300)}`, 'query.id'],
    ['?id=..%2F..%2Fetc', 'query.id'],
    ['', 'query.id'],
  ])('revoking with %s answers 400 naming %s', async (query, field) => {
    const res = await request(f.t.app)
      .delete(`/api/app/feeds/tokens${query}`)
      .set('cookie', ana.cookie);
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(new RegExp(`^${field.replace('.', '\\.')}`));
  });
});

describe('the names of app passwords and devices under hostile input', () => {
  it.each(HOSTILE_NAMES)(
    'refuses an app password named with %s, storing nothing',
    async (_what, name) => {
      const res = await request(f.t.app)
        .post('/api/app/sync/app-passwords')
        .set('cookie', ana.cookie)
        .send({ name });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^body\.name/);
      expect(await listAppPasswords(f.t.ctx.db, ana.userId)).toHaveLength(1);
    },
  );

  it.each(HOSTILE_NAMES)(
    'refuses a device caption with %s, storing nothing',
    async (_what, caption) => {
      const res = await request(f.t.app)
        .post(`/api/2/devices/${ana.username}/hostile.json`)
        .set('authorization', ana.basic)
        .send({ caption });
      expect(res.status).toBe(400);
      expect(res.body.detail).toMatch(/^body\.caption/);
      const devices = await request(f.t.app)
        .get(`/api/2/devices/${ana.username}.json`)
        .set('authorization', ana.basic);
      expect(devices.body).toEqual([]);
    },
  );
});
