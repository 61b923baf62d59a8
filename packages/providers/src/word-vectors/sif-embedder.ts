import { normalizeInPlace } from '../embedding-provider.js';
import type { VectorTable } from './vector-table.js';

/**
 * Smooth inverse frequency (Arora et al. 2017): a word of probability p
 * weighs a / (a + p), so "the" barely counts and rare content words dominate.
 * The table keeps rank, not counts; Zipf's law gives p(rank) = 1 / ((rank + 1)
 * * H) with H ~ ln(V) + 0.5772 over a vocabulary of V words.
 */
const SIF_A = 1e-3;
const TOKEN = /[\p{L}\p{N}]+/gu;

export function tokenize(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

export function sifWeights(vocabularySize: number): Float32Array {
  const harmonic = Math.log(Math.max(vocabularySize, 1)) + 0.5772;
  const weights = new Float32Array(vocabularySize);
  for (let rank = 0; rank < vocabularySize; rank++) {
    const probability = 1 / ((rank + 1) * harmonic);
    weights[rank] = SIF_A / (SIF_A + probability);
  }
  return weights;
}

/** SIF-weighted mean of the known words' vectors, unit length; zero when no word is known. */
export function embedText(table: VectorTable, weights: Float32Array, text: string): Float32Array {
  const { dimensions, scales, values } = table;
  const sum = new Float32Array(dimensions);
  for (const token of tokenize(text)) {
    const rank = table.rankOf.get(token);
    if (rank === undefined) {
      continue;
    }
    const factor = (weights[rank] ?? 0) * (scales[rank] ?? 0);
    const offset = rank * dimensions;
    for (let d = 0; d < dimensions; d++) {
      sum[d] = (sum[d] ?? 0) + factor * (values[offset + d] ?? 0);
    }
  }
  return normalizeInPlace(sum);
}
