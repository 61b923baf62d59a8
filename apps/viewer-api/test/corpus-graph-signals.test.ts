import { readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CorpusFeedSignalsResponse, CorpusTrendingResponse } from '@podcast/contracts';
import type { CorpusSnapshot, EpisodeRecord } from '@podcast/corpus';
import { copySampleCorpusTo, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

// A copy of the sample whose episodes are re-dated into the two trending
// periods around 2026-11-15: the newest twelve into the current 30 days, the
// next ones into the 30 days before, one into the future and one too old.
const scratch = createScratch('viewer-signals').dir;
const recent = join(scratch, 'recent');
const viewer = buildViewerTestApp({ roots: [recent], now: () => new Date('2026-11-15T10:00:00Z') });
let sample: CorpusSnapshot;
let redated: CorpusSnapshot;

const dayBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

function newDateOf(index: number, total: number): string {
  if (index === total - 2) {
    return '2026-12-01';
  }
  if (index === total - 1) {
    return '2026-09-16';
  }
  return index < 12 ? dayBefore('2026-11-15', index) : dayBefore('2026-10-16', index - 12);
}

beforeAll(async () => {
  sample = await viewer.corpus.get(SAMPLE_CORPUS_DIR);
  copySampleCorpusTo(recent);
  sample.episodes.forEach((episode, index) => {
    const file = join(recent, episode.metadata_relpath);
    const metadata = JSON.parse(readFileSync(file, 'utf8'));
    metadata.episode.published_date = `${newDateOf(index, sample.episodes.length)}T08:00:00Z`;
    writeFileSync(file, JSON.stringify(metadata));
  });
  redated = await viewer.corpus.get(recent);
});

afterAll(() => {
  viewer.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** Topic and named-person ids of an episode across its KG, GI and bridge files. */
function idsOf(snapshot: CorpusSnapshot, episode: EpisodeRecord, kind: 'topics' | 'persons') {
  const kg = snapshot.kgOf(episode);
  const gi = snapshot.graphOf(episode);
  if (kind === 'persons') {
    const people = [...(kg?.persons ?? []), ...(gi?.persons ?? [])];
    return new Set(people.filter((p) => !p.hidden).map((p) => p.id));
  }
  const bridge = (snapshot.bridgeOf(episode)?.identities ?? []).filter((i) =>
    i.id.startsWith('topic:'),
  );
  return new Set([...(kg?.topics ?? []), ...(gi?.topics ?? []), ...bridge].map((t) => t.id));
}

function countsBetween(kind: 'topics' | 'persons', start: string, end: string) {
  const counts = new Map<string, number>();
  for (const episode of redated.episodes) {
    const day = episode.publish_date;
    if (day !== null && day >= start && day <= end) {
      for (const id of idsOf(redated, episode, kind)) {
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
  }
  return counts;
}

describe('GET /api/corpus/trending', () => {
  it.each(['topics', 'persons'] as const)(
    'counts %s per period and ranks them by damped growth',
    async (kind) => {
      const res = await request(viewer.app)
        .get('/api/corpus/trending')
        .query({ path: recent, limit_per_kind: 50 });
      expect(res.status).toBe(200);
      const body = CorpusTrendingResponse.parse(res.body);
      expect([body.as_of, body.current_start, body.previous_start]).toEqual([
        '2026-11-15',
        '2026-10-17',
        '2026-09-17',
      ]);
      const current = countsBetween(kind, '2026-10-17', '2026-11-15');
      const previous = countsBetween(kind, '2026-09-17', '2026-10-16');
      const rows = body[kind];
      expect(rows.length).toBe(Math.min(50, current.size));
      for (const row of rows) {
        expect(row.count).toBe(current.get(row.id));
        expect(row.previous_count).toBe(previous.get(row.id) ?? 0);
        expect(row.score).toBeCloseTo(
          (row.count - row.previous_count) / (row.previous_count + 1),
          3,
        );
      }
      const order = [...rows].sort(
        (a, b) => b.score - a.score || b.count - a.count || (a.id < b.id ? -1 : 1),
      );
      expect(rows.map((row) => row.id)).toEqual(order.map((row) => row.id));
    },
  );

  it('compares with a previous period that actually shares topics', async () => {
    const body = CorpusTrendingResponse.parse(
      (
        await request(viewer.app)
          .get('/api/corpus/trending')
          .query({ path: recent, limit_per_kind: 50 })
      ).body,
    );
    expect(body.topics.some((row) => row.previous_count > 0)).toBe(true);
    expect(body.topics.some((row) => row.score < row.count)).toBe(true);
  });

  it('keeps limit_per_kind of each kind, ten by default', async () => {
    const small = await request(viewer.app)
      .get('/api/corpus/trending')
      .query({ path: recent, limit_per_kind: 2 });
    expect(small.body.topics).toHaveLength(2);
    expect(small.body.persons.length).toBeLessThanOrEqual(2);
    const byDefault = await request(viewer.app).get('/api/corpus/trending').query({ path: recent });
    expect(byDefault.body.topics).toHaveLength(
      Math.min(10, countsBetween('topics', '2026-10-17', '2026-11-15').size),
    );
  });

  it('answers empty lists for a corpus quiet over both periods', async () => {
    // The sample's newest episodes are in November 2026; a year later nothing is recent.
    const quiet = buildViewerTestApp({ now: () => new Date('2027-11-15T00:00:00Z') });
    const res = await request(quiet.app).get('/api/corpus/trending');
    quiet.close();
    expect(res.status).toBe(200);
    expect([res.body.topics, res.body.persons]).toEqual([[], []]);
  });

  it.each(['0', '51', 'many'])('answers 400 naming query.limit_per_kind for %s', async (value) => {
    const res = await request(viewer.app)
      .get('/api/corpus/trending')
      .query({ limit_per_kind: value });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('query.limit_per_kind');
  });

  it('refuses a path outside the roots with 403', async () => {
    const res = await request(viewer.app).get('/api/corpus/trending').query({ path: '/' });
    expect(res.status).toBe(403);
  });

  it('answers a repeated request from the cache until the UTC day changes', async () => {
    let now = new Date('2026-11-15T10:00:00Z');
    const clocked = buildViewerTestApp({ roots: [recent], now: () => now });
    try {
      const ask = () => request(clocked.app).get('/api/corpus/trending').query({ path: recent });
      const first = await ask();
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"/);
      now = new Date('2026-11-15T23:59:00Z');
      const later = await ask();
      expect([later.body, later.headers.etag]).toEqual([first.body, etag]);
      expect((await ask().set('If-None-Match', etag)).status).toBe(304);

      now = new Date('2026-11-16T00:00:01Z');
      const nextDay = await ask();
      expect(CorpusTrendingResponse.parse(nextDay.body).as_of).toBe('2026-11-16');
      expect(nextDay.headers.etag).not.toBe(etag);
    } finally {
      clocked.close();
    }
  });
});

describe('GET /api/corpus/feed-signals', () => {
  const signals = (query: Record<string, string | number>) =>
    request(viewer.app).get('/api/corpus/feed-signals').query(query);

  it('reports topic shares and cadence for every show of the sample', async () => {
    for (const feed of sample.feeds) {
      const res = await signals({ feed_id: feed.feed_id, top_k: 50, max_episodes: 500 });
      expect(res.status).toBe(200);
      const body = CorpusFeedSignalsResponse.parse(res.body);
      const episodes = sample.episodes.filter((e) => e.feed_id === feed.feed_id);
      const days = episodes
        .map((e) => e.publish_date)
        .filter((d): d is string => d !== null)
        .sort();
      expect(body.episodes_considered).toBe(episodes.length);
      expect(body.cadence.dated_episodes).toBe(days.length);
      expect([body.cadence.first_publish_date, body.cadence.last_publish_date]).toEqual([
        days[0],
        days.at(-1),
      ]);
      const analysed = episodes.filter((e) => idsOf(sample, e, 'topics').size > 0);
      expect(body.episodes_with_topics).toBe(analysed.length);
      for (const topic of body.topics) {
        const count = analysed.filter((e) => idsOf(sample, e, 'topics').has(topic.id)).length;
        expect([topic.count, topic.share]).toEqual([
          count,
          Math.round((count / analysed.length) * 1000) / 1000,
        ]);
      }
    }
  });

  it('takes the median gap between publish days and spreads episodes over calendar months', async () => {
    const feed = sample.feeds[0];
    const res = await signals({ feed_id: feed?.feed_id ?? '', max_episodes: 3 });
    const body = CorpusFeedSignalsResponse.parse(res.body);
    const days = sample.episodes
      .filter((e) => e.feed_id === feed?.feed_id)
      .slice(0, 3)
      .map((e) => Date.parse(`${e.publish_date}T00:00:00Z`) / 86_400_000)
      .sort((a, b) => a - b);
    const gaps = [days[1]! - days[0]!, days[2]! - days[1]!].sort((a, b) => a - b);
    expect(body.episodes_considered).toBe(3);
    expect(body.cadence.median_days_between).toBe((gaps[0]! + gaps[1]!) / 2);
    const first = new Date(days[0]! * 86_400_000);
    const last = new Date(days[2]! * 86_400_000);
    const months =
      (last.getUTCFullYear() - first.getUTCFullYear()) * 12 +
      last.getUTCMonth() -
      first.getUTCMonth() +
      1;
    expect(body.cadence.episodes_per_month).toBe(Math.round((3 / months) * 100) / 100);
  });

  it('has no gap to report for a single episode', async () => {
    const res = await signals({ feed_id: sample.feeds[1]?.feed_id ?? '', max_episodes: 1 });
    const body = CorpusFeedSignalsResponse.parse(res.body);
    expect(body.cadence.median_days_between).toBeNull();
    expect(body.cadence.episodes_per_month).toBe(1);
  });

  it('keeps the top_k topics, most frequent first', async () => {
    const res = await signals({ feed_id: sample.feeds[0]?.feed_id ?? '', top_k: 2 });
    const body = CorpusFeedSignalsResponse.parse(res.body);
    expect(body.topics).toHaveLength(2);
    expect(body.topics[0]!.count).toBeGreaterThanOrEqual(body.topics[1]!.count);
  });

  it('answers 404 for a feed the corpus does not have', async () => {
    const res = await signals({ feed_id: 'sha256:not-a-feed' });
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('feed_id');
  });

  it.each([
    [{}, 'query.feed_id'],
    [{ feed_id: '' }, 'query.feed_id'],
    [{ feed_id: 'x', top_k: 0 }, 'query.top_k'],
    [{ feed_id: 'x', top_k: 51 }, 'query.top_k'],
    [{ feed_id: 'x', max_episodes: 0 }, 'query.max_episodes'],
    [{ feed_id: 'x', max_episodes: 501 }, 'query.max_episodes'],
  ])('answers 400 for %j naming %s', async (query, field) => {
    const res = await signals(query);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe(field);
  });

  it('refuses a path outside the roots with 403', async () => {
    const res = await signals({ feed_id: sample.feeds[0]?.feed_id ?? '', path: '/etc' });
    expect(res.status).toBe(403);
  });

  it('answers a repeated request from the snapshot cache and a changed corpus afresh', async () => {
    const copy = join(scratch, 'feed-signals-changing');
    copySampleCorpusTo(copy);
    const own = buildViewerTestApp({ corpusDir: copy });
    try {
      const feedId = sample.feeds[0]?.feed_id ?? '';
      const ask = () =>
        request(own.app)
          .get('/api/corpus/feed-signals')
          .query({ feed_id: feedId, max_episodes: 500 });
      const first = await ask();
      const considered = CorpusFeedSignalsResponse.parse(first.body).episodes_considered;
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"/);
      const second = await ask();
      expect([second.body, second.headers.etag]).toEqual([first.body, etag]);
      expect((await ask().set('If-None-Match', etag)).status).toBe(304);

      const [dropped] = sample.episodes.filter((e) => e.feed_id === feedId);
      unlinkSync(join(copy, dropped?.metadata_relpath as string));
      await own.refresh(realpathSync(copy));
      const after = await ask();
      expect(CorpusFeedSignalsResponse.parse(after.body).episodes_considered).toBe(considered - 1);
    } finally {
      own.close();
    }
  });
});
