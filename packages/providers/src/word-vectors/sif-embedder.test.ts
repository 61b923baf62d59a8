import { describe, expect, it } from '@jest/globals';
import { embedText, sifWeights, tokenize } from './sif-embedder.js';
import { decodeVectorTable, encodeVectorTable } from './vector-table.js';

const table = decodeVectorTable(
  encodeVectorTable(
    ['the', 'and', 'sleep', 'insomnia', 'markets'],
    [
      [1, 1, 0, 0],
      [1, -1, 0, 0],
      [0, 0, 1, 0.2],
      [0, 0, 0.9, 0.4],
      [0, 0, 0, 1],
    ],
  ),
);
const weights = sifWeights(table.words.length);
const dot = (a: Float32Array, b: Float32Array) => a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

describe('SIF embedding', () => {
  it('splits on anything that is not a letter or digit, lowercased', () => {
    expect(tokenize("Sleep's  COST: 2x—insomnia!")).toEqual([
      'sleep',
      's',
      'cost',
      '2x',
      'insomnia',
    ]);
  });

  it('weighs frequent words less than rare ones', () => {
    expect(weights[0]).toBeLessThan(weights[4] ?? 0);
  });

  it('lets a rare content word dominate the frequent words around it', () => {
    const filler = Array.from({ length: 5000 }, (_, i) => `w${i}`);
    const big = decodeVectorTable(
      encodeVectorTable(
        ['the', 'and', ...filler, 'sleep'],
        [[1, 1, 0], [1, -1, 0], ...filler.map(() => [1, 0, 0]), [0, 0, 1]],
      ),
    );
    const bigWeights = sifWeights(big.words.length);
    const plain = embedText(big, bigWeights, 'sleep');
    const padded = embedText(big, bigWeights, 'the sleep and the');
    expect(dot(plain, padded)).toBeGreaterThan(0.9);
  });

  it('puts related texts closer than unrelated ones, at unit length', () => {
    const a = embedText(table, weights, 'Sleep');
    const b = embedText(table, weights, 'insomnia');
    const c = embedText(table, weights, 'markets');
    expect(dot(a, a)).toBeCloseTo(1, 5);
    expect(dot(a, b)).toBeGreaterThan(dot(a, c));
  });

  it('gives a zero vector when no word is known', () => {
    expect(Array.from(embedText(table, weights, 'zzz qqq'))).toEqual([0, 0, 0, 0]);
  });
});
