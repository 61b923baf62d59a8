import { CilDigestTopic } from './corpus-digest.js';
import { EnricherId } from './enrichment-config.js';
import { IsoDate, QueryBoolean, queryInt } from './query.js';
import {
  CorpusPath,
  CorpusRootPath,
  Count,
  DailyCount,
  IsoDateTime,
  PublishDate,
  Slug,
} from './wire-formats.js';
import { z } from './zod.js';

/**
 * The viewer's corpus browse and metrics routes (spec 01 "Corpus routes";
 * derivations in spec 04). Choices the spec leaves open are listed in
 * docs/decisions/corpus-browse.md.
 */

export const CORPUS_EPISODES_LIMIT_DEFAULT = 50;
export const RESOLVE_EPISODE_IDS_MAX = 1000;
export const NODE_EPISODES_LIMIT_DEFAULT = 200;
export const NODE_EPISODES_LIMIT_MAX = 1000;
export const TOP_PERSONS_LIMIT_DEFAULT = 20;

const Relpath = z.string().min(1);
const NullableRelpath = Relpath.nullable();
const MetadataRelpath = Relpath.openapi({
  description: "The episode's metadata file, relative to the corpus root (its stable key here)",
  example: 'feeds/p01/run_20260101-000000/metadata/p01_e01.metadata.json',
});

export const CorpusPathQuery = z.object({ path: CorpusPath.optional() });
export type CorpusPathQuery = z.infer<typeof CorpusPathQuery>;

export const CorpusFeed = z
  .object({
    feed_id: z.string().openapi({ description: 'Empty for episodes whose metadata names no feed' }),
    title: z.string().nullable(),
    description: z.string().nullable(),
    url: z.string().nullable().openapi({ description: 'The RSS URL' }),
    image_url: z.string().nullable(),
    image_local_relpath: NullableRelpath.openapi({ description: 'Verified local show art' }),
    episode_count: Count,
    latest_publish_date: PublishDate.openapi({ description: 'Newest dated episode of the feed' }),
  })
  .openapi('CorpusFeed');
export type CorpusFeed = z.infer<typeof CorpusFeed>;

export const CorpusFeedList = z
  .object({ path: CorpusRootPath, feeds: z.array(CorpusFeed) })
  .openapi('CorpusFeedList', { description: 'Feeds by feed_id, the empty id last' });
export type CorpusFeedList = z.infer<typeof CorpusFeedList>;

/** Always empty on list rows (spec 01); the detail and the digest fill them. */
const EmptyCilDigestTopics = z.array(CilDigestTopic).max(0).openapi({
  description: 'Always empty on list rows: ask /episodes/detail or /api/corpus/digest for pills',
});

export const CorpusEpisodesQuery = z.object({
  path: CorpusPath.optional(),
  feed_id: z.string().optional().openapi({ description: 'Only this feed (exact match)' }),
  q: z.string().max(500).optional().openapi({ description: 'Title substring, case-insensitive' }),
  topic_q: z.string().max(500).optional().openapi({
    description: 'Substring of a topic pill or a KG topic label, case-insensitive',
  }),
  since: IsoDate.optional().openapi({ description: 'Published on or after this day (YYYY-MM-DD)' }),
  topic_cluster_only: QueryBoolean.optional().openapi({
    description: 'Only episodes listed by a member of a multi-member topic cluster',
  }),
  limit: queryInt(1, 200).default(CORPUS_EPISODES_LIMIT_DEFAULT),
  cursor: z.string().max(4096).optional().openapi({
    description: 'Opaque: next_cursor of the previous page',
  }),
});
export type CorpusEpisodesQuery = z.infer<typeof CorpusEpisodesQuery>;

// The fields a list row and the detail share. Each document schema extends it
// with its own `cil_digest_topics`: extending the registered list item would
// make an `allOf` of `maxItems: 0` and `maxItems: 5` that nothing satisfies.
const EpisodeRowFields = z.object({
  metadata_relpath: MetadataRelpath,
  slug: Slug,
  feed_id: z.string(),
  episode_id: z.string().nullable(),
  title: z.string(),
  publish_date: PublishDate,
  podcast_title: z.string().nullable(),
  duration_seconds: Count.nullable(),
  summary_preview: z.string().max(240).nullable().openapi({
    description: '"<summary title> — <bullet 1> · <bullet 2>", else the body; at most 240',
  }),
  topics: z.array(z.string().max(160)).max(4).openapi({ description: 'Topic pills' }),
  has_transcript: z.boolean(),
  has_summary: z.boolean(),
  has_gi: z.boolean(),
  has_kg: z.boolean(),
  has_bridge: z.boolean(),
  gi_relative_path: NullableRelpath,
  kg_relative_path: NullableRelpath,
  bridge_relative_path: NullableRelpath,
  transcript_relative_path: NullableRelpath,
  episode_image_url: z.string().nullable(),
  feed_image_url: z.string().nullable(),
  episode_image_local_relpath: NullableRelpath,
  feed_image_local_relpath: NullableRelpath,
});

