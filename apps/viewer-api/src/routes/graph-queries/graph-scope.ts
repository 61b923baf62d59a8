import {
  type CorpusPlace,
  type CorpusSnapshot,
  type GraphIndex,
  graphIndexOf,
  type InsightTypes,
} from '@podcast/corpus';
import type { IndexKysely } from '@podcast/corpus-index';
import type { ViewerCtx } from '../../context.js';
import { answerForIndexedCorpus } from '../corpus-browse/corpus-snapshot-for.js';

export const GRAPH_SCOPE_NOTE =
  'Only episodes with a GI, a KG and a bridge file take part (spec 04 §2.3). Ids may be given ' +
  'with or without their prefix (topic:, person:); an unknown id answers empty lists.';

/** A corpus snapshot and its graph index. */
export interface GraphScope {
  snapshot: CorpusSnapshot;
  index: GraphIndex;
}

/**
 * `answer` over the `path` parameter's corpus, led by its root as `path`:
 * from the shared index's graph tables when the index answers that corpus
 * (`place` reads the sentiment sidecars beside it), else from the
 * snapshot's graph index.
 */
export function answerForIndexedGraph<T extends object>(
  ctx: ViewerCtx,
  path: string | undefined,
  answer: {
    index: (db: IndexKysely, place: CorpusPlace) => Promise<T>;
    graph: (scope: GraphScope) => T | Promise<T>;
  },
): Promise<{ path: string } & T> {
  return answerForIndexedCorpus(ctx, path, {
    // The graph tables are written by the first build's layers pass.
    needs: 'layers',
    index: (db, root) => answer.index(db, ctx.corpus.at(root)),
    snapshot: async (snapshot) => answer.graph({ snapshot, index: await graphIndexOf(snapshot) }),
  });
}

/** A parsed insight_types parameter, or the route's default when omitted or empty. */
export function typesOrDefault(
  parsed: InsightTypes | undefined,
  fallback: InsightTypes,
): InsightTypes {
  const omitted = parsed === undefined || (parsed !== 'all' && parsed.length === 0);
  return omitted ? fallback : parsed;
}
