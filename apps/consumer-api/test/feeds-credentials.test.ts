import { beforeAll, describe, expect, it } from '@jest/globals';
import type { AnyRoute } from '@podcast/http-kit';
import request from 'supertest';
import type { ConsumerCtx } from '../src/context.js';
import { consumerRoutes } from '../src/routes/index.js';
import { parsedFeed, showFeedPath } from './support/overlay-feeds.js';
import { basicAuth, type SyncUser, useSyncFixture } from './support/sync-fixture.js';

/*
 * Production: the feeds and their files take a feed token in the URL, an
 * app password over Basic, or the web session; nothing else. Generated
 * from the route table, so a new feed route is checked too.
 */

let ana: SyncUser;
let bo: SyncUser;
const HOST = 'feeds.test';

const feedRoutes = consumerRoutes.filter((route) => route.auth === 'feed');

// A clock that stands still: the refused-token limit refills with time, and a loaded
// machine's seconds would otherwise let a guess through (the last test).
const NOW = new Date();

const suite = useSyncFixture('feed-credentials', { now: () => NOW });

beforeAll(async () => {
  ana = await suite.f.user('ana');
  bo = await suite.f.user('bo');
});

/** A URL of each feed route that answers 200 for any signed-in user. */
function urlOf(route: AnyRoute<ConsumerCtx>): string {
  const episode = suite.f.snapshot.episodes.find(
    (candidate) => candidate.has_gi && candidate.title === 'The Hidden Cost of Insomnia Treatment',
  );
  return route.path
    .replace('{feed_id}', encodeURIComponent(episode?.feed_id ?? ''))
    .replace('{slug}', episode?.slug ?? '');
}

const get = (url: string) => request(suite.f.t.app).get(url).set('host', HOST);

async function mint(user: SyncUser, name = 'phone'): Promise<{ id: string; token: string }> {
  const res = await request(suite.f.t.app)
    .post('/api/app/feeds/tokens')
    .set('cookie', user.cookie)
    .send({ name });
  expect(res.status).toBe(201);
  return res.body;
}

