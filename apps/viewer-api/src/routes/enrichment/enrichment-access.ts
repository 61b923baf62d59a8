import { Problem } from '@podcast/contracts';
import { resolveCorpusRoot } from '@podcast/corpus';
import { HttpError } from '@podcast/http-kit';
import type { ViewerCtx } from '../../context.js';

/** The answer of every enrichment route while the jobs-API flag is off (see enrichmentRoot). */
export const JOBS_API_OFF = { 500: Problem.describe('The jobs API is disabled') };

/**
 * The corpus root of an enrichment route, once the jobs-API flag allows it:
 * mounted with the flag off, every enrichment route answers 500 naming the
 * jobs API (spec 03 "Endpoints").
 */
export async function enrichmentRoot(ctx: ViewerCtx, path: string | undefined): Promise<string> {
  if (!ctx.capabilities.jobs_api) {
    throw new HttpError(
      500,
      'the jobs API is disabled (JOBS_API_ENABLED=false), and the enrichment routes run on it',
    );
  }
  return resolveCorpusRoot(path, ctx.config.corpusRoots);
}
