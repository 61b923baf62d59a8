export { createEmbeddingProvider } from './create-provider.js';
export type { EmbeddingProvider, EmbeddingSpec, ProviderKind } from './embedding-provider.js';
export { normalizeInPlace } from './embedding-provider.js';
export type { DebertaSpec, NliScorer, NliScores } from './nli-scorer.js';
export { createDebertaScorer } from './nli-scorer.js';
export type { OpenAiCompatibleOptions } from './openai-compatible.js';
export { createOpenAiCompatibleProvider, EmbeddingServiceError } from './openai-compatible.js';
export { convertWinkJson } from './word-vectors/convert-wink.js';
export { defaultVectorCacheFile } from './word-vectors/default-cache.js';
export { tokenize } from './word-vectors/sif-embedder.js';
export {
  createStaticProvider,
  defaultWinkSource,
  ensureVectorCache,
  STATIC_MODEL,
  STATIC_VOCABULARY,
} from './word-vectors/static-provider.js';
export type { VectorTable } from './word-vectors/vector-table.js';
export { decodeVectorTable, encodeVectorTable } from './word-vectors/vector-table.js';
