import { CommaList, IsoDate, QueryBoolean, queryInt, queryNumber } from './query.js';
import { CorpusPath, CorpusRootPath, Count } from './wire-formats.js';
import { z } from './zod.js';

/** Spec 04 §5.2 doc types a `type` filter may name. */
export const SearchDocType = z.enum([
  'insight',
  'transcript',
  'quote',
  'kg_topic',
  'kg_entity',
  'summary',
  'summary_short',
  'episode_title',
  'episode_description',
]);
export type SearchDocType = z.infer<typeof SearchDocType>;

export const QueryType = z
  .enum(['entity_lookup', 'raw_evidence', 'temporal_tracking', 'cross_show_synthesis', 'semantic'])
  .openapi({ description: 'Spec 04 §5.3 classification of the query text' });

const SearchText = z.string().trim().min(1).max(500);

export const SearchQuery = z.object({
  q: SearchText,
  path: CorpusPath.optional(),
  type: CommaList.pipe(z.array(SearchDocType)).optional().openapi({
    description: 'comma-separated doc types (insight, transcript, quote, kg_topic, …)',
  }),
  feed: z.string().min(1).max(300).optional(),
  since: IsoDate.optional().openapi({ description: 'YYYY-MM-DD; undated episodes are left out' }),
  speaker: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .openapi({ description: 'person id (`person:` is added when missing)' }),
  grounded_only: QueryBoolean.default(false),
  top_k: queryInt(1, 100).default(10),
  embedding_model: z.string().min(1).max(300).optional(),
  dedupe_kg_surfaces: QueryBoolean.default(true),
});
export type SearchQuery = z.infer<typeof SearchQuery>;

const NamedRef = z.object({ id: z.string(), display_name: z.string() });

export const LiftedHit = z
  .object({
    insight: z.object({
      id: z.string(),
      text: z.string(),
      grounded: z.boolean(),
      insight_type: z.string().optional(),
      position_hint: z.number().optional(),
    }),
    quote: z.object({
      id: z.string(),
      timestamp_start_ms: z.number().optional(),
      timestamp_end_ms: z.number().optional(),
    }),
    speaker: NamedRef.optional(),
    topic: NamedRef.optional(),
  })
  .openapi('LiftedHit');

export const SupportingQuote = z.object({
  id: z.string(),
  text: z.string(),
  speaker_id: z.string().nullable(),
  speaker_name: z.string().optional(),
  timestamp_start_ms: z.number().optional(),
  timestamp_end_ms: z.number().optional(),
});

export const SearchHit = z
  .object({
    doc_id: z.string(),
    doc_type: z.string(),
    source_tier: z.enum(['insight', 'segment', 'aux']),
    score: z.number().openapi({ description: 'reciprocal-rank-fusion score (higher is better)' }),
    text: z.string(),
    episode_id: z.string(),
    feed_id: z.string(),
    publish_date: z.string().nullable(),
    source_id: z.string(),
    char_start: z.number().int().optional(),
    char_end: z.number().int().optional(),
    episode_slug: z.string().optional(),
    episode_title: z.string().optional(),
    podcast_title: z.string().nullable().optional(),
    metadata_relpath: z.string().optional(),
    grounded: z.boolean().optional(),
    lifted: LiftedHit.optional(),
    supporting_quotes: z.array(SupportingQuote).optional(),
  })
  .openapi('SearchHit');
export type SearchHit = z.infer<typeof SearchHit>;

export const LiftStats = z.object({ transcript_hits_returned: Count, lift_applied: Count });

export const SearchResponse = z
  .object({
    query: z.string(),
    path: CorpusRootPath,
    query_type: QueryType,
    results: z.array(SearchHit),
    no_index: z.boolean().openapi({ description: 'true when the corpus has no usable index' }),
    embedding_model: z.string().nullable(),
    error: z
      .string()
      .nullable()
      .openapi({ description: '`no_index` or `embedding_model_mismatch`; null on success' }),
    detail: z.string().optional(),
    lift_stats: LiftStats.optional(),
  })
  .openapi('SearchResponse');
export type SearchResponse = z.infer<typeof SearchResponse>;

export const IndexStatsQuery = z.object({
  path: CorpusPath.optional(),
  embedding_model: z.string().min(1).max(300).optional(),
});

export const IndexStaleness = z.object({
  is_stale: z.boolean(),
  reasons: z.array(z.string()),
  episodes_added: Count,
  episodes_changed: Count,
  episodes_removed: Count,
});

