// What the relational routes (spec 01) share: read-only traversals of the graph
// (the corpus index's graph tables, else the snapshot's graph index), one file
// per sub-route. An unknown id answers an empty list, never an error; the scope
// key itself is required (400 naming it when absent).
import {
  type RelatedNode,
  RelationalListResponse,
  type RelationalScope,
  relationalQuery,
} from '@podcast/contracts';
import {
  type EpisodeRecord,
  type GraphIndex,
  type InsightSelection,
  rankCandidates,
  rankSelection,
} from '@podcast/corpus';
import {
  type CandidateSelection,
  INSIGHT_CANDIDATES,
  type IndexKysely,
} from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { answerForIndexedGraph, type GraphScope } from '../graph-queries/graph-scope.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { insightRanker } from './insight-ranker.js';

const TAGS = ['relational'];

export const SCOPE_NOTE =
  'Only episodes with a GI, a KG and a bridge file take part; an unknown id answers 200 with ' +
  'an empty result. `k` caps the list (1-200, default 20).';

/** A relational query as parsed: path, k and the route's scope key (generic over the key). */
type ScopedQuery = { path?: string; k: number } & Partial<Record<RelationalScope, string>>;

interface Scoped extends GraphScope {
  id: string;
  k: number;
}

type ListAnswer = (input: Scoped) => RelatedNode[];

/** An answer over the scope's id as given. */
export function byId(
  answer: (index: GraphIndex, id: string, k: number) => RelatedNode[],
): ListAnswer {
  return ({ index, id, k }) => answer(index, id, k);
}

/** An answer over the episode the id names: episode_id, slug or metadata relpath. */
export function byEpisode(
  answer: (index: GraphIndex, episode: EpisodeRecord | undefined, k: number) => RelatedNode[],
): ListAnswer {
  return ({ snapshot, index, id, k }) =>
    answer(
      index,
      snapshot.findEpisodeById(id) ??
        snapshot.findEpisodeBySlug(id) ??
        snapshot.findEpisodeByRelpath(id),
      k,
    );
}

/** A structural list route: the answer depends on the corpus alone, so it is cached per version. */
export function listRoute<S extends RelationalScope>(spec: {
  method: 'get';
  path: `/api/relational/${string}`;
  scope: S;
  summary: string;
  answer: ListAnswer;
  /** The same answer from the shared index's graph tables, when it serves the corpus. */
  index: (db: IndexKysely, id: string, k: number) => Promise<RelatedNode[]>;
}) {
  return defineRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: SCOPE_NOTE,
    tags: TAGS,
    auth: 'open',
    query: relationalQuery(spec.scope),
    responses: { 200: RelationalListResponse },
    cache: indexedSnapshotCache,
    handler: ({ query, ctx }) => {
      const q = query as ScopedQuery;
      const id = q[spec.scope] as string;
      return answerForIndexedGraph(ctx, q.path, {
        index: async (db) => ({ items: await spec.index(db, id, q.k), reranked: false }),
        graph: (scope) => ({ items: spec.answer({ ...scope, id, k: q.k }), reranked: false }),
      });
    },
  });
}

/** A list route re-ranked by an entity-scoped hybrid query; structural order without an index. */
export function rankedRoute<S extends RelationalScope>(spec: {
  method: 'get';
  path: `/api/relational/${string}`;
  scope: S;
  summary: string;
  select: (index: GraphIndex, id: string) => InsightSelection;
  /** The same candidates from the shared index's graph tables, when it serves the corpus. */
  index: (db: IndexKysely, id: string) => Promise<CandidateSelection>;
}) {
  return defineRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: `${SCOPE_NOTE} The candidates are re-ranked by a hybrid search of the insight tier for the scope's label; without a usable index they keep structural order and \`reranked\` is false.`,
    tags: TAGS,
    auth: 'open',
    query: relationalQuery(spec.scope),
    responses: { 200: RelationalListResponse },
    handler: ({ query, ctx }) => {
      const q = query as ScopedQuery;
      const id = q[spec.scope] as string;
      return answerForIndexedGraph(ctx, q.path, {
        index: async (db, root) => {
          const { candidates, query: label } = await spec.index(db, id);
          const rank = insightRanker(ctx, root);
          return rankCandidates(candidates, label, rank, q.k, INSIGHT_CANDIDATES);
        },
        graph: ({ snapshot, index }) =>
          rankSelection(spec.select(index, id), insightRanker(ctx, snapshot.root), q.k),
      });
    },
  });
}
