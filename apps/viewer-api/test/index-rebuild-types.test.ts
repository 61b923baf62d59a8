import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { IndexRebuildAccepted, IndexStatsResponse } from '@podcast/contracts';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy, waitForRebuild } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-index-type-tests';
const t = viewerOverSampleCopy(TOKEN);

const rebuild = (query: Record<string, string> = {}) =>
  request(t.viewer.app)
    .post('/api/index/rebuild')
    .set('authorization', `Bearer ${TOKEN}`)
    .query(query);

async function builtStats() {
  return IndexStatsResponse.parse(await waitForRebuild(t.viewer.app, t.corpus.root));
}

async function resultTypes(q: string): Promise<Set<string>> {
  const res = await request(t.viewer.app).get('/api/search').query({ q, top_k: 50 });
  expect(res.status).toBe(200);
  return new Set(res.body.results.map((hit: { doc_type: string }) => hit.doc_type));
}

describe('POST /api/index/rebuild: vector_index_types and vector_index_path', () => {
  it('refuses an unknown doc type, an empty list and any other index path, naming the field', async () => {
    expectProblem(
      await rebuild({ vector_index_types: 'insight,podcasts' }),
      400,
      'vector_index_types',
    );
    expectProblem(await rebuild({ vector_index_types: ' , ' }), 400, 'vector_index_types');
    expectProblem(await rebuild({ vector_index_path: '/tmp/elsewhere' }), 400, 'vector_index_path');
    expectProblem(await rebuild({ vector_index_path: '../search' }), 400, 'vector_index_path');
    expect((await request(t.viewer.app).get('/api/index/stats')).body.available).toBe(false);
  });

  it('indexes only the named types, keeps them on later builds, and `all` restores every type', async () => {
    const first = await rebuild({
      vector_index_types: 'insight,quote',
      vector_index_path: path.join(t.corpus.root, 'search'),
    });
    expect(first.status).toBe(202);
    expect(IndexRebuildAccepted.parse(first.body).vector_index_types).toEqual(['insight', 'quote']);
    const narrow = await builtStats();
    expect(narrow.vector_index_types).toEqual(['insight', 'quote']);
    expect(Object.keys(narrow.doc_type_counts).sort()).toEqual(['insight', 'quote']);
    expect(narrow.tier_counts.segment ?? 0).toBe(0);
    const types = await resultTypes('sleep');
    expect(types.size).toBeGreaterThan(0);
    expect([...types].every((type) => type === 'insight' || type === 'quote')).toBe(true);

    // An incremental build without the parameter keeps the narrow types.
    expect((await rebuild({ vector_index_path: 'search' })).status).toBe(202);
    const kept = await builtStats();
    expect(kept.vector_index_types).toEqual(['insight', 'quote']);
    expect(kept.total_vectors).toBe(narrow.total_vectors);

    expect((await rebuild({ vector_index_types: 'all' })).status).toBe(202);
    const all = await builtStats();
    expect(all.vector_index_types).toHaveLength(9);
    expect(all.doc_type_counts.transcript).toBeGreaterThan(0);
    expect(all.total_vectors).toBeGreaterThan(narrow.total_vectors);
    expect(await resultTypes('sleep deprivation and shift work')).toContain('transcript');
  }, 180_000);
});