export const IndexStatsResponse = z
  .object({
    path: CorpusRootPath,
    available: z.boolean(),
    rebuild_in_progress: z.boolean(),
    rebuild_last_error: z.string().nullable(),
    embedding_model: z.string().nullable(),
    embedding_provider: z.string().nullable(),
    embedding_dim: z.number().int().nullable(),
    vector_index_types: z.array(z.string()).nullable().openapi({
      description: 'Doc types the index was built with; null without an index',
    }),
    configured_embedding_model: z.string(),
    configured_embedding_provider: z.string(),
    doc_type_counts: z.record(z.string(), Count),
    tier_counts: z.record(z.string(), Count),
    feeds_indexed: Count,
    episodes_indexed: Count,
    total_vectors: Count,
    last_updated: z.string().nullable(),
    staleness: IndexStaleness,
  })
  .openapi('IndexStatsResponse');
export type IndexStatsResponse = z.infer<typeof IndexStatsResponse>;

export const IndexRebuildQuery = z.object({
  path: CorpusPath.optional(),
  rebuild: QueryBoolean.default(false).openapi({
    description: 'true re-embeds everything; otherwise only changed episodes',
  }),
  embedding_model: z.string().min(1).max(300).optional(),
  vector_index_types: z
    .string()
    .max(500)
    .pipe(CommaList)
    .pipe(z.array(z.union([SearchDocType, z.literal('all')])).min(1, 'name at least one doc type'))
    .optional()
    .openapi({
      type: 'string',
      description:
        'comma-separated doc types to index, or `all`; omitted keeps the types of the last ' +
        'build (all for a first build). A change of types rebuilds everything.',
      example: 'insight,quote,transcript',
    }),
  vector_index_path: z
    .string()
    .min(1)
    .max(4096)
    .optional()
    .openapi({
      description:
        'Where the index lives: only `<corpus>/search` (absolute, or `search` relative to the ' +
        'corpus) is accepted; every reader finds the index there (spec 04 §5.1)',
    }),
});

export const IndexRebuildAccepted = z
  .object({
    status: z.literal('accepted'),
    path: CorpusRootPath,
    force: z.boolean().openapi({ description: 'true when every episode is re-embedded' }),
    embedding_model: z.string(),
    vector_index_types: z.array(z.string()).nullable().openapi({
      description: 'The requested doc types; null keeps the last build’s',
    }),
    poll: z.string(),
  })
  .openapi('IndexRebuildAccepted');

export const IndexTimeseriesQuery = z.object({ path: CorpusPath.optional() });

export const IndexTimeseriesPoint = z.object({
  ts: z.string(),
  event: z.enum(['rebuild_finished', 'rebuild_failed']),
  duration_ms: Count,
  full: z.boolean().optional(),
  episodes_embedded: Count.optional(),
  episodes_removed: Count.optional(),
  rows_written: Count.optional(),
  total_vectors: Count.optional(),
  error: z.string().optional(),
});

export const IndexTimeseriesResponse = z
  .object({ path: CorpusRootPath, points: z.array(IndexTimeseriesPoint) })
  .openapi('IndexTimeseriesResponse');

export const SimilarEpisodesQuery = z.object({
  path: CorpusPath.optional(),
  metadata_relpath: z.string().min(1).max(1000),
  top_k: queryInt(1, 25).default(8),
});

export const SimilarEpisode = z.object({
  metadata_relpath: z.string(),
  episode_id: z.string().nullable(),
  title: z.string(),
  feed_id: z.string(),
  podcast_title: z.string().nullable(),
  publish_date: z.string().nullable(),
  score: z.number().openapi({ description: 'cosine similarity of the closest profile rows' }),
});

export const SimilarEpisodesResponse = z
  .object({
    path: CorpusRootPath,
    metadata_relpath: z.string(),
    items: z.array(SimilarEpisode),
    error: z.string().nullable().openapi({ description: '`no_index` without a usable index' }),
  })
  .openapi('SimilarEpisodesResponse');

/** Consumer hits add the card fields of the episode (spec 01 /api/app/search). */
export const AppSearchHit = SearchHit.extend({ episode_artwork: z.string().nullable() }).openapi(
  'AppSearchHit',
);

export const AppSearchResponse = SearchResponse.omit({ path: true })
  .extend({ results: z.array(AppSearchHit) })
  .openapi('AppSearchResponse');
export type AppSearchResponse = z.infer<typeof AppSearchResponse>;

export const AppSearchQuery = z.object({
  q: SearchText,
  top_k: queryInt(1, 50).default(10),
  grounded_only: QueryBoolean.default(false),
});

export const AppEpisodeSearchQuery = z.object({
  q: SearchText,
  top_k: queryInt(1, 50).default(10),
});

export const AppRelatedQuery = z.object({ top_k: queryInt(1, 25).default(8) });

