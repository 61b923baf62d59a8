import { IsoDate, queryInt } from './query.js';
import { CorpusPath, Count } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Corpus-wide topic views of spec 01: the topic-cluster artifact, storylines,
 * trending entities and per-show signals (viewer), plus the list limit of the
 * consumer themes and storylines. Derivations: spec 04 §6 and
 * docs/decisions/digest.md.
 */

export const TopicClusterMember = z
  .looseObject({
    topic_id: z.string().optional().openapi({ example: 'topic:risk' }),
    label: z.string().optional(),
    similarity_to_centroid: z.number().optional(),
    episode_ids: z.array(z.string()).optional(),
  })
  .openapi('TopicClusterMember');

export const TopicCluster = z
  .looseObject({
    graph_compound_parent_id: z.string().optional().openapi({ example: 'tc:risk' }),
    cil_alias_target_topic_id: z.string().optional(),
    canonical_label: z.string().optional(),
    member_count: z.number().optional(),
    members: z.array(TopicClusterMember).optional(),
  })
  .openapi('TopicCluster');

export const TopicClustersRebuildOutcome = z
  .object({
    outcome: z.enum(['written', 'kept', 'failed']).openapi({
      description:
        'written: the file was replaced; kept: the old file stays (see reason); failed: see reason',
    }),
    reason: z
      .string()
      .nullable()
      .openapi({
        description: 'Why the old file was kept or the rebuild failed; null when written',
        example:
          'the rebuild found 0 clusters among 35 topics at threshold 0.75; the file with 14 ' +
          'clusters was kept (force=true writes the empty set)',
      }),
    started_at: z.string(),
    finished_at: z.string(),
    threshold: z.number(),
    threshold_source: z.enum(['request', 'model']).openapi({
      description: "request: the threshold parameter; model: the embedding model's default",
    }),
    embedding_model: z.string(),
    force: z.boolean(),
    topic_count: Count.nullable().openapi({ description: 'Topics clustered; null when failed' }),
    cluster_count: Count.nullable().openapi({
      description: 'Clusters the rebuild found (written or not); null when failed',
    }),
  })
  .openapi('TopicClustersRebuildOutcome', {
    description: 'How the last topic-cluster rebuild of the corpus ended',
  });
export type TopicClustersRebuildOutcome = z.infer<typeof TopicClustersRebuildOutcome>;

export const TopicClustersArtifact = z
  .looseObject({
    schema_version: z.string().optional().openapi({ example: '2' }),
    model: z.string().optional(),
    threshold: z.number().optional(),
    topic_count: z.number().optional(),
    cluster_count: z.number().optional(),
    singletons: z.number().optional(),
    clusters: z.array(TopicCluster),
    last_rebuild: TopicClustersRebuildOutcome.optional().openapi({
      description:
        'Not part of the file: how the last rebuild ended (search/topic_clusters_rebuild.json); ' +
        'absent when none has run',
    }),
  })
  .openapi('TopicClustersArtifact', {
    description: 'search/topic_clusters.json as stored (spec 04 §6); unknown keys are kept',
  });
export type TopicClustersArtifact = z.infer<typeof TopicClustersArtifact>;

export const CorpusStorylinesQuery = z.object({
  path: CorpusPath.optional(),
  min_members: queryInt(1, 1000).optional().openapi({
    description: 'Keep only storylines with at least this many member topics (default: no floor)',
  }),
});
export type CorpusStorylinesQuery = z.infer<typeof CorpusStorylinesQuery>;

/** `limit` of /api/app/themes and /api/app/storylines (spec 01 "Limits"). */
export const AppTopicListQuery = z.object({
  limit: queryInt(1, 50).default(12).openapi({ description: '1-50, default 12' }),
});
export type AppTopicListQuery = z.infer<typeof AppTopicListQuery>;

export const CorpusTrendingQuery = z.object({
  path: CorpusPath.optional(),
  limit_per_kind: queryInt(1, 50).default(10).openapi({ description: '1-50, default 10' }),
});
export type CorpusTrendingQuery = z.infer<typeof CorpusTrendingQuery>;

export const TrendingEntity = z
  .object({
    id: z.string().min(1).openapi({ example: 'topic:urban-flooding' }),
    label: z.string(),
    count: Count.openapi({ description: 'Episodes in the current period that carry the entity' }),
    previous_count: Count.openapi({ description: 'Episodes in the period before' }),
    score: z.number().openapi({
      description: '(count - previous_count) / (previous_count + 1), rounded to 3 decimals',
    }),
  })
  .openapi('TrendingEntity');
export type TrendingEntity = z.infer<typeof TrendingEntity>;

export const CorpusTrendingResponse = z
  .object({
    as_of: IsoDate.openapi({ description: 'Last day of the current period (today, UTC)' }),
    period_days: z.number().int().min(1),
    current_start: IsoDate,
    previous_start: IsoDate,
    topics: z.array(TrendingEntity),
    persons: z.array(TrendingEntity),
  })
  .openapi('CorpusTrendingResponse', {
    description: 'Topics and persons of recent episodes compared with the period before',
  });
export type CorpusTrendingResponse = z.infer<typeof CorpusTrendingResponse>;

export const CorpusFeedSignalsQuery = z.object({
  path: CorpusPath.optional(),
  feed_id: z.string().min(1).openapi({ description: 'The show, as in /api/corpus/feeds' }),
  top_k: queryInt(1, 50).default(10).openapi({ description: 'Topics listed, 1-50, default 10' }),
  max_episodes: queryInt(1, 500).default(100).openapi({
    description: "The show's newest episodes considered, 1-500, default 100",
  }),
});
export type CorpusFeedSignalsQuery = z.infer<typeof CorpusFeedSignalsQuery>;

export const FeedTopicShare = z
  .object({
    id: z.string().min(1),
    label: z.string(),
    count: Count.openapi({ description: 'Considered episodes that carry the topic' }),
    share: z.number().min(0).max(1).openapi({
      description: 'count / episodes_with_topics, rounded to 3 decimals',
    }),
  })
  .openapi('FeedTopicShare');
export type FeedTopicShare = z.infer<typeof FeedTopicShare>;

export const FeedCadence = z
  .object({
    dated_episodes: Count,
    first_publish_date: IsoDate.nullable(),
    last_publish_date: IsoDate.nullable(),
    median_days_between: z.number().min(0).nullable().openapi({
      description: 'Median gap between consecutive publish days; null below two dated episodes',
    }),
    episodes_per_month: z.number().min(0).nullable().openapi({
      description:
        'Dated episodes over the calendar months from the first to the last publish month',
    }),
  })
  .openapi('FeedCadence');
export type FeedCadence = z.infer<typeof FeedCadence>;

export const CorpusFeedSignalsResponse = z
  .object({
    feed_id: z.string().min(1),
    title: z.string().nullable(),
    episodes_considered: Count,
    episodes_with_topics: Count,
    topics: z.array(FeedTopicShare),
    cadence: FeedCadence,
  })
  .openapi('CorpusFeedSignalsResponse', {
    description: 'Topic distribution and publishing cadence of one show',
  });
export type CorpusFeedSignalsResponse = z.infer<typeof CorpusFeedSignalsResponse>;
