import type { EmbeddingProvider, EmbeddingSpec } from './embedding-provider.js';
import { createOpenAiCompatibleProvider } from './openai-compatible.js';
import { createSentenceTransformerProvider } from './sentence-transformer.js';
import { defaultVectorCacheFile } from './word-vectors/default-cache.js';
import { createStaticProvider } from './word-vectors/static-provider.js';

/** Builds the provider a spec describes (in the API process or in the index worker). */
export async function createEmbeddingProvider(spec: EmbeddingSpec): Promise<EmbeddingProvider> {
  switch (spec.kind) {
    case 'static_word_vectors':
      return createStaticProvider(spec.cacheFile ?? defaultVectorCacheFile(), spec.sourceFile);
    case 'openai_compatible':
      return createOpenAiCompatibleProvider(spec);
    case 'sentence_transformer_local':
      return createSentenceTransformerProvider(spec);
  }
}
