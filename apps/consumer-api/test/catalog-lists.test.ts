import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EpisodeCatalogItem, EpisodeList, PodcastList } from '@podcast/contracts';
import type { EpisodeRecord } from '@podcast/corpus';
import request from 'supertest';
import { buildTestApp, type TestApp, useSampleApp } from './support/build-test-app.js';

const sample = useSampleApp();
const get = (url: string) => request(sample.testApp.app).get(url);

/** A 200 list, validated against its response schema. */
async function list(url: string): Promise<EpisodeList> {
  const res = await get(url);
  expect(res.status).toBe(200);
  return EpisodeList.parse(res.body);
}

const slugsOf = (items: readonly { slug: string }[]) => items.map((item) => item.slug);
const feedPath = (feedId: string) => `/api/app/podcasts/${encodeURIComponent(feedId)}/episodes`;
const artRef = (relpath: string) => `ref=${encodeURIComponent(relpath)}&size=thumb`;

function recordOf(item: EpisodeCatalogItem): EpisodeRecord {
  const episode = sample.snapshot.findEpisodeBySlug(item.slug);
  if (episode === undefined) {
    throw new Error(`unknown slug ${item.slug}`);
  }
  return episode;
}

/** Newest first, undated last (spec 04 §3 sort). */
function isNewestFirst(dates: (string | null)[]): boolean {
  return dates.every((date, i) => {
    const next = dates[i + 1];
    return next === undefined || next === null || (date !== null && date >= next);
  });
}

