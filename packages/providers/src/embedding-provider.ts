/** Which implementation produced a vector; recorded in the index so a mismatch is reported. */
export type ProviderKind =
  | 'static_word_vectors'
  | 'openai_compatible'
  | 'sentence_transformer_local';

/**
 * One embedding backend. Vectors are L2-normalised so a dot product is the
 * cosine similarity and every index row has the same scale.
 */
export interface EmbeddingProvider {
  readonly kind: ProviderKind;
  /** The model name written into the index metadata. */
  readonly model: string;
  readonly dimensions: number;
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/**
 * A serialisable description of a provider: the index build runs in a worker
 * thread, which rebuilds the provider from this instead of receiving it.
 */
export type EmbeddingSpec =
  | { kind: 'static_word_vectors'; cacheFile?: string; sourceFile?: string }
  | {
      kind: 'openai_compatible';
      baseUrl: string;
      model: string;
      apiKey?: string;
      batchSize?: number;
    }
  | { kind: 'sentence_transformer_local'; modelDir: string; model: string };

/** Scales a vector to unit length in place; a zero vector stays zero. */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) {
    sum += value * value;
  }
  if (sum > 0) {
    const inverse = 1 / Math.sqrt(sum);
    for (let i = 0; i < vector.length; i++) {
      vector[i] = (vector[i] ?? 0) * inverse;
    }
  }
  return vector;
}
