import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { OpsSummaryResponse } from '@podcast/contracts';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy } from './support/sample-corpus-copy.js';

const t = viewerOverSampleCopy('operator-token-for-ops-tests');

async function summary() {
  const res = await request(t.viewer.app).get('/api/ops/summary');
  expect(res.status).toBe(200);
  return OpsSummaryResponse.parse(res.body);
}

describe('GET /api/ops/summary', () => {
  it('reports the manifest costs, the run records and the enrichment spend, each with its source', async () => {
    const body = await summary();
    const manifest = JSON.parse(
      await readFile(path.join(t.corpus.root, 'corpus_manifest.json'), 'utf8'),
    );
    expect(body.costs).toMatchObject({
      source: 'corpus_manifest.json',
      currency: 'USD',
      total_cost_usd: manifest.cost_rollup.total_cost_usd,
      by_stage: manifest.cost_rollup.by_stage,
    });
    expect(body.costs.by_feed).toHaveLength(manifest.cost_rollup.by_feed.length);
    // The sample's runs add up to the manifest's total.
    expect(body.runs).toMatchObject({ source: 'run.json', run_files: 5, read: 5, with_cost: 5 });
    expect(body.runs.cost_usd).toBeCloseTo(manifest.cost_rollup.total_cost_usd, 6);
    const enrichment = JSON.parse(
      await readFile(path.join(t.corpus.root, 'enrichments', 'run_summary.json'), 'utf8'),
    );
    const spend = Object.values(
      enrichment.per_enricher as Record<string, { cost_usd: number }>,
    ).reduce((sum, e) => sum + e.cost_usd, 0);
    expect(body.model_spend).toMatchObject({
      source: 'enrichments/run_summary.json',
      run_id: enrichment.run_id,
      status: enrichment.status,
    });
    expect(body.model_spend.total_cost_usd).toBeCloseTo(spend, 6);
    expect(Object.keys(body.model_spend.per_enricher).sort()).toEqual(
      Object.keys(enrichment.per_enricher).sort(),
    );
    expect(body.provider_health).toMatchObject({ available: false });
    expect(body.provider_health.providers).toContainEqual(
      expect.objectContaining({ provider_type: 'none', open_breakers: 0, blown_fuses: 0 }),
    );
    expect(body.provider_health.reason).toContain('no enrichment run has recorded health');
  });

  it('gives nulls and a reason, never a number, when a source is missing or broken', async () => {
    const manifestFile = path.join(t.corpus.root, 'corpus_manifest.json');
    const enrichmentFile = path.join(t.corpus.root, 'enrichments', 'run_summary.json');
    const [manifest, enrichment] = await Promise.all([
      readFile(manifestFile),
      readFile(enrichmentFile),
    ]);
    try {
      await writeFile(manifestFile, '{"cost_rollup": ');
      await rm(enrichmentFile);
      const broken = await summary();
      expect(broken.costs).toMatchObject({
        source: null,
        total_cost_usd: null,
        by_stage: null,
        by_feed: null,
      });
      expect(broken.costs.reason).toMatch(/not valid JSON/);
      expect(broken.model_spend).toMatchObject({
        source: null,
        total_cost_usd: null,
        per_enricher: {},
      });
      expect(broken.model_spend.reason).toMatch(/does not exist/);
      await rm(manifestFile);
      expect((await summary()).costs.reason).toBe('corpus_manifest.json does not exist');
    } finally {
      await writeFile(manifestFile, manifest);
      await writeFile(enrichmentFile, enrichment);
    }
  });

  it('refuses a path outside the corpus roots or inside a hidden folder', async () => {
    expectProblem(await request(t.viewer.app).get('/api/ops/summary?path=/etc'), 403, 'path');
    expectProblem(
      await request(t.viewer.app).get(`/api/ops/summary?path=${t.corpus.root}/.trash`),
      403,
    );
  });
});
