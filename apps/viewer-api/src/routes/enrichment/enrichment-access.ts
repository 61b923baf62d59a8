import { resolveCorpusRoot } from '@podcast/corpus';
import type { ViewerCtx } from '../../context.js';

/**
 * The corpus root of an enrichment route. The jobs-API flag is checked
 * before any handler of the group runs (behindJobsApiFlag).
 */
export function enrichmentRoot(ctx: ViewerCtx, path: string | undefined): Promise<string> {
  return resolveCorpusRoot(path, ctx.config.corpusRoots);
}
