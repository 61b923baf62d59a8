import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CorpusDigestResponse } from '@podcast/contracts';
import type { CorpusSnapshot } from '@podcast/corpus';
import { copySampleCorpusTo, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

// The sample corpus has fixed dates (newest 2026-11-14); every test pins the clock.
const scratch = createScratch('viewer-digest').dir;
const copy = join(scratch, 'copy');
const outside = join(scratch, 'outside');
const links = join(scratch, 'links');
const prolific = join(scratch, 'prolific');
let clock = new Date('2026-11-15T10:00:00Z');
const viewer = buildViewerTestApp({ roots: [copy, links, prolific], now: () => clock });
let sample: CorpusSnapshot;
let undatedSlug: string;
let busyFeed: string;

beforeAll(async () => {
  sample = await viewer.corpus.get(SAMPLE_CORPUS_DIR);
  copySampleCorpusTo(copy);
  rmSync(join(copy, 'search/topic_clusters.json'));
  // Undate the newest episode of the copy: it must leave every window.
  const newest = sample.episodes[0];
  if (!newest) {
    throw new Error('the sample corpus has no episodes');
  }
  const file = join(copy, newest.metadata_relpath);
  const metadata = JSON.parse(readFileSync(file, 'utf8'));
  delete metadata.episode.published_date;
  writeFileSync(file, JSON.stringify(metadata));
  undatedSlug = newest.slug;
  // A copy where one show published its whole back catalogue in the last week.
  copySampleCorpusTo(prolific);
  busyFeed = newest.feed_id;
  sample.episodes
    .filter((e) => e.feed_id === busyFeed)
    .forEach((episode, i) => {
      const path = join(prolific, episode.metadata_relpath);
      const edited = JSON.parse(readFileSync(path, 'utf8'));
      edited.episode.published_date = `2026-11-${String(15 - i).padStart(2, '0')}T06:00:00Z`;
      writeFileSync(path, JSON.stringify(edited));
    });
  mkdirSync(outside);
  mkdirSync(links);
  symlinkSync(outside, join(links, 'out'));
});

afterAll(() => {
  viewer.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function digest(query: Record<string, string | number | boolean>, at?: string) {
  clock = new Date(at ?? '2026-11-15T10:00:00Z');
  const res = await request(viewer.app).get('/api/corpus/digest').query(query);
  if (res.status !== 200) {
    throw new Error(`digest answered ${res.status}: ${res.text}`);
  }
  return CorpusDigestResponse.parse(res.body);
}

/** Slugs of the sample's dated episodes between two days, both included. */
function slugsBetween(start: string, end: string): string[] {
  return sample.episodes
    .filter((e) => e.publish_date !== null && e.publish_date >= start && e.publish_date <= end)
    .map((e) => e.slug)
    .sort();
}

const slugsOf = (rows: { slug: string }[]) => rows.map((row) => row.slug).sort();

describe('GET /api/corpus/digest windows', () => {
  it('defaults to the 7d window, keeping every publish day the last seven days overlap', async () => {
    const body = await digest({});
    expect(body.window).toBe('7d');
    expect([body.window_start, body.window_end]).toEqual(['2026-11-08', '2026-11-15']);
    expect(slugsOf(body.rows)).toEqual(slugsBetween('2026-11-08', '2026-11-15'));
    expect(body.rows.length).toBeGreaterThan(0);
    expect(body.path).toBe(realpathSync(SAMPLE_CORPUS_DIR));
  });

  it('keeps yesterday and today in the 24h window and nothing older', async () => {
    const body = await digest({ window: '24h' });
    expect([body.window_start, body.window_end]).toEqual(['2026-11-14', '2026-11-15']);
    expect(slugsOf(body.rows)).toEqual(slugsBetween('2026-11-14', '2026-11-15'));
    expect(body.total_in_window).toBe(body.rows.length);
  });

  it('reads 1mo as the previous UTC calendar month, both month ends included', async () => {
    const body = await digest({ window: '1mo' }, '2026-06-01T00:30:00Z');
    expect([body.window_start, body.window_end]).toEqual(['2026-05-01', '2026-05-31']);
    expect(slugsOf(body.rows)).toEqual(slugsBetween('2026-05-01', '2026-05-31'));
    const days = body.rows.map((row) => row.publish_date);
    expect(days).toContain('2026-05-31');
    expect(sample.episodes.some((e) => e.publish_date === '2026-04-30')).toBe(true);
    expect(days).not.toContain('2026-04-30');
  });

  it('reaches back into December of the previous year in January', async () => {
    const body = await digest({ window: '1mo' }, '2026-01-10T12:00:00Z');
    expect([body.window_start, body.window_end]).toEqual(['2025-12-01', '2025-12-31']);
    expect(slugsOf(body.rows)).toEqual(slugsBetween('2025-12-01', '2025-12-31'));
  });

  it('runs window=since from the given day through today', async () => {
    const body = await digest({ window: 'since', since: '2026-05-01', max_rows: 100 });
    expect([body.window_start, body.window_end]).toEqual(['2026-05-01', '2026-11-15']);
    expect(slugsOf(body.rows)).toEqual(slugsBetween('2026-05-01', '2026-11-15'));
    expect(body.total_in_window).toBe(body.rows.length);
  });

  it('ignores since when the window is not since', async () => {
    const withSince = await digest({ window: '7d', since: '2020-01-01' });
    const without = await digest({ window: '7d' });
    expect(withSince).toEqual(without);
  });

  it('answers an empty digest for a since day after today', async () => {
    const body = await digest({ window: 'since', since: '2026-12-01' });
    expect(body.rows).toEqual([]);
    expect(body.total_in_window).toBe(0);
  });

  it('never lists an undated episode, whatever the window', async () => {
    const body = await digest({ path: copy, window: 'since', since: '1970-01-01', max_rows: 100 });
    expect(body.rows.map((row) => row.slug)).not.toContain(undatedSlug);
    expect(body.rows).toHaveLength(sample.episodes.filter((e) => e.publish_date).length - 1);
  });
});

describe('GET /api/corpus/digest selection', () => {
  const everything = { window: 'since', since: '2020-01-01' };
  const feedCount = () => new Set(sample.episodes.map((e) => e.feed_id)).size;

  it('gives every feed a row before any feed gets a second, newest first within a feed', async () => {
    const feeds = feedCount();
    const body = await digest({ ...everything, max_rows: feeds });
    expect(new Set(body.rows.map((row) => row.feed_id)).size).toBe(feeds);
    for (const row of body.rows) {
      const newestOfFeed = sample.episodes.find((e) => e.feed_id === row.feed_id);
      expect(row.slug).toBe(newestOfFeed?.slug);
    }
  });

  it('lets no feed take a third row before every feed has two', async () => {
    const body = await digest({ ...everything, max_rows: 2 * feedCount() });
    const perFeed = new Map<string, number>();
    for (const row of body.rows) {
      perFeed.set(row.feed_id, (perFeed.get(row.feed_id) ?? 0) + 1);
    }
    expect([...perFeed.values()]).toEqual(Array(feedCount()).fill(2));
  });

  it('keeps a show that published a lot this week from crowding out the others', async () => {
    const body = await digest({ path: prolific, window: '7d', max_rows: 4 });
    const busy = body.rows.filter((row) => row.feed_id === busyFeed).length;
    expect(body.total_in_window).toBeGreaterThan(4);
    expect(body.rows).toHaveLength(4);
    expect(busy).toBeLessThanOrEqual(Math.ceil(4 / new Set(body.rows.map((r) => r.feed_id)).size));
    expect(new Set(body.rows.map((row) => row.feed_id)).size).toBeGreaterThan(1);
    expect(body.rows[0]?.feed_id).toBe(busyFeed);
  });

  it('fills the remaining rows from the busy show once the others run dry', async () => {
    const body = await digest({ path: prolific, window: '7d', max_rows: 100 });
    expect(body.rows).toHaveLength(body.total_in_window);
    const others = body.rows.findIndex((row, i) => i > 0 && row.feed_id === busyFeed);
    const otherFeeds = new Set(
      body.rows.filter((r) => r.feed_id !== busyFeed).map((r) => r.feed_id),
    );
    expect(others).toBe(otherFeeds.size + 1);
  });

  it('caps the rows at max_rows and reports the cap', async () => {
    const body = await digest({ ...everything, max_rows: 3 });
    expect(body.rows).toHaveLength(3);
    expect(body.max_rows).toBe(3);
    expect(body.total_in_window).toBe(slugsBetween('2020-01-01', '2026-11-15').length);
  });

  it('caps a digest at 20 rows by default', async () => {
    const body = await digest(everything);
    expect(body.max_rows).toBe(20);
    expect(body.rows).toHaveLength(Math.min(20, body.total_in_window));
  });
});

describe('GET /api/corpus/digest rows', () => {
  it('pairs each preview bullet with the episode topic it names, else null', async () => {
    const body = await digest({ window: 'since', since: '2020-01-01', max_rows: 100 });
    let named = 0;
    for (const row of body.rows) {
      expect(row.summary_bullet_graph_topic_ids).toHaveLength(row.summary_bullets_preview.length);
      const episode = sample.findEpisodeBySlug(row.slug);
      const topics = new Map((episode && sample.kgOf(episode)?.topics)?.map((t) => [t.id, t]));
      row.summary_bullet_graph_topic_ids.forEach((id, i) => {
        if (id !== null && topics.has(id)) {
          named += 1;
          const label = topics.get(id)?.label.toLowerCase() ?? '';
          expect(row.summary_bullets_preview[i]?.toLowerCase()).toContain(label);
        }
      });
    }
    expect(named).toBeGreaterThan(5);
  });

  it('prefers the longer of two topic labels a bullet names', async () => {
    const body = await digest({ window: 'since', since: '2020-01-01', max_rows: 100 });
    const pairs = body.rows.flatMap((row) =>
      row.summary_bullets_preview.map((bullet, i) => [
        bullet,
        row.summary_bullet_graph_topic_ids[i],
      ]),
    );
    const both = pairs.find(([bullet]) =>
      /green infrastructure and permeable pavement/i.test(bullet ?? ''),
    );
    expect(both?.[1]).toBe('topic:green-infrastructure');
  });

  it('adds topic pills per row, topics of a semantic cluster first', async () => {
    const body = await digest({ window: 'since', since: '2020-01-01', max_rows: 100 });
    const pills = body.rows.flatMap((row) => row.cil_digest_topics ?? []);
    expect(body.rows.every((row) => Array.isArray(row.cil_digest_topics))).toBe(true);
    expect(pills.some((pill) => pill.in_topic_cluster)).toBe(true);
    for (const row of body.rows) {
      const flags = (row.cil_digest_topics ?? []).map((pill) => pill.in_topic_cluster);
      expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
      for (const pill of row.cil_digest_topics ?? []) {
        if (pill.in_topic_cluster) {
          expect(pill.topic_cluster_compound_id).toMatch(/^tc:/);
        } else {
          expect(pill.topic_cluster_compound_id).toBeNull();
        }
      }
    }
  });

  it('keeps the pills but marks nothing clustered when the cluster file is missing', async () => {
    const body = await digest({ path: copy, window: 'since', since: '2020-01-01', max_rows: 100 });
    const pills = body.rows.flatMap((row) => row.cil_digest_topics ?? []);
    expect(pills.length).toBeGreaterThan(0);
    expect(
      pills.every((pill) => !pill.in_topic_cluster && pill.topic_cluster_compound_id === null),
    ).toBe(true);
  });

  it('groups window episodes into the configured topic bands', async () => {
    const body = await digest({ window: 'since', since: '2020-01-01', max_rows: 100 });
    expect(body.topic_bands.length).toBeGreaterThan(1);
    const inWindow = new Set(body.rows.map((row) => row.slug));
    for (const band of body.topic_bands) {
      const bandTopicRows = band.rows.filter((row) =>
        (row.cil_digest_topics ?? []).some((pill) => pill.topic_id === band.graph_topic_id),
      );
      expect(bandTopicRows.length).toBeGreaterThan(0);
      expect(band.rows.every((row) => inWindow.has(row.slug))).toBe(true);
    }
  });

  it('leaves out pills and bands with include_topics=false', async () => {
    const body = await digest({ window: 'since', since: '2020-01-01', include_topics: false });
    expect(body.topic_bands).toEqual([]);
    expect(body.rows.every((row) => row.cil_digest_topics === undefined)).toBe(true);
    expect(body.rows.some((row) => row.summary_bullets_preview.length > 0)).toBe(true);
  });
});

describe('GET /api/corpus/digest compact', () => {
  it('forces 24h, eight rows at most, no bands and no bullet pills', async () => {
    const body = await digest({ compact: true, window: '1mo', max_rows: 50 });
    expect(body.compact).toBe(true);
    expect(body.window).toBe('24h');
    expect(body.max_rows).toBe(8);
    expect(slugsOf(body.rows)).toEqual(slugsBetween('2026-11-14', '2026-11-15'));
    expect(body.topic_bands).toEqual([]);
    for (const row of body.rows) {
      expect(row.summary_bullets_preview).toEqual([]);
      expect(row.summary_bullet_graph_topic_ids).toEqual([]);
      expect(row.cil_digest_topics).toBeUndefined();
    }
  });

  it('honours a smaller max_rows in compact mode', async () => {
    const body = await digest({ compact: true, max_rows: 1 });
    expect(body.max_rows).toBe(1);
    expect(body.rows).toHaveLength(1);
  });

  it('accepts window=since without a day when compact forces 24h anyway', async () => {
    const body = await digest({ compact: true, window: 'since' });
    expect(body.window).toBe('24h');
  });
});

describe('GET /api/corpus/digest errors', () => {
  it('answers 400 naming query.since when window=since comes without a day', async () => {
    const res = await request(viewer.app).get('/api/corpus/digest').query({ window: 'since' });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.detail).toContain('query.since');
    expect(res.body.errors[0].field).toBe('query.since');
  });

  it.each([
    [{ window: '30d' }, 'query.window'],
    [{ window: 'since', since: '2026-02-30' }, 'query.since'],
    [{ window: 'since', since: '15/11/2026' }, 'query.since'],
    [{ max_rows: 0 }, 'query.max_rows'],
    [{ max_rows: 101 }, 'query.max_rows'],
    [{ max_rows: 'ten' }, 'query.max_rows'],
    [{ compact: 'maybe' }, 'query.compact'],
    [{ include_topics: 'sure' }, 'query.include_topics'],
  ])('answers 400 for %j naming %s', async (query, field) => {
    const res = await request(viewer.app).get('/api/corpus/digest').query(query);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });

  it.each([
    ['a directory outside every corpus root', () => outside],
    ['a symlink in an allowed root leading outside', () => join(links, 'out')],
    ['a relative path climbing out', () => '../../../..'],
    ['the filesystem root', () => '/'],
  ])('refuses %s with 403', async (_label, target) => {
    const res = await request(viewer.app).get('/api/corpus/digest').query({ path: target() });
    expect(res.status).toBe(403);
  });

  it('refuses URL-encoded traversal in path with 403', async () => {
    const res = await request(viewer.app).get('/api/corpus/digest?path=%2e%2e%2f%2e%2e%2f%2e%2e');
    expect(res.status).toBe(403);
  });

  it('answers 404 for a corpus path inside the roots that does not exist', async () => {
    const res = await request(viewer.app)
      .get('/api/corpus/digest')
      .query({ path: join(copy, 'nope') });
    expect(res.status).toBe(404);
  });
});
