/**
 * @jest-environment ../providers/test/native-typed-arrays-env.cjs
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createScratch, type Scratch, writeTinySentenceModel } from '@podcast/testing';
import { admit } from '../src/config/admission.js';
import { EnricherRegistry } from '../src/registry.js';
import { readHealth } from '../src/resilience/health-store.js';
import { runEnrichment } from '../src/run/executor.js';
import { episode, fakeClock } from './support.js';

const MODEL = 'tiny-sentence-model';
let scratch: Scratch;
let modelDir: string;

beforeAll(async () => {
  scratch = createScratch('topic-similarity');
  modelDir = join(scratch.dir, 'models');
  await writeTinySentenceModel(modelDir, MODEL);
});
afterAll(() => scratch.remove());

const EPISODES = [
  episode(1, {
    topicIds: ['topic:sleep', 'topic:naps', 'topic:floods', 'topic:drains', 'topic:batteries'],
    topicLabels: {
      'topic:sleep': 'sleep and insomnia',
      'topic:naps': 'napping at bedtime',
      'topic:floods': 'flooding rivers',
      'topic:drains': 'storm drainage and culverts',
      'topic:batteries': 'lithium battery charging',
    },
  }),
];

async function runWith(block: Record<string, unknown>, withMl: boolean, root: string) {
  const registry = new EnricherRegistry();
  const admission = await admit({
    block: { enrichers: { topic_similarity: block } },
    selection: { withMl },
    registry,
    health: await readHealth(root),
    evalRoot: join(root, 'evals'),
  });
  const summary = await runEnrichment(
    {
      corpusRoot: root,
      profile: null,
      parentRunId: null,
      jobId: null,
      admitted: admission.admitted,
      excluded: admission.excluded,
      maxTotalCostUsd: null,
      failOnRunCostCap: false,
    },
    {
      episodes: EPISODES,
      clock: fakeClock().clock,
      random: () => 0.5,
      signal: new AbortController().signal,
    },
  );
  return { summary, admission };
}

describe('topic_similarity with a local sentence-transformer', () => {
  it('pairs the topics whose labels mean the same, from a real ONNX model', async () => {
    const root = join(scratch.dir, 'run-ok');
    const { summary } = await runWith(
      {
        top_k: 2,
        min_similarity: 0.5,
        provider: { type: 'sentence_transformer_local', model_dir: modelDir, model: MODEL },
      },
      true,
      root,
    );
    expect(summary.per_enricher.topic_similarity).toMatchObject({
      status: 'ok',
      records_written: 5,
    });
    const envelope = JSON.parse(
      readFileSync(join(root, 'enrichments', 'topic_similarity.json'), 'utf8'),
    );
    const near = (id: string) =>
      envelope.data.topics
        .find((t: { topic_id: string }) => t.topic_id === id)
        .top_k.map((n: { topic_id: string }) => n.topic_id);
    expect(near('topic:sleep')).toEqual(['topic:naps']);
    expect(near('topic:floods')).toEqual(['topic:drains']);
    expect(near('topic:batteries')).toEqual([]);
  });

  it('is skipped without --with-ml, with a hint', async () => {
    const { summary, admission } = await runWith(
      { provider: { type: 'sentence_transformer_local', model_dir: modelDir, model: MODEL } },
      false,
      join(scratch.dir, 'run-no-ml'),
    );
    expect(summary.per_enricher.topic_similarity).toMatchObject({
      status: 'skipped',
      reason: { kind: 'needs_with_ml' },
    });
    expect(admission.hints[0]).toMatch(/--with-ml/);
  });

  it.each([
    [{}, /no provider block/],
    [
      { provider: { type: 'deberta_local', model_dir: 'x', model: 'y' } },
      /is a NliScorer, not a EmbeddingProvider/,
    ],
    [{ provider: { type: 'sentence_transformer_local' } }, /provider\.model_dir/],
  ])(
    'is left out with --with-ml when the provider block %j cannot serve it',
    async (block, detail) => {
      const { summary } = await runWith(block, true, join(scratch.dir, 'run-bad'));
      expect(summary.per_enricher.topic_similarity).toMatchObject({
        status: 'skipped',
        reason: { kind: 'no_provider' },
      });
      expect(summary.per_enricher.topic_similarity?.reason?.detail).toMatch(detail);
    },
  );

  it('fails, retried per the embedding tier, when the model is missing', async () => {
    const { summary } = await runWith(
      {
        provider: {
          type: 'sentence_transformer_local',
          model_dir: modelDir,
          model: 'absent-model',
        },
      },
      true,
      join(scratch.dir, 'run-missing'),
    );
    expect(summary.per_enricher.topic_similarity).toMatchObject({ status: 'failed', retries: 3 });
  });
});
