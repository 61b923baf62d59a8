import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';
import { viewerOverSampleCopy, waitForRebuild } from './support/sample-corpus-copy.js';

const SHIFT_WORK =
  'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata/0004 - Shift Work, Explained_fb801546.metadata.json';

const TOKEN = 'operator-token-for-search-tests';
const AUTH = `Bearer ${TOKEN}`;

const t = viewerOverSampleCopy(TOKEN);

describe('search and index routes before any rebuild', () => {
  it('answers no_index with 200 and logs the query type only', async () => {
    const res = await request(t.viewer.app)
      .get('/api/search')
      .query({ q: 'what has Lucas Vargas said' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      no_index: true,
      error: 'no_index',
      results: [],
      query_type: 'raw_evidence',
    });
    // The append is not awaited by the route: give it a moment.
    const logFile = path.join(t.corpus.root, 'search', 'query_log.jsonl');
    let log = '';
    for (let i = 0; i < 50 && !log.includes('raw_evidence'); i++) {
      await new Promise((done) => setTimeout(done, 20));
      log = await readFile(logFile, 'utf8').catch(() => '');
    }
    const last = JSON.parse(log.trim().split('\n').at(-1) ?? '{}');
    expect(last).toMatchObject({
      schema: 1,
      event_type: 'search_query',
      query_type: 'raw_evidence',
    });
    expect(log).not.toContain('Lucas');
  });

  it('reports stats of a missing index as stale with every episode to add', async () => {
    const res = await request(t.viewer.app).get('/api/index/stats');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      available: false,
      rebuild_in_progress: false,
      rebuild_last_error: null,
      configured_embedding_provider: 'static_word_vectors',
      staleness: { is_stale: true, reasons: ['no_index_but_metadata'], episodes_added: 24 },
    });
    expect((await request(t.viewer.app).get('/api/index/timeseries')).body.points).toEqual([]);
  });

  it('explores by filter without an index, and reports no_index for a question', async () => {
    const grounded = await request(t.viewer.app)
      .get('/api/explore')
      .query({ topic: 'sleep', grounded_only: 'true', sort_by: 'date', limit: '5' });
    expect(grounded.status).toBe(200);
    expect(grounded.body).toMatchObject({ mode: 'filter', no_index: false, question: null });
    expect(grounded.body.items).toHaveLength(5);
    expect(grounded.body.total).toBeGreaterThan(5);
    for (const row of grounded.body.items) {
      expect(row.grounded).toBe(true);
      expect(row.topics.some((t: { label: string }) => t.label.includes('sleep'))).toBe(true);
    }
    const dates = grounded.body.items.map((r: { publish_date: string }) => r.publish_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const strict = await request(t.viewer.app)
      .get('/api/explore')
      .query({ topic: 'sleep', strict: 'true' });
    expect(strict.body.total).toBe(0);
    const asked = await request(t.viewer.app)
      .get('/api/explore')
      .query({ question: 'why do teens sleep badly' });
    expect(asked.body).toMatchObject({ mode: 'question', no_index: true, items: [] });
  });

  it.each([
    [{ min_confidence: '1.5' }, 'min_confidence'],
    [{ limit: '0' }, 'limit'],
    [{ sort_by: 'salience' }, 'sort_by'],
    [{ strict: 'perhaps' }, 'strict'],
  ])('refuses explore %j with a 400 naming %s', async (query, field) => {
    const res = await request(t.viewer.app).get('/api/explore').query(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });

  it('answers similar episodes with error no_index and no items', async () => {
    const res = await request(t.viewer.app)
      .get('/api/corpus/episodes/similar')
      .query({ metadata_relpath: SHIFT_WORK });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ items: [], error: 'no_index' });
  });

  it.each([
    [{}, 'q'],
    [{ q: '   ' }, 'q'],
    [{ q: 'x', top_k: '0' }, 'top_k'],
    [{ q: 'x', top_k: '101' }, 'top_k'],
    [{ q: 'x', since: '2026-02-30' }, 'since'],
    [{ q: 'x', type: 'insight,podcast' }, 'type'],
    [{ q: 'x', grounded_only: 'maybe' }, 'grounded_only'],
  ])('refuses %j with a 400 naming %s', async (query, field) => {
    const res = await request(t.viewer.app).get('/api/search').query(query);
    expect(res.status).toBe(400);
    expect(res.body.detail).toContain(field);
  });
});

