import { z } from './zod.js';

/**
 * The optional chat model both APIs may summarise answers with (an
 * OpenAI-compatible `/chat/completions`); unset, answers stay extractive.
 */
export const LlmEnvShape = {
  LLM_BASE_URL: z.url().optional(),
  LLM_MODEL: z.string().min(1).max(300).optional(),
  LLM_API_KEY: z.string().min(1).optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /** An NLI model folder under EMBEDDING_MODEL_DIR that reranks answers and decides abstention. */
  ASK_RERANK_MODEL: z.string().min(1).max(300).optional(),
};

type LlmEnv = z.output<z.ZodObject<typeof LlmEnvShape>> & { EMBEDDING_MODEL_DIR?: string };

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** Cross-field rules for a superRefine: a chat endpoint needs its model, a local model its folder. */
export function checkLlmEnv(env: LlmEnv, ctx: z.RefinementCtx): void {
  if (env.LLM_BASE_URL !== undefined && env.LLM_MODEL === undefined) {
    ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'required with LLM_BASE_URL' });
  }
  if (env.ASK_RERANK_MODEL !== undefined && env.EMBEDDING_MODEL_DIR === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['EMBEDDING_MODEL_DIR'],
      message: 'required with ASK_RERANK_MODEL',
    });
  }
}

/** The local NLI model answers are reranked with, or undefined. */
export function askRerankOf(env: LlmEnv): { modelDir: string; model: string } | undefined {
  return env.ASK_RERANK_MODEL && env.EMBEDDING_MODEL_DIR
    ? { modelDir: env.EMBEDDING_MODEL_DIR, model: env.ASK_RERANK_MODEL }
    : undefined;
}

export function llmSettingsOf(env: LlmEnv): LlmSettings | undefined {
  if (env.LLM_BASE_URL === undefined || env.LLM_MODEL === undefined) {
    return undefined;
  }
  return {
    baseUrl: env.LLM_BASE_URL,
    model: env.LLM_MODEL,
    timeoutMs: env.LLM_TIMEOUT_MS,
    ...(env.LLM_API_KEY ? { apiKey: env.LLM_API_KEY } : {}),
  };
}
