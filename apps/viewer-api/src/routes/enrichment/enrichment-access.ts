import { Problem } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import type { ViewerCtx } from '../../context.js';

/**
 * The corpus root of an enrichment route. The jobs-API flag is checked
 * before any handler of the group runs (behindJobsApiFlag).
 */
export function enrichmentRoot(ctx: ViewerCtx, path: string | undefined): Promise<string> {
  return resolveCorpusRoot(path, ctx.config.corpusRoots);
}

/** The operator file the block lives in holds a secret-looking key or a refused YAML shape. */
export const STORED_FILE_REFUSED = Problem.describe(
  'The stored operator file holds a secret-looking key or a refused YAML shape',
);