export const ExploreQuery = z.object({
  path: CorpusPath.optional(),
  question: SearchText.optional().openapi({ description: 'natural-language question (or `q`)' }),
  q: SearchText.optional(),
  topic: z.string().min(1).max(300).optional(),
  speaker: z.string().min(1).max(300).optional(),
  grounded_only: QueryBoolean.default(false),
  min_confidence: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, 'expected a number from 0 to 1')
    .transform(Number)
    .pipe(z.number().min(0).max(1))
    .optional()
    .openapi({ type: 'number', minimum: 0, maximum: 1 }),
  sort_by: z.enum(['confidence', 'date', 'relevance']).optional(),
  limit: queryInt(1, 200).default(50),
  strict: QueryBoolean.default(false).openapi({
    description: 'topic matches ids exactly; otherwise a label substring also matches',
  }),
});

export const ExploreRow = z.object({
  insight_id: z.string(),
  text: z.string(),
  grounded: z.boolean(),
  confidence: z.number().nullable(),
  insight_type: z.string().nullable(),
  episode_id: z.string().nullable(),
  episode_title: z.string(),
  podcast_title: z.string().nullable(),
  publish_date: z.string().nullable(),
  metadata_relpath: z.string(),
  topics: z.array(z.object({ id: z.string(), label: z.string() })),
  person_ids: z.array(z.string()),
  score: z.number().nullable().openapi({ description: 'fusion score in question mode' }),
  supporting_quotes: z.array(SupportingQuote),
});

export const ExploreResponse = z
  .object({
    path: CorpusRootPath,
    mode: z.enum(['filter', 'question']),
    question: z.string().nullable(),
    query_type: QueryType.nullable(),
    total: Count.openapi({ description: 'rows matching before the limit' }),
    items: z.array(ExploreRow),
    no_index: z.boolean(),
  })
  .openapi('ExploreResponse');

/** POST /api/search/compare: two subjects searched with the same filters. */
export const SearchCompareRequest = z
  .object({
    a: SearchText.openapi({ description: 'The first subject (query text)' }),
    b: SearchText.openapi({ description: 'The second subject (query text)' }),
    path: CorpusPath.optional(),
    type: z.array(SearchDocType).min(1).optional(),
    feed: z.string().min(1).max(300).optional(),
    since: IsoDate.optional(),
    speaker: z.string().min(1).max(300).optional(),
    grounded_only: z.boolean().default(false),
    top_k: z.number().int().min(1).max(100).default(10),
    embedding_model: z.string().min(1).max(300).optional(),
    dedupe_kg_surfaces: z.boolean().default(true),
  })
  .openapi('SearchCompareRequest');
export type SearchCompareRequest = z.infer<typeof SearchCompareRequest>;

export const SharedEpisode = z.object({
  episode_id: z.string(),
  episode_slug: z.string().optional(),
  episode_title: z.string().optional(),
  podcast_title: z.string().nullable().optional(),
  a_rank: z.number().int().min(1).openapi({ description: "Rank of the episode's best hit for a" }),
  b_rank: z.number().int().min(1),
  a_doc_id: z.string(),
  b_doc_id: z.string(),
});

export const SharedSpeaker = z.object({
  id: z.string(),
  display_name: z.string().nullable(),
  a_hits: Count,
  b_hits: Count,
});

export const SearchCompareResponse = z
  .object({
    path: CorpusRootPath,
    a: SearchResponse,
    b: SearchResponse,
    shared_episodes: z.array(SharedEpisode).openapi({
      description: 'Episodes both result lists reach, best combined rank first',
    }),
    shared_speakers: z.array(SharedSpeaker).openapi({
      description: 'Speakers quoted in hits of both subjects, most evenly quoted first',
    }),
  })
  .openapi('SearchCompareResponse');
export type SearchCompareResponse = z.infer<typeof SearchCompareResponse>;

/** POST /api/corpus/topic-clusters/rebuild. */
export const TopicClustersRebuildQuery = z.object({
  path: CorpusPath.optional(),
  threshold: queryNumber(0.05, 1)
    .optional()
    .openapi({
      description:
        "Cosine a topic needs with its cluster centroid to join it; default: the index's " +
        'embedding model calibrated against the reference (0.75 for all-MiniLM-L6-v2)',
    }),
  force: QueryBoolean.default(false).openapi({
    description:
      'true writes the result even when it has no cluster and the current file has some; ' +
      'otherwise that file is kept and last_rebuild says why',
  }),
});

export const TopicClustersRebuildAccepted = z
  .object({
    status: z.literal('accepted'),
    path: CorpusRootPath,
    threshold: z.number().openapi({ description: 'The threshold the rebuild uses' }),
    threshold_source: z.enum(['request', 'model']),
    embedding_model: z.string().openapi({ description: 'The index model whose vectors it groups' }),
    force: z.boolean(),
    started_at: z.string().openapi({
      description: 'last_rebuild.started_at of the poll answer once this rebuild has ended',
    }),
    poll: z.string().openapi({ description: 'GET this to read the new artifact and last_rebuild' }),
  })
  .openapi('TopicClustersRebuildAccepted');