describe('GET /api/app/episodes', () => {
  it('answers the first 20 cards newest first inside the list envelope', async () => {
    const body = await list('/api/app/episodes');
    const total = sample.snapshot.episodes.length;
    expect(body).toMatchObject({ page: 1, page_size: 20, total, has_more: total > 20 });
    expect(slugsOf(body.items)).toEqual(slugsOf(sample.snapshot.episodes.slice(0, 20)));
    expect(isNewestFirst(body.items.map((item) => item.publish_date))).toBe(true);
  });

  it('walks the whole catalog page by page and answers an empty page past the end', async () => {
    const seen: string[] = [];
    let page = 1;
    for (let hasMore = true; hasMore; page++) {
      const body = await list(`/api/app/episodes?page=${page}&page_size=5`);
      expect(body.items.length).toBeLessThanOrEqual(5);
      seen.push(...slugsOf(body.items));
      hasMore = body.has_more;
    }
    expect(seen).toEqual(slugsOf(sample.snapshot.episodes));
    const past = await list(`/api/app/episodes?page=${page + 3}&page_size=5`);
    expect(past).toMatchObject({
      items: [],
      total: sample.snapshot.episodes.length,
      has_more: false,
    });
  });

  it.each([
    ['ready', (e: EpisodeCatalogItem) => e.has_transcript && e.has_gi],
    ['partial', (e: EpisodeCatalogItem) => e.has_transcript && !e.has_gi],
    ['pending', (e: EpisodeCatalogItem) => !e.has_transcript],
  ])('filters by status %s and every card it lists fits that status', async (status, fits) => {
    const body = await list(`/api/app/episodes?status=${status}&page_size=100`);
    expect(body.total).toBeGreaterThan(0);
    expect(body.items.every((item) => item.status === status && fits(item))).toBe(true);
    expect(isNewestFirst(body.items.map((item) => item.publish_date))).toBe(true);
  });

  it('splits the catalog into the three statuses without losing an episode', async () => {
    const totals = await Promise.all(
      ['ready', 'partial', 'pending'].map(
        async (status) => (await list(`/api/app/episodes?status=${status}`)).total,
      ),
    );
    expect(totals.reduce((a, b) => a + b, 0)).toBe(sample.snapshot.episodes.length);
  });

  it.each([
    ['status=done', 'query.status'],
    ['status=ready&status=partial', 'query.status'],
    ['page=0', 'query.page'],
    ['page=abc', 'query.page'],
    ['page_size=0', 'query.page_size'],
    ['page_size=101', 'query.page_size'],
    ['page_size=2.5', 'query.page_size'],
  ])('answers 400 naming the field for ?%s', async (query, field) => {
    const res = await get(`/api/app/episodes?${query}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toContain(field);
  });

  it('accepts the largest page size of 100', async () => {
    const body = await list('/api/app/episodes?page_size=100');
    expect(body.items).toHaveLength(Math.min(100, sample.snapshot.episodes.length));
  });

  it("keeps only one show's episodes with feed_id and none for a feed id the corpus lacks", async () => {
    const feed = sample.snapshot.feeds.find((f) => f.feed_id !== '');
    if (feed === undefined) {
      throw new Error('the corpus has no feed');
    }
    const body = await list(`/api/app/episodes?feed_id=${encodeURIComponent(feed.feed_id)}`);
    expect(body.total).toBe(feed.episode_count);
    expect(body.items.every((item) => item.feed_id === feed.feed_id)).toBe(true);
    const none = await list('/api/app/episodes?feed_id=sha256%3Anot-a-feed');
    expect(none).toMatchObject({ items: [], total: 0, has_more: false });
  });

  it("links the episode's own stored art first and the show's art always", async () => {
    const { items } = await list('/api/app/episodes?page_size=100');
    for (const item of items) {
      const episode = recordOf(item);
      const showArt = sample.snapshot.findFeed(item.feed_id)?.image_local_relpath ?? null;
      expect(item.feed_artwork_url).toBe(showArt && `/api/app/artwork?${artRef(showArt)}`);
      const own = episode.episode_image_local_relpath ?? showArt;
      expect(item.artwork_url).toBe(own && `/api/app/artwork?${artRef(own)}`);
    }
    // The sample stores a few episode covers and leaves one show without art.
    expect(items.some((i) => i.artwork_url !== i.feed_artwork_url && i.feed_artwork_url)).toBe(
      true,
    );
    expect(items.some((i) => i.artwork_url === null && i.feed_artwork_url === null)).toBe(true);
  });

  it('gives each card a short clean lede, at most eight bullets and four topic pills', async () => {
    const { items } = await list('/api/app/episodes?page_size=100');
    for (const item of items) {
      const { summary, title } = recordOf(item);
      expect(item.summary_bullets).toEqual(summary.bullets.slice(0, 8));
      expect(item.topics).toEqual(summary.bullets.slice(0, 4));
      if (summary.bullets.length > 1) {
        expect(item.summary_preview).not.toBe(summary.bullets.join(' '));
      }
      const lede = summary.title;
      if (lede !== null && lede.length <= 150 && lede.toLowerCase() !== title.toLowerCase()) {
        expect(item.summary_preview).toBe(lede);
      }
    }
    expect(items.some((item) => item.summary_preview === null && !item.has_summary)).toBe(true);
  });
});

describe('GET /api/app/podcasts/{feed_id}/episodes', () => {
  const feedWithColon = () => {
    const feed = sample.snapshot.feeds.find((f) => f.feed_id.startsWith('sha256:'));
    if (feed === undefined) {
      throw new Error('the corpus has no sha256: feed id');
    }
    return feed;
  };

  it('lists one show newest first, reached by its URL-encoded or raw sha256: id', async () => {
    const feed = feedWithColon();
    const encoded = await list(feedPath(feed.feed_id));
    expect(encoded).toMatchObject({ page: 1, page_size: 20, total: feed.episode_count });
    expect(encoded.items.every((item) => item.feed_id === feed.feed_id)).toBe(true);
    const expected = sample.snapshot.episodes
      .filter((e) => e.feed_id === feed.feed_id)
      .slice(0, 20);
    expect(slugsOf(encoded.items)).toEqual(slugsOf(expected));
    expect(await list(`/api/app/podcasts/${feed.feed_id}/episodes`)).toEqual(encoded);
  });

  it('pages and filters by status within the show', async () => {
    const feed = feedWithColon();
    const first = await list(`${feedPath(feed.feed_id)}?page_size=1`);
    expect(first).toMatchObject({ page_size: 1, total: feed.episode_count });
    expect(first.has_more).toBe(feed.episode_count > 1);
    for (const status of ['ready', 'partial', 'pending']) {
      const body = await list(`${feedPath(feed.feed_id)}?status=${status}`);
      const expected = sample.snapshot.episodes.filter(
        (e) => e.feed_id === feed.feed_id && statusOf(e) === status,
      );
      expect(slugsOf(body.items)).toEqual(slugsOf(expected));
    }
  });

  it('answers 404 naming a feed id the corpus lacks', async () => {
    const res = await get(feedPath('sha256:0000'));
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toContain('sha256:0000');
  });

  it('answers 400 naming feed_id for an id over 300 characters, 404 at 300', async () => {
    const res = await get(feedPath(`sha256:${'0'.repeat(294)}`));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.errors.map((error: { field: string }) => error.field)).toEqual([
      'params.feed_id',
    ]);
    expect(res.body.detail).toContain('feed_id');
    expect((await get(feedPath(`sha256:${'0'.repeat(293)}`))).status).toBe(404);
  });

  it('answers 400 for a status it does not know', async () => {
    const res = await get(`${feedPath(feedWithColon().feed_id)}?status=finished`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain('query.status');
  });
});

/** The documented rule, restated here so the test does not reuse the code under test. */
function statusOf(episode: EpisodeRecord): string {
  if (!episode.has_transcript) {
    return 'pending';
  }
  return episode.has_gi ? 'ready' : 'partial';
}

describe('GET /api/app/podcasts', () => {
  it('lists every show with an id once, by title, with its episode count', async () => {
    const res = await get('/api/app/podcasts');
    expect(res.status).toBe(200);
    const { items } = PodcastList.parse(res.body);
    const ids = new Set(sample.snapshot.episodes.map((e) => e.feed_id).filter((id) => id !== ''));
    expect(new Set(items.map((item) => item.feed_id))).toEqual(ids);
    expect(items).toHaveLength(ids.size);
    for (const item of items) {
      const count = sample.snapshot.episodes.filter((e) => e.feed_id === item.feed_id).length;
      expect(item.episode_count).toBe(count);
    }
    const byTitle = (a: string, b: string) =>
      a.localeCompare(b, 'en', { sensitivity: 'base', numeric: true });
    const titles = items.map((item) => item.title);
    expect(titles).toEqual([...titles].sort(byTitle));
  });

  it('links stored show art as a thumbnail and null for a show without it', async () => {
    const { items } = PodcastList.parse((await get('/api/app/podcasts')).body);
    for (const item of items) {
      const art = sample.snapshot.findFeed(item.feed_id)?.image_local_relpath ?? null;
      expect(item.artwork_url).toBe(art && `/api/app/artwork?${artRef(art)}`);
    }
    expect(items.some((item) => item.artwork_url === null && item.image_url !== null)).toBe(true);
  });
});

describe('catalog access in production', () => {
  let production: TestApp;

  beforeAll(async () => {
    production = await buildTestApp({ appEnv: 'production' });
  }, 30_000);

  afterAll(async () => {
    await production.close();
  });

  it.each(['/api/app/episodes', '/api/app/podcasts'])(
    'answers 401 for %s without a session',
    async (url) => {
      const res = await request(production.app).get(url);
      expect(res.status).toBe(401);
      expect(res.body.detail).toBeTruthy();
    },
  );
});

describe('catalog API documentation', () => {
  it('documents the list parameters of the catalog routes in /openapi.json', async () => {
    const res = await get('/openapi.json');
    expect(res.status).toBe(200);
    const paramsOf = (route: string) =>
      (res.body.paths[route].get.parameters as { name: string }[]).map((p) => p.name).sort();
    expect(paramsOf('/api/app/episodes')).toEqual(['feed_id', 'page', 'page_size', 'status']);
    expect(paramsOf('/api/app/podcasts/{feed_id}/episodes')).toEqual([
      'feed_id',
      'page',
      'page_size',
      'status',
    ]);
  });
});
