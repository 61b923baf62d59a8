import { Problem } from '@podcast/contracts';
import type { AnyRoute } from '@podcast/http-kit';
import { z } from 'zod';

/** What every route that takes a corpus `path` may answer about it (docs/decisions/corpus.md). */
const CORPUS_PATH_ERRORS = {
  403: Problem.describe('`path` lies outside CORPUS_ROOTS, or under a hidden folder'),
  404: Problem.describe('`path` names no folder inside the corpus roots'),
};

function takesCorpusPath(schema: unknown): boolean {
  return schema instanceof z.ZodObject && 'path' in schema.shape;
}

/**
 * Declares the `path` refusals on each route whose query or body has one,
 * so the OpenAPI document lists them without forty copies of the same lines.
 * A route's own description of the status wins.
 */
export function withCorpusPathErrors<Ctx>(route: AnyRoute<Ctx>): AnyRoute<Ctx> {
  if (!takesCorpusPath(route.query) && !takesCorpusPath(route.body)) {
    return route;
  }
  return { ...route, responses: { ...CORPUS_PATH_ERRORS, ...route.responses } };
}
