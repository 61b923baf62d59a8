import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

  it('says why for every null figure: run costs, enricher costs, manifest totals', async () => {
    const runFiles = (await readdir(t.corpus.root, { recursive: true }))
      .filter((name) => path.basename(name) === 'run.json')
      .map((name) => path.join(t.corpus.root, name));
    const manifestFile = path.join(t.corpus.root, 'corpus_manifest.json');
    const enrichmentFile = path.join(t.corpus.root, 'enrichments', 'run_summary.json');
    const originals = new Map<string, string>();
    for (const file of [...runFiles, manifestFile, enrichmentFile]) {
      originals.set(file, await readFile(file, 'utf8'));
    }
    const rewrite = <T>(file: string, change: (json: T) => void) => {
      const json = JSON.parse(originals.get(file) as string) as T;
      change(json);
      return writeFile(file, JSON.stringify(json));
    };
    type Fields = Record<string, unknown>;
    try {
      for (const file of runFiles) {
        await rewrite<{ metrics: Fields }>(file, (run) => delete run.metrics.cost_usd);
      }
      await rewrite<{ per_enricher: Record<string, Fields> }>(enrichmentFile, (summary) => {
        summary.per_enricher.topic_consensus = { status: 'failed' };
        summary.per_enricher.insight_density = { status: 'ok', cost_usd: 'n/a' };
      });
      await rewrite<{ cost_rollup: Fields & { by_feed: Fields[] } }>(manifestFile, (manifest) => {
        const [first, ...rest] = manifest.cost_rollup.by_feed;
        manifest.cost_rollup = {
          ...manifest.cost_rollup,
          total_cost_usd: undefined,
          by_feed: [{ ...first, cost_usd: undefined }, ...rest],
        };
      });
      const body = await summary();
      expect(body.runs).toMatchObject({ run_files: runFiles.length, with_cost: 0, cost_usd: null });
      expect(body.runs.reason).toBe(
        `none of the ${runFiles.length} run.json files read records metrics.cost_usd`,
      );
      expect(body.model_spend.per_enricher).toMatchObject({
        topic_consensus: null,
        insight_density: null,
      });
      expect(body.model_spend.total_cost_usd).not.toBeNull();
      expect(body.model_spend.reason).toBe(
        'run_summary.json records no cost_usd for insight_density, topic_consensus',
      );
      const firstFeed = JSON.parse(originals.get(manifestFile) as string).cost_rollup.by_feed[0];
      expect(body.costs.total_cost_usd).toBeNull();
      expect(body.costs.by_feed?.[0]?.cost_usd).toBeNull();
      expect(body.costs.reason).toBe(
        `cost_rollup records no total_cost_usd; by_feed records no cost_usd for ${firstFeed.feed_url}`,
      );
      for (const file of runFiles) {
        await rm(file);
      }
      const none = await summary();
      expect(none.runs).toMatchObject({ run_files: 0, read: 0, cost_usd: null });
      expect(none.runs.reason).toBe('the corpus holds no run.json');
    } finally {
      for (const [file, text] of originals) {
        await writeFile(file, text);
      }
    }
  });

  it('answers no null figure without a reason: the contract refuses one', () => {
    const good = {
      source: 'run.json',
      run_files: 1,
      read: 1,
      with_cost: 0,
      cost_usd: null,
      newest_created_at: '2026-01-01T00:00:00Z',
    };
    const block = OpsSummaryResponse.shape.runs;
    expect(block.safeParse(good).success).toBe(false);
    expect(block.safeParse({ ...good, reason: 'no cost recorded' }).success).toBe(true);
    const spend = OpsSummaryResponse.shape.model_spend;
    const withNull = {
      source: 'enrichments/run_summary.json',
      run_id: 'r',
      status: 'ok',
      finished_at: null,
      total_cost_usd: 1,
      per_enricher: { a: 1, b: null },
    };
    expect(spend.safeParse(withNull).success).toBe(false);
    expect(spend.safeParse({ ...withNull, reason: 'b has no cost' }).success).toBe(true);
  });

  it('refuses a path outside the corpus roots or inside a hidden folder', async () => {
    expectProblem(await request(t.viewer.app).get('/api/ops/summary?path=/etc'), 403, 'path');
    expectProblem(
      await request(t.viewer.app).get(`/api/ops/summary?path=${t.corpus.root}/.trash`),
      403,
    );
  });
});
