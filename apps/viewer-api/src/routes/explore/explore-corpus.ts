import { ExploreQuery, ExploreResponse } from '@podcast/contracts';
import { type ExploreIndexKey, queryExploreKeys, queryExploreRows } from '@podcast/corpus-index';
import {
  classifyQuery,
  type ExploreFilter,
  type ExploreRow,
  type ExploreSort,
  type ExploreSource,
  exploreFrom,
  exploreInsights,
  rowsOnlySearchCorpus,
  sortExploreRows,
} from '@podcast/search';
import { defineRoute, type ViewerCtx } from '../../context.js';
import { corpusIndexFor, corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

/** Insight hits fetched in question mode before the filters apply. */
const QUESTION_DEPTH = 100;

interface ExploreRequest {
  filter: ExploreFilter;
  sortBy: ExploreSort;
  limit: number;
}

/** The corpus explore reads, and its insights passing a filter (among `ranked` when given). */
interface ExploreStore {
  root: string;
  explore(
    request: ExploreRequest,
    ranked?: ReadonlyMap<string, number>,
  ): Promise<{ total: number; items: ExploreRow[] }>;
}

/**
 * The index's explore tables when the index answers the `path` parameter's
 * corpus (503 until its layers are read), else every episode of the snapshot.
 */
async function exploreStoreFor(ctx: ViewerCtx, requested: string | undefined) {
  const index = await corpusIndexFor(ctx, requested, 'layers');
  if (index !== undefined) {
    const { db } = index.view;
    const source: ExploreSource<ExploreIndexKey> = {
      keys: (terms, insightIds) => queryExploreKeys(db, terms, insightIds),
      rows: (keys) => queryExploreRows(db, keys),
    };
    return {
      root: index.root,
      explore: (request, ranked) => exploreFrom(source, request, ranked),
    } satisfies ExploreStore;
  }
  const snapshot = await corpusSnapshotFor(ctx, requested);
  return {
    root: snapshot.root,
    explore: async (request, ranked) => {
      const rows = sortExploreRows(
        exploreInsights(snapshot, request.filter, ranked),
        request.sortBy,
      );
      return { total: rows.length, items: rows.slice(0, request.limit) };
    },
  } satisfies ExploreStore;
}

export const exploreCorpus = defineRoute({
  method: 'get',
  path: '/api/explore',
  summary: 'Cross-episode insights by filter or by question',
  description:
    'Filter mode (no `question`/`q`): every insight passing topic, speaker, grounded_only and ' +
    'min_confidence, sorted by `sort_by` (default confidence). Question mode: the insights ' +
    'the hybrid search finds for the question, then the same filters, sorted by relevance by ' +
    'default; without a usable index it answers `no_index: true` and no items. Rows carry ' +
    'supporting_quotes.',
  tags: ['search'],
  auth: 'open',
  query: ExploreQuery,
  responses: { 200: ExploreResponse },
  handler: async ({ query, ctx }) => {
    const store: ExploreStore = await exploreStoreFor(ctx, query.path);
    const question = query.question ?? query.q ?? null;
    const filter = {
      topic: query.topic,
      speaker: query.speaker,
      groundedOnly: query.grounded_only,
      minConfidence: query.min_confidence,
      strict: query.strict,
    };
    const base = { path: store.root, question, no_index: false };
    if (question === null) {
      const sortBy = query.sort_by ?? 'confidence';
      const rows = await store.explore({ filter, sortBy, limit: query.limit });
      return { ...base, mode: 'filter' as const, query_type: null, ...rows };
    }
    // Only the hits' ids and scores are kept, so none is hydrated.
    const outcome = await ctx.search.search(rowsOnlySearchCorpus(store.root), {
      q: question,
      topK: QUESTION_DEPTH,
      docTypes: ['insight'],
    });
    const hits = outcome.status === 'ok' ? outcome.hits : [];
    const ranked = new Map(hits.map((hit) => [hit.source_id, hit.score]));
    const sortBy = query.sort_by ?? 'relevance';
    const rows = await store.explore({ filter, sortBy, limit: query.limit }, ranked);
    return {
      ...base,
      mode: 'question' as const,
      query_type: classifyQuery(question),
      ...rows,
      no_index: outcome.status === 'no_index',
    };
  },
});