const withToken = (url: string, token: string) =>
  `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;

describe('feed credentials in production', () => {
  it('covers the feeds and their files', () => {
    expect(feedRoutes.map((route) => route.path).sort()).toEqual([
      '/api/app/episodes/{slug}/chapters.json',
      '/api/app/episodes/{slug}/transcript.json',
      '/api/app/episodes/{slug}/transcript.srt',
      '/api/app/episodes/{slug}/transcript.vtt',
      '/api/app/feeds/{feed_id}/podcast.xml',
      '/api/app/me/library.xml',
      '/api/app/me/queue.xml',
    ]);
  });

  it.each(feedRoutes.map((route) => [route.path, route] as const))(
    '%s answers 401 with a Basic challenge without a credential',
    async (_path, route) => {
      const res = await get(urlOf(route));
      expect(res.status).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="podcast feeds", charset="UTF-8"');
      expect(res.body.detail).toContain('?token=');
    },
  );

  it.each(feedRoutes.map((route) => [route.path, route] as const))(
    '%s answers 200 with a feed token, an app password over Basic, or the web session',
    async (_path, route) => {
      const { token } = await mint(ana, `for ${route.path}`);
      const url = urlOf(route);
      expect((await get(withToken(url, token))).status).toBe(200);
      expect((await get(url).set('authorization', ana.basic)).status).toBe(200);
      expect((await get(url).set('cookie', ana.cookie)).status).toBe(200);
    },
  );

  it('refuses a wrong app password or an unknown token even beside a valid session', async () => {
    const url = urlOf(feedRoutes[0] as AnyRoute<ConsumerCtx>);
    const wrongPassword = await get(url)
      .set('authorization', basicAuth(ana.username, 'abcd-efgh-jkmn-pqrs-tuvw-xyz2'))
      .set('cookie', ana.cookie);
    expect(wrongPassword.status).toBe(401);
    const wrongToken = await get(withToken(url, 'pft_not-a-token')).set('cookie', ana.cookie);
    expect(wrongToken.status).toBe(401);
    expect(wrongToken.body.detail).toContain('feed token refused');
    // The gPodder session cookie is the sync API's, not a feed credential.
    expect((await get(url).set('cookie', 'sessionid=anything')).status).toBe(401);
  });

  it('stops a revoked token at once', async () => {
    const { id, token } = await mint(ana);
    const url = withToken(showFeedPath(suite.f.snapshot.feeds[0]?.feed_id as string), token);
    expect((await get(url)).status).toBe(200);
    const revoked = await request(suite.f.t.app)
      .delete(`/api/app/feeds/tokens?id=${id}`)
      .set('cookie', ana.cookie);
    expect(revoked.status).toBe(204);
    const after = await get(url);
    expect(after.status).toBe(401);
    expect(after.headers['www-authenticate']).toMatch(/^Basic /);
  });

  it('serves the token owner its own queue, and hands the token on in every link', async () => {
    const [first, second] = suite.f.snapshot.episodes.filter(
      (episode) => episode.media_url !== null,
    );
    await request(suite.f.t.app)
      .put('/api/app/queue')
      .set('cookie', ana.cookie)
      .send({ items: [second?.slug, first?.slug] });
    await request(suite.f.t.app).put('/api/app/queue').set('cookie', bo.cookie).send({ items: [] });
    const anas = await mint(ana);
    const bos = await mint(bo);
    const forAna = parsedFeed((await get(withToken('/api/app/me/queue.xml', anas.token))).text);
    expect(forAna.items.map((item) => item.title)).toEqual([second?.title, first?.title]);
    expect(
      parsedFeed((await get(withToken('/api/app/me/queue.xml', bos.token))).text).items,
    ).toEqual([]);
    const links = forAna.items.flatMap((item) => [
      ...(item.podcastTranscripts ?? []).map((transcript) => transcript.url),
      ...(item.podcastChapters ? [item.podcastChapters.url] : []),
    ]);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const url = new URL(link);
      expect(url.host).toBe(HOST);
      expect(url.searchParams.get('token')).toBe(anas.token);
      expect((await get(`${url.pathname}${url.search}`)).status).toBe(200);
    }
  });

  it('hands on no credential in the links of a feed fetched over Basic', async () => {
    const res = await get(showFeedPath(suite.f.snapshot.feeds[0]?.feed_id as string)).set(
      'authorization',
      ana.basic,
    );
    expect(res.text).toContain('/transcript.vtt"');
    expect(res.text).not.toContain('token=');
  });
});

describe('feed tokens', () => {
  it('are shown once, listed without their secret, and revoked by their owner only', async () => {
    const minted = await mint(bo, 'AntennaPod');
    expect(minted.token).toMatch(/^pft_[A-Za-z0-9_-]{43}$/);
    const list = await request(suite.f.t.app).get('/api/app/feeds/tokens').set('cookie', bo.cookie);
    expect(list.status).toBe(200);
    const listed = list.body.items.find((item: { id: string }) => item.id === minted.id);
    expect(listed).toEqual({
      id: minted.id,
      name: 'AntennaPod',
      created_at: expect.any(String),
      last_used_at: null,
    });
    expect(JSON.stringify(list.body)).not.toContain(minted.token);
    const byOther = await request(suite.f.t.app)
      .delete(`/api/app/feeds/tokens?id=${minted.id}`)
      .set('cookie', ana.cookie);
    expect(byOther.status).toBe(404);
    expect((await get(withToken('/api/app/me/queue.xml', minted.token))).status).toBe(200);
  });

  it('note their last use', async () => {
    const minted = await mint(bo, 'Kasts');
    await get(withToken('/api/app/me/library.xml', minted.token));
    const list = await request(suite.f.t.app).get('/api/app/feeds/tokens').set('cookie', bo.cookie);
    const listed = list.body.items.find((item: { id: string }) => item.id === minted.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('are 20 at most per user', async () => {
    const carl = await suite.f.user('carl');
    const results = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        request(suite.f.t.app)
          .post('/api/app/feeds/tokens')
          .set('cookie', carl.cookie)
          .send({ name: `app ${i}` }),
      ),
    );
    expect(results.filter((res) => res.status === 201)).toHaveLength(20);
    const refused = results.filter((res) => res.status === 409);
    expect(refused).toHaveLength(2);
    expect(refused[0]?.body.detail).toContain('at most 20');
  });

  it.each([
    ['no name', {}, 'body.name'],
    ['a blank name', { name: '   ' }, 'body.name'],
    ['a name over 100 characters', { name: 'x'.repeat(101) }, 'body.name'],
    ['an unknown field', { name: 'x', scope: 'all' }, 'body'],
  ])('refuses a body with %s, naming the field', async (_case, body, field) => {
    const res = await request(suite.f.t.app)
      .post('/api/app/feeds/tokens')
      .set('cookie', ana.cookie)
      .send(body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual([field]);
  });

  it('are minted, listed and revoked with the web session only', async () => {
    const { token } = await mint(ana);
    for (const [method, url] of [
      ['post', '/api/app/feeds/tokens'],
      ['get', '/api/app/feeds/tokens'],
      ['delete', '/api/app/feeds/tokens?id=ft_000000000000000000000000'],
    ] as const) {
      const withAppPassword = await request(suite.f.t.app)
        [method](url)
        .set('authorization', ana.basic);
      expect(withAppPassword.status).toBe(401);
      const withFeedToken = await request(suite.f.t.app)[method](withToken(url, token));
      expect(withFeedToken.status).toBe(401);
    }
  });
});

describe('refused feed tokens', () => {
  it('get a 429 with Retry-After past 30 a minute from one address', async () => {
    // Two tokens of this file's earlier tests were refused already.
    const url = withToken('/api/app/me/queue.xml', 'pft_guess');
    const statuses: number[] = [];
    for (let i = 0; i < 29; i++) {
      statuses.push((await get(url)).status);
    }
    expect(statuses.slice(0, 28).every((status) => status === 401)).toBe(true);
    expect(statuses[28]).toBe(429);
    const limited = await get(url);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // A valid credential is not held back by the guesses of its address.
    expect((await get('/api/app/me/queue.xml').set('authorization', ana.basic)).status).toBe(200);
  });
});
