/**
 * @jest-environment ./test/native-typed-arrays-env.cjs
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeTinyNliModel } from '@podcast/testing';
import { createDebertaScorer, type NliScorer } from '../src/nli-scorer.js';

describe('deberta_local through transformers.js', () => {
  let dir: string;
  let scorer: NliScorer;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'nli-model-'));
    await writeTinyNliModel(dir, 'tiny-nli');
    scorer = await createDebertaScorer({ modelDir: dir, model: 'tiny-nli', batchSize: 2 });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('scores pairs as probabilities, reading which logit is which from id2label', async () => {
    const [against, along, neither] = await scorer.score([
      ['a nap helps sleep', 'a nap is not about sleep, that is a myth'],
      ['a nap helps sleep', 'indeed, the same is true'],
      ['a nap helps sleep', 'the battery and the cells'],
    ]);
    for (const s of [against, along, neither]) {
      expect((s?.entailment ?? 0) + (s?.neutral ?? 0) + (s?.contradiction ?? 0)).toBeCloseTo(1, 5);
    }
    expect(against?.contradiction).toBeGreaterThan(0.9);
    expect(along?.entailment).toBeGreaterThan(0.9);
    expect(neither?.neutral).toBeGreaterThan(neither?.contradiction ?? 1);
  });

  it('keeps the order across batches', async () => {
    const pairs = Array.from(
      { length: 5 },
      (_, i) => [i % 2 === 0 ? 'not' : 'indeed', 'sleep'] as const,
    );
    const scores = await scorer.score(pairs);
    expect(scores.map((s) => (s.contradiction > 0.5 ? 'c' : 'e')).join('')).toBe('cecec');
  });

  it('refuses a model name that climbs out of the model folder, and a folder without weights', async () => {
    await expect(createDebertaScorer({ modelDir: dir, model: '../x' })).rejects.toThrow(
      'not a model folder',
    );
    await expect(createDebertaScorer({ modelDir: dir, model: 'missing' })).rejects.toThrow(
      'deberta_local: no onnx/model.onnx',
    );
  });
});
