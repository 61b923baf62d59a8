import {
  checkEmbeddingEnv,
  EmbeddingEnvShape,
  type EmbeddingSettings,
  embeddingSettingsOf,
} from './embedding-env.js';
import {
  askRerankOf,
  checkLlmEnv,
  LlmEnvShape,
  type LlmSettings,
  llmSettingsOf,
} from './llm-env.js';
import { z } from './zod.js';

/** The MB of search index data a process keeps between searches unless SEARCH_CACHE_MB says. */
export const DEFAULT_SEARCH_CACHE_MB = 256;

/**
 * The model variables both APIs read: the embedding provider (search,
 * explore, related episodes), the optional chat and rerank models of
 * answers, which share EMBEDDING_MODEL_DIR, and the MB of search index
 * data a process keeps between searches.
 */
export const ModelEnvShape = {
  ...EmbeddingEnvShape,
  ...LlmEnvShape,
  SEARCH_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(DEFAULT_SEARCH_CACHE_MB),
};

type ModelEnv = z.output<z.ZodObject<typeof ModelEnvShape>>;

/** Cross-field rules of those variables, for the app env's superRefine. */
export function checkModelEnv(env: ModelEnv, ctx: z.RefinementCtx): void {
  checkEmbeddingEnv(env, ctx);
  checkLlmEnv(env, ctx);
}

/** The model settings of those variables, as the apps' configs hold them. */
export function modelSettingsOf(env: ModelEnv): {
  embedding: EmbeddingSettings;
  llm: LlmSettings | undefined;
  askRerank: ReturnType<typeof askRerankOf>;
  searchCacheMb: number;
} {
  return {
    searchCacheMb: env.SEARCH_CACHE_MB,
    embedding: embeddingSettingsOf(env),
    llm: llmSettingsOf(env),
    askRerank: askRerankOf(env),
  };
}
