import { z } from './zod.js';

/**
 * The embedding variables both APIs read (search, explore, related episodes).
 * The static word-vector provider needs nothing: it is the offline default.
 */
export const EmbeddingEnvShape = {
  EMBEDDING_PROVIDER: z
    .enum(['static_word_vectors', 'openai_compatible', 'sentence_transformer_local'])
    .default('static_word_vectors'),
  EMBEDDING_MODEL: z.string().min(1).optional(),
  EMBEDDING_BASE_URL: z.url().optional(),
  EMBEDDING_API_KEY: z.string().min(1).optional(),
  EMBEDDING_MODEL_DIR: z.string().min(1).optional(),
  WORD_VECTOR_CACHE: z.string().min(1).optional(),
};

type EmbeddingEnv = z.output<z.ZodObject<typeof EmbeddingEnvShape>>;

export type EmbeddingSettings =
  | { kind: 'static_word_vectors'; cacheFile?: string }
  | { kind: 'openai_compatible'; baseUrl: string; model: string; apiKey?: string }
  | { kind: 'sentence_transformer_local'; modelDir: string; model: string };

/** Cross-field rule for a superRefine: the HTTP provider needs a URL and a model name. */
export function checkEmbeddingEnv(env: EmbeddingEnv, ctx: z.RefinementCtx): void {
  const needs: [boolean, string][] = [
    [
      env.EMBEDDING_PROVIDER === 'openai_compatible' && !env.EMBEDDING_BASE_URL,
      'EMBEDDING_BASE_URL',
    ],
    [env.EMBEDDING_PROVIDER !== 'static_word_vectors' && !env.EMBEDDING_MODEL, 'EMBEDDING_MODEL'],
    [
      env.EMBEDDING_PROVIDER === 'sentence_transformer_local' && !env.EMBEDDING_MODEL_DIR,
      'EMBEDDING_MODEL_DIR',
    ],
  ];
  for (const [missing, name] of needs) {
    if (missing) {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `required when EMBEDDING_PROVIDER=${env.EMBEDDING_PROVIDER}`,
      });
    }
  }
}

export function embeddingSettingsOf(env: EmbeddingEnv): EmbeddingSettings {
  switch (env.EMBEDDING_PROVIDER) {
    case 'openai_compatible':
      return {
        kind: 'openai_compatible',
        baseUrl: env.EMBEDDING_BASE_URL ?? '',
        model: env.EMBEDDING_MODEL ?? '',
        ...(env.EMBEDDING_API_KEY ? { apiKey: env.EMBEDDING_API_KEY } : {}),
      };
    case 'sentence_transformer_local':
      return {
        kind: 'sentence_transformer_local',
        modelDir: env.EMBEDDING_MODEL_DIR ?? '',
        model: env.EMBEDDING_MODEL ?? '',
      };
    default:
      return {
        kind: 'static_word_vectors',
        ...(env.WORD_VECTOR_CACHE ? { cacheFile: env.WORD_VECTOR_CACHE } : {}),
      };
  }
}