export const CorpusEpisodeListItem = EpisodeRowFields.extend({
  cil_digest_topics: EmptyCilDigestTopics,
}).openapi('CorpusEpisodeListItem');
export type CorpusEpisodeListItem = z.infer<typeof CorpusEpisodeListItem>;

export const CorpusEpisodeList = z
  .object({
    path: CorpusRootPath,
    items: z.array(CorpusEpisodeListItem),
    limit: z.number().int().min(1),
    next_cursor: z.string().nullable().openapi({ description: 'Null on the last page' }),
  })
  .openapi('CorpusEpisodeList', { description: 'One newest-first page' });
export type CorpusEpisodeList = z.infer<typeof CorpusEpisodeList>;

export const CorpusEpisodeDetailQuery = z.object({
  path: CorpusPath.optional(),
  metadata_relpath: MetadataRelpath,
});
export type CorpusEpisodeDetailQuery = z.infer<typeof CorpusEpisodeDetailQuery>;

export const CorpusEpisodeDetail = EpisodeRowFields.extend({
  path: CorpusRootPath,
  description: z.string().nullable(),
  summary_title: z.string().nullable(),
  summary_bullets: z.array(z.string()).openapi({ description: 'Every summary bullet' }),
  summary_text: z.string().nullable().openapi({ description: 'raw_text, else short_summary' }),
  media_url: z.string().nullable(),
  run_relative_path: z.string().openapi({ description: "The run folder ('' in the flat layout)" }),
  cil_digest_topics: z.array(CilDigestTopic).max(5).openapi({
    description: "The episode's graph topics as digest pills (clustered ones first, at most 5)",
  }),
}).openapi('CorpusEpisodeDetail');
export type CorpusEpisodeDetail = z.infer<typeof CorpusEpisodeDetail>;

export const CorpusStats = z
  .object({
    path: CorpusRootPath,
    episode_count: Count,
    feed_count: Count,
    undated_episode_count: Count,
    publish_month_histogram: z.record(z.string().regex(/^\d{4}-\d{2}$/), Count).openapi({
      description: 'YYYY-MM → dated episodes published that month, oldest month first',
      example: { '2026-10': 4, '2026-11': 7 },
    }),
  })
  .openapi('CorpusStatsResponse');
export type CorpusStats = z.infer<typeof CorpusStats>;

const CoverageCounts = {
  episodes: Count,
  with_gi: Count,
  with_kg: Count,
  with_both: Count,
};

export const CorpusCoverage = z
  .object({
    path: CorpusRootPath,
    total: z.object(CoverageCounts),
    by_month: z.array(
      z.object({
        month: z
          .string()
          .regex(/^\d{4}-\d{2}$/)
          .nullable()
          .openapi({ description: 'YYYY-MM; null for undated episodes (listed last)' }),
        ...CoverageCounts,
      }),
    ),
    by_feed: z.array(
      z.object({ feed_id: z.string(), podcast_title: z.string().nullable(), ...CoverageCounts }),
    ),
  })
  .openapi('CorpusCoverage', { description: 'GI/KG sibling files present per month and feed' });
export type CorpusCoverage = z.infer<typeof CorpusCoverage>;

export const TopPersonsQuery = z.object({
  path: CorpusPath.optional(),
  limit: queryInt(1, 200).default(TOP_PERSONS_LIMIT_DEFAULT),
});
export type TopPersonsQuery = z.infer<typeof TopPersonsQuery>;

export const TopPerson = z
  .object({
    person_id: z.string().openapi({ example: 'person:maya-haddad' }),
    display_name: z.string(),
    grounded_insight_count: Count,
    episode_count: Count.openapi({ description: 'Episodes with a grounded insight they spoke' }),
  })
  .openapi('TopPerson');
export type TopPerson = z.infer<typeof TopPerson>;

export const TopPersonList = z
  .object({ path: CorpusRootPath, persons: z.array(TopPerson) })
  .openapi('TopPersonList');
export type TopPersonList = z.infer<typeof TopPersonList>;

export const ResolveEpisodeArtifactsBody = z.object({
  episode_ids: z.array(z.string().min(1).max(500)).max(RESOLVE_EPISODE_IDS_MAX),
  path: CorpusPath.optional(),
});
export type ResolveEpisodeArtifactsBody = z.infer<typeof ResolveEpisodeArtifactsBody>;

export const ResolvedEpisodeArtifacts = z
  .object({
    episode_id: z.string().openapi({ description: 'As requested' }),
    metadata_relpath: MetadataRelpath,
    gi_relative_path: Relpath,
    kg_relative_path: NullableRelpath,
    bridge_relative_path: NullableRelpath,
  })
  .openapi('ResolvedEpisodeArtifacts');
export type ResolvedEpisodeArtifacts = z.infer<typeof ResolvedEpisodeArtifacts>;

export const ResolveEpisodeArtifactsResponse = z
  .object({
    path: CorpusRootPath,
    items: z.array(ResolvedEpisodeArtifacts).openapi({ description: 'In request order' }),
    missing_episode_ids: z.array(z.string()).openapi({
      description: 'Requested ids with no GI file (unknown episodes included)',
    }),
  })
  .openapi('ResolveEpisodeArtifactsResponse');
