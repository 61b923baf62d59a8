/**
 * @jest-environment ./test/native-typed-arrays-env.cjs
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeTinySentenceModel } from '@podcast/testing';
import { createEmbeddingProvider } from '../src/create-provider.js';
import type { EmbeddingProvider } from '../src/embedding-provider.js';

const MODEL = 'tiny-sentence-model';
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

describe('sentence_transformer_local through transformers.js', () => {
  let dir: string;
  let provider: EmbeddingProvider;
  let dim: number;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'st-model-'));
    ({ dim } = await writeTinySentenceModel(dir, MODEL));
    provider = await createEmbeddingProvider({
      kind: 'sentence_transformer_local',
      modelDir: dir,
      model: MODEL,
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('loads the local model and reports its kind, name and width', () => {
    expect(provider).toMatchObject({
      kind: 'sentence_transformer_local',
      model: MODEL,
      dimensions: dim,
    });
  });

  it('embeds texts as unit vectors, texts of one theme closest', async () => {
    const [sleep, nap, battery, flood] = await provider.embed([
      'Insomnia and the circadian rhythm',
      'a nap is about sleep',
      'Fast charging of lithium cells',
      'the storm drain and the sewer',
    ]);
    for (const v of [sleep, nap, battery, flood]) {
      expect(v).toHaveLength(dim);
      expect(dot(v as Float32Array, v as Float32Array)).toBeCloseTo(1, 5);
    }
    const s = sleep as Float32Array;
    expect(dot(s, nap as Float32Array)).toBeGreaterThan(dot(s, battery as Float32Array) + 0.5);
    expect(dot(s, nap as Float32Array)).toBeGreaterThan(dot(s, flood as Float32Array) + 0.5);
  });

  it('batches long inputs and keeps their order', async () => {
    const texts = Array.from({ length: 70 }, (_, i) =>
      i % 2 === 0 ? 'battery range' : 'sleep apnea',
    );
    const vectors = await provider.embed(texts);
    expect(vectors).toHaveLength(70);
    expect(dot(vectors[0] as Float32Array, vectors[68] as Float32Array)).toBeCloseTo(1, 5);
    expect(dot(vectors[0] as Float32Array, vectors[1] as Float32Array)).toBeLessThan(0.5);
  });

  it('refuses a missing model folder, a climbing model name and a folder without weights', async () => {
    const make = (model: string) =>
      createEmbeddingProvider({ kind: 'sentence_transformer_local', modelDir: dir, model });
    await expect(make('absent-model')).rejects.toThrow(/no onnx\/model.onnx/);
    await expect(make('../etc')).rejects.toThrow(/not a model folder name/);
  });
});