describe('POST /api/index/rebuild', () => {
  it('fails closed without the operator token, and when none is configured', async () => {
    expect((await request(t.viewer.app).post('/api/index/rebuild')).status).toBe(401);
    const wrong = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', 'Bearer nope-nope-nope-nope');
    expect(wrong.status).toBe(401);
    const unset = buildViewerTestApp({ corpusDir: t.corpus.root });
    try {
      expect(
        (await request(unset.app).post('/api/index/rebuild').set('authorization', AUTH)).status,
      ).toBe(401);
    } finally {
      unset.close();
    }
    expect((await request(t.viewer.app).get('/api/index/stats')).body.rebuild_in_progress).toBe(
      false,
    );
  });

  it('accepts with 202, refuses a second rebuild with 409, then serves hybrid results', async () => {
    const first = await request(t.viewer.app).post('/api/index/rebuild').set('authorization', AUTH);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ status: 'accepted', path: t.corpus.root, force: false });
    const second = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', AUTH)
      .query({ rebuild: 'true' });
    expect(second.status).toBe(409);
    expect((await request(t.viewer.app).get('/api/index/stats')).body.rebuild_in_progress).toBe(
      true,
    );

    const stats = await waitForRebuild(t.viewer.app, t.corpus.root);
    expect(stats).toMatchObject({
      available: true,
      rebuild_last_error: null,
      embedding_provider: 'static_word_vectors',
      embedding_dim: 100,
      episodes_indexed: 24,
      staleness: { is_stale: false, reasons: [], episodes_added: 0 },
    });
    expect(stats.tier_counts.insight).toBeGreaterThan(0);
    expect(stats.doc_type_counts.transcript).toBe(stats.tier_counts.segment);

    const res = await request(t.viewer.app)
      .get('/api/search')
      .query({ q: 'insomnia treatment', top_k: '20' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ no_index: false, error: null, query_type: 'semantic' });
    expect(res.body.results.length).toBeGreaterThan(5);
    const tiers = new Set(res.body.results.map((hit: { source_tier: string }) => hit.source_tier));
    expect(tiers).toEqual(new Set(['insight', 'segment', 'aux']));
    const transcript = res.body.results.filter(
      (hit: { doc_type: string }) => hit.doc_type === 'transcript',
    );
    expect(res.body.lift_stats.transcript_hits_returned).toBe(transcript.length);
    expect(res.body.lift_stats.lift_applied).toBeGreaterThan(0);
    const lifted = transcript.find((hit: { lifted?: unknown }) => hit.lifted);
    expect(lifted.lifted.insight.id).toMatch(/^insight:/);
    expect(lifted.lifted.quote.timestamp_start_ms).toEqual(expect.any(Number));
    const insight = res.body.results.find(
      (hit: { doc_type: string }) => hit.doc_type === 'insight',
    );
    expect(insight.supporting_quotes).toEqual(expect.any(Array));
    expect(insight.episode_title).toEqual(expect.any(String));

    const points = (await request(t.viewer.app).get('/api/index/timeseries')).body.points;
    expect(points).toEqual([
      expect.objectContaining({ event: 'rebuild_finished', full: true, episodes_embedded: 24 }),
    ]);
  }, 120_000);

  it('filters by doc type, feed, date and grounded insights', async () => {
    const search = (query: Record<string, string>) =>
      request(t.viewer.app)
        .get('/api/search')
        .query({ q: 'sleep', top_k: '50', ...query });
    const insights = (await search({ type: 'insight', grounded_only: 'true' })).body.results;
    expect(insights.length).toBeGreaterThan(0);
    expect(
      insights.every(
        (h: { doc_type: string; grounded: boolean }) => h.doc_type === 'insight' && h.grounded,
      ),
    ).toBe(true);
    const feedId = insights[0].feed_id;
    const inFeed = (await search({ feed: feedId })).body.results;
    expect(inFeed.every((h: { feed_id: string }) => h.feed_id === feedId)).toBe(true);
    const recent = (await search({ since: '2026-11-01' })).body.results;
    expect(recent.every((h: { publish_date: string }) => h.publish_date >= '2026-11-01')).toBe(
      true,
    );
    expect((await search({ feed: 'no-such-feed' })).body.results).toEqual([]);
  });

  it('answers an explore question with ranked insights and their quotes', async () => {
    const res = await request(t.viewer.app)
      .get('/api/explore')
      .query({ q: 'teenage sleep is a social issue', limit: '3', min_confidence: '0' });
    expect(res.body).toMatchObject({ mode: 'question', no_index: false, query_type: 'semantic' });
    expect(res.body.items).toHaveLength(3);
    expect(res.body.items[0].text).toMatch(/sleep/i);
    expect(res.body.items[0].score).toBeGreaterThanOrEqual(res.body.items[1].score);
    expect(res.body.items[0].supporting_quotes.length).toBeGreaterThan(0);
  });

  it('lists semantic peers of an episode, sleep shows first', async () => {
    const res = await request(t.viewer.app)
      .get('/api/corpus/episodes/similar')
      .query({ metadata_relpath: SHIFT_WORK, top_k: '3' });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeNull();
    expect(res.body.items).toHaveLength(3);
    expect(
      res.body.items.map((i: { metadata_relpath: string }) => i.metadata_relpath),
    ).not.toContain(SHIFT_WORK);
    expect(res.body.items[0].podcast_title).toBe('Slow Wave');
  });

  it.each([
    [{ metadata_relpath: SHIFT_WORK, top_k: '26' }, 400],
    [{ metadata_relpath: SHIFT_WORK, top_k: '0' }, 400],
    [{ metadata_relpath: '../x.metadata.json' }, 400],
    [{ metadata_relpath: 'metadata/none.metadata.json' }, 404],
  ])('refuses similar episodes for %j with %i', async (query, status) => {
    expect(
      (await request(t.viewer.app).get('/api/corpus/episodes/similar').query(query)).status,
    ).toBe(status);
  });

  it('reports a different embedding_model instead of searching with it', async () => {
    const res = await request(t.viewer.app)
      .get('/api/search')
      .query({ q: 'sleep', embedding_model: 'other/model' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      error: 'embedding_model_mismatch',
      results: [],
      no_index: false,
    });
    const stats = await request(t.viewer.app)
      .get('/api/index/stats')
      .query({ embedding_model: 'other/model' });
    expect(stats.body.staleness.reasons).toContain('embedding_model_mismatch');
    const rebuild = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', AUTH)
      .query({ embedding_model: 'other/model' });
    expect(rebuild.status).toBe(400);
    expect(rebuild.body.detail).toContain('embedding_model');
  });

  it('records a failed rebuild in rebuild_last_error', async () => {
    const broken = buildViewerTestApp({
      corpusDir: t.corpus.root,
      operatorToken: TOKEN,
      env: {
        EMBEDDING_PROVIDER: 'openai_compatible',
        EMBEDDING_BASE_URL: 'http://127.0.0.1:9/v1',
        EMBEDDING_MODEL: 'unreachable',
      },
    });
    try {
      expect(
        (await request(broken.app).post('/api/index/rebuild').set('authorization', AUTH)).status,
      ).toBe(202);
      const stats = await waitForRebuild(broken.app, t.corpus.root);
      expect(stats.rebuild_last_error).toEqual(expect.any(String));
      expect(stats.staleness.reasons).toContain('embedding_provider_mismatch');
    } finally {
      broken.close();
    }
  }, 60_000);
});
