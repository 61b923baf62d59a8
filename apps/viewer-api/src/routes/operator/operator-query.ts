import { z } from '@podcast/contracts';

/** `path` of the operator routes: optional, defaulting to CORPUS_DIR, confined to CORPUS_ROOTS. */
export const OperatorPathQuery = z.object({
  path: z
    .string()
    .min(1)
    .optional()
    .describe('Corpus root (inside CORPUS_ROOTS); defaults to CORPUS_DIR'),
});
