import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The variables naming where a server keeps the persisted corpus projection
 * (docs/decisions/corpus.md): CORPUS_CACHE_DIR, `off` to keep none, and by
 * default `corpus-cache/` under DATA_DIR. Shared by both APIs.
 */
export const CorpusCacheEnvShape = {
  DATA_DIR: z.string().default('.data'),
  CORPUS_CACHE_DIR: z
    .string()
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL')
    .optional(),
};

/** The absolute cache folder, or undefined when CORPUS_CACHE_DIR is `off`. */
export function corpusCacheDirOf(env: {
  DATA_DIR: string;
  CORPUS_CACHE_DIR?: string | undefined;
}): string | undefined {
  if (env.CORPUS_CACHE_DIR === 'off') {
    return undefined;
  }
  return resolve(env.CORPUS_CACHE_DIR ?? resolve(env.DATA_DIR, 'corpus-cache'));
}
