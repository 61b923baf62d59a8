import { describe, expect, it } from '@jest/globals';
import { createStaticProvider, defaultVectorCacheFile, STATIC_MODEL } from '../src/index.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

describe('static word-vector provider on the real table', () => {
  // Reads the cache `pnpm build` made; converts the 294 MB JSON once when it is missing.
  it('ranks paraphrases above unrelated text', async () => {
    const provider = await createStaticProvider(defaultVectorCacheFile());
    expect(provider).toMatchObject({
      kind: 'static_word_vectors',
      model: STATIC_MODEL,
      dimensions: 100,
    });
    const [query, paraphrase, unrelated] = await provider.embed([
      'trouble falling asleep at night',
      'insomnia keeps people awake',
      'central bank interest rate decisions',
    ]);
    expect(dot(query!, paraphrase!)).toBeGreaterThan(dot(query!, unrelated!));
  }, 120_000);
});
