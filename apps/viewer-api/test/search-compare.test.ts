import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { SearchCompareResponse } from '@podcast/contracts';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy, waitForRebuild } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-compare-tests';

const t = viewerOverSampleCopy(TOKEN);

const compare = (body: object) => request(t.viewer.app).post('/api/search/compare').send(body);

describe('POST /api/search/compare', () => {
  it('refuses a body without both subjects, or with bad filters, naming the field', async () => {
    expectProblem(await compare({ a: 'sleep' }), 400, 'b');
    expectProblem(await compare({ a: '', b: 'sleep' }), 400, 'a');
    expectProblem(await compare({ a: 'x'.repeat(501), b: 'sleep' }), 400, 'a');
    expectProblem(await compare({ a: 'sleep', b: 'light', top_k: 0 }), 400, 'top_k');
    expectProblem(await compare({ a: 'sleep', b: 'light', type: ['podcasts'] }), 400, 'type');
    expectProblem(
      await compare({ a: 'sleep', b: 'light', grounded_only: 'yes' }),
      400,
      'grounded_only',
    );
    expectProblem(await compare({ a: 'sleep', b: 'light', path: '/etc' }), 403, 'path');
    expectProblem(await compare({ a: 'sl\u0000eep', b: 'light' }), 400, 'a');
    const long = `${t.corpus.root}/${'n'.repeat(300)}`;
    expectProblem(await compare({ a: 'sleep', b: 'light', path: long }), 400, 'path');
    expectProblem(await compare({ a: 'sleep', b: 'light', path: `${t.corpus.root}/.trash` }), 403);
    const malformed = await request(t.viewer.app)
      .post('/api/search/compare')
      .set('content-type', 'application/json')
      .send('{"a": "sl');
    expectProblem(malformed, 400, 'body');
  });

  it('answers no_index for both subjects and shares nothing before a rebuild', async () => {
    const res = await compare({ a: 'sleep', b: 'caffeine' });
    expect(res.status).toBe(200);
    const body = SearchCompareResponse.parse(res.body);
    expect(body.a).toMatchObject({ no_index: true, error: 'no_index', results: [] });
    expect(body.b).toMatchObject({ no_index: true, error: 'no_index', results: [] });
    expect(body).toMatchObject({ path: t.corpus.root, shared_episodes: [], shared_speakers: [] });
  });

  it('after a rebuild, answers both lists and the episodes and speakers they share', async () => {
    const started = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', `Bearer ${TOKEN}`);
    expect(started.status).toBe(202);
    expect(await waitForRebuild(t.viewer.app, t.corpus.root)).toMatchObject({ available: true });
    const logFile = path.join(t.corpus.root, 'search', 'query_log.jsonl');
    const before = (await readFile(logFile, 'utf8').catch(() => '')).trim().split('\n').length;

    const res = await compare({ a: 'sleep deprivation', b: 'insomnia treatment', top_k: 25 });
    expect(res.status).toBe(200);
    const body = SearchCompareResponse.parse(res.body);
    expect(body.a.results.length).toBeGreaterThan(0);
    expect(body.b.results.length).toBeGreaterThan(0);
    expect(body.shared_episodes.length).toBeGreaterThan(0);
    // Each shared episode is where the stated ranks put it, in both lists.
    for (const shared of body.shared_episodes) {
      expect(body.a.results[shared.a_rank - 1]).toMatchObject({
        episode_id: shared.episode_id,
        doc_id: shared.a_doc_id,
      });
      expect(body.b.results[shared.b_rank - 1]).toMatchObject({
        episode_id: shared.episode_id,
        doc_id: shared.b_doc_id,
      });
      const earlierA = body.a.results.slice(0, shared.a_rank - 1);
      expect(earlierA.some((hit) => hit.episode_id === shared.episode_id)).toBe(false);
    }
    const sums = body.shared_episodes.map((s) => s.a_rank + s.b_rank);
    expect(sums).toEqual([...sums].sort((x, y) => x - y));
    for (const speaker of body.shared_speakers) {
      expect(speaker.a_hits).toBeGreaterThan(0);
      expect(speaker.b_hits).toBeGreaterThan(0);
    }

    // Two subjects, two query-log lines; the log never holds the text.
    let log = '';
    for (let i = 0; i < 50; i++) {
      log = await readFile(logFile, 'utf8').catch(() => '');
      if (log.trim().split('\n').length >= before + 2) {
        break;
      }
      await new Promise((done) => setTimeout(done, 20));
    }
    expect(log.trim().split('\n').length).toBe(before + 2);
    expect(log).not.toContain('insomnia');
  }, 120_000);

  it('applies the filters to both subjects', async () => {
    const res = await compare({ a: 'sleep', b: 'light', type: ['insight'], grounded_only: true });
    expect(res.status).toBe(200);
    const body = SearchCompareResponse.parse(res.body);
    for (const hit of [...body.a.results, ...body.b.results]) {
      expect(hit).toMatchObject({ doc_type: 'insight', grounded: true });
    }
  });
});
