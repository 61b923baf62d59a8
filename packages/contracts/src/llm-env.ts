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
};

type LlmEnv = z.output<z.ZodObject<typeof LlmEnvShape>>;

export interface LlmSettings {
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** Cross-field rule for a superRefine: a chat endpoint needs its model's name. */
export function checkLlmEnv(env: LlmEnv, ctx: z.RefinementCtx): void {
  if (env.LLM_BASE_URL !== undefined && env.LLM_MODEL === undefined) {
    ctx.addIssue({ code: 'custom', path: ['LLM_MODEL'], message: 'required with LLM_BASE_URL' });
  }
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