export type ResolveEpisodeArtifactsResponse = z.infer<typeof ResolveEpisodeArtifactsResponse>;

export const NodeEpisodesBody = z.object({
  node_id: z
    .string()
    .regex(/^(?:person|org|topic):\S/, 'must start with person:, org: or topic:')
    .max(500),
  path: CorpusPath.optional(),
  limit: z.number().int().min(1).max(NODE_EPISODES_LIMIT_MAX).optional(),
});
export type NodeEpisodesBody = z.infer<typeof NodeEpisodesBody>;

export const NodeEpisode = z
  .object({
    metadata_relpath: MetadataRelpath,
    episode_id: z.string().optional(),
    title: z.string(),
    publish_date: PublishDate,
    gi_relative_path: NullableRelpath,
    kg_relative_path: NullableRelpath,
    bridge_relative_path: NullableRelpath,
    has_gi: z.boolean(),
    has_kg: z.boolean(),
  })
  .openapi('NodeEpisode');
export type NodeEpisode = z.infer<typeof NodeEpisode>;

export const NodeEpisodesResponse = z
  .object({
    path: CorpusRootPath,
    node_id: z.string(),
    items: z.array(NodeEpisode).openapi({ description: 'Newest first' }),
    total: Count.openapi({ description: 'Related episodes before the cap' }),
    truncated: z.boolean().openapi({ description: 'True when the limit cut the list' }),
  })
  .openapi('NodeEpisodesResponse');
export type NodeEpisodesResponse = z.infer<typeof NodeEpisodesResponse>;

export const QueryActivityQuery = z.object({
  path: CorpusPath.optional(),
  days: queryInt(1, 365).default(30),
});
export type QueryActivityQuery = z.infer<typeof QueryActivityQuery>;

export const QueryActivityResponse = z
  .object({
    path: CorpusRootPath,
    days: z.number().int().min(1).max(365),
    total: Count,
    daily: z.array(DailyCount).openapi({ description: 'One row per UTC day, oldest first' }),
  })
  .openapi('QueryActivityResponse');
export type QueryActivityResponse = z.infer<typeof QueryActivityResponse>;

const Metric = z.number().nullable();

export const CorpusRunSummaryItem = z
  .object({
    relative_path: Relpath.openapi({ example: 'feeds/p01/run_20260101-000000/run.json' }),
    run_id: z.string().nullable(),
    feed_id: z.string().nullable().openapi({
      description: 'The feed folder name (not a metadata feed_id); null outside feeds/',
    }),
    created_at: z.string().nullable(),
    mtime_utc: IsoDateTime,
    run_duration_seconds: Metric,
    episodes_scraped_total: Metric,
    episodes_skipped_total: Metric,
    errors_total: Metric,
    gi_artifacts_written: Metric,
    kg_artifacts_written: Metric,
    cost_usd: Metric,
  })
  .openapi('CorpusRunSummaryItem');
export type CorpusRunSummaryItem = z.infer<typeof CorpusRunSummaryItem>;

export const CorpusRunSummaryList = z
  .object({
    path: CorpusRootPath,
    runs: z.array(CorpusRunSummaryItem).openapi({ description: 'created_at descending' }),
    run_files: Count.openapi({ description: 'run.json files found, before the cap of 150' }),
  })
  .openapi('CorpusRunSummaryList');
export type CorpusRunSummaryList = z.infer<typeof CorpusRunSummaryList>;

export const CorpusDocument = z
  .record(z.string(), z.unknown())
  .openapi('CorpusDocument', { description: 'The JSON file as stored' });

export const EnricherIdParams = z.object({ enricher_id: EnricherId });

export const EpisodeEnrichmentQuery = CorpusEpisodeDetailQuery;

export const CorpusEnrichmentItem = z
  .object({
    enricher_id: z.string(),
    enricher_version: z.string().nullable(),
    schema_version: z.string().nullable(),
    status: z.string().nullable().openapi({ description: 'ok, failed, timeout, …' }),
    file: Relpath.openapi({ example: 'enrichments/topic_similarity.json' }),
    size_bytes: Count,
    computed_at: z.string().nullable(),
    produced_by_latest_run: z.boolean().openapi({
      description: 'enrichments/run_summary.json names this enricher',
    }),
  })
  .openapi('CorpusEnrichmentItem');
export type CorpusEnrichmentItem = z.infer<typeof CorpusEnrichmentItem>;

export const CorpusEnrichmentList = z
  .object({ path: CorpusRootPath, enrichments: z.array(CorpusEnrichmentItem) })
  .openapi('CorpusEnrichmentList');
export type CorpusEnrichmentList = z.infer<typeof CorpusEnrichmentList>;

/** Served as stored: only the keys that make a file an envelope are required. */
export const StoredEnrichmentEnvelope = z
  .looseObject({ enricher_id: z.string(), status: z.string() })
  .openapi('StoredEnrichmentEnvelope', { description: 'An enricher envelope as written' });
