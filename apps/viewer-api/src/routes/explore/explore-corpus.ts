import { ExploreQuery, ExploreResponse } from '@podcast/contracts';
import { classifyQuery, exploreInsights, sortExploreRows } from '@podcast/search';
import { defineRoute } from '../../context.js';
import { corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

/** Insight hits fetched in question mode before the filters apply. */
const QUESTION_DEPTH = 100;

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
    const snapshot = await corpusSnapshotFor(ctx, query.path);
    const question = query.question ?? query.q ?? null;
    const filter = {
      topic: query.topic,
      speaker: query.speaker,
      groundedOnly: query.grounded_only,
      minConfidence: query.min_confidence,
      strict: query.strict,
    };
    const base = { path: snapshot.root, question, no_index: false };
    if (question === null) {
      const rows = sortExploreRows(
        exploreInsights(snapshot, filter),
        query.sort_by ?? 'confidence',
      );
      const items = rows.slice(0, query.limit);
      return { ...base, mode: 'filter' as const, query_type: null, total: rows.length, items };
    }
    const outcome = await ctx.search.search(snapshot, {
      q: question,
      topK: QUESTION_DEPTH,
      docTypes: ['insight'],
    });
    const hits = outcome.status === 'ok' ? outcome.hits : [];
    const ranked = new Map(hits.map((hit) => [hit.source_id, hit.score]));
    const rows = sortExploreRows(
      exploreInsights(snapshot, filter, ranked),
      query.sort_by ?? 'relevance',
    );
    return {
      ...base,
      mode: 'question' as const,
      query_type: classifyQuery(question),
      total: rows.length,
      items: rows.slice(0, query.limit),
      no_index: outcome.status === 'no_index',
    };
  },
});
