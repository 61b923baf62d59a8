import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * The variables both APIs read for their corpus registry's persistence and
 * first load (docs/decisions/corpus.md): CORPUS_CACHE_DIR (`off` keeps no
 * projection; by default `corpus-cache/` under DATA_DIR) and
 * CORPUS_LOAD_WAIT_MS (how long a request waits for a first load before a
 * 503 with Retry-After; 0 waits however long it takes).
 */
/** Where the APIs keep their data (database, projection cache, corpus index) unless told. */
export const DEFAULT_DATA_DIR = '.data';

export const CorpusRegistryEnvShape = {
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  CORPUS_CACHE_DIR: z
    .string()
    .refine((value) => !value.includes('\u0000'), 'must not contain NUL')
    .optional(),
  CORPUS_LOAD_WAIT_MS: z.coerce.number().int().min(0).max(600_000).default(3000),
};

type CorpusRegistryEnv = z.output<z.ZodObject<typeof CorpusRegistryEnvShape>>;

/** The registry settings of those variables, as the apps' configs hold them. */
export function corpusRegistryConfigOf(env: CorpusRegistryEnv): {
  /** Absolute; undefined when CORPUS_CACHE_DIR is `off`. */
  corpusCacheDir: string | undefined;
  /** Undefined: wait for a first load however long it takes. */
  firstLoadWaitMs: number | undefined;
} {
  const cacheDir = env.CORPUS_CACHE_DIR ?? resolve(env.DATA_DIR, 'corpus-cache');
  return {
    corpusCacheDir: cacheDir === 'off' ? undefined : resolve(cacheDir),
    firstLoadWaitMs: env.CORPUS_LOAD_WAIT_MS === 0 ? undefined : env.CORPUS_LOAD_WAIT_MS,
  };
}
