import { ConversationArcBucket, RelatedNode, Sentiment } from './graph-shapes.js';
import { CommaList, queryInt } from './query.js';
import { SupportingQuote } from './search.js';
import { CorpusPath, CorpusRootPath, Count, PublishDate } from './wire-formats.js';
import { z } from './zod.js';

/**
 * The relational layer (/api/relational/*) and the graph-query (CIL) routes
 * of spec 01. They traverse the insight graph of the episodes that have a GI,
 * a KG and a bridge file; choices the spec leaves open are in
 * docs/decisions/graph-queries.md.
 */

export const RELATIONAL_K_DEFAULT = 20;
export const RELATIONAL_K_MAX = 200;
export const TOPIC_TIMELINE_IDS_MAX = 50;
export const PERSPECTIVE_LEADERS_LIMIT_DEFAULT = 20;

/** A node id as a caller names it: `topic:x`, `person:x`, `org:x`, an insight id, or a bare name. */
export const NodeIdParam = z
  .string()
  .trim()
  .min(1)
  .max(255)
  .openapi({ example: 'topic:adolescent-sleep' });

export const RelationalListResponse = z
  .object({
    path: CorpusRootPath,
    items: z.array(RelatedNode),
    reranked: z.boolean().openapi({
      description: 'True when the hybrid index ordered the items; false means structural order',
    }),
  })
  .openapi('RelationalListResponse', { description: 'Empty items for an unknown id' });
export type RelationalListResponse = z.infer<typeof RelationalListResponse>;

export const RelationalGroupedResponse = z
  .object({
    path: CorpusRootPath,
    groups: z.record(z.string(), z.array(RelatedNode)).openapi({
      description: 'Group key (a person id or a feed_id) to its nodes, largest group first',
    }),
  })
  .openapi('RelationalGroupedResponse', { description: 'Empty groups for an unknown id' });
export type RelationalGroupedResponse = z.infer<typeof RelationalGroupedResponse>;

export type RelationalScope = 'person' | 'entity' | 'insight' | 'topic' | 'podcast' | 'episode';

const RelationalK = queryInt(1, RELATIONAL_K_MAX).default(RELATIONAL_K_DEFAULT);

/** The query of one relational sub-route: path, its scope key (required) and k. */
export function relationalQuery<S extends RelationalScope>(scope: S) {
  return z.object({
    path: CorpusPath.optional(),
    k: RelationalK,
    ...({ [scope]: NodeIdParam } as Record<S, typeof NodeIdParam>),
  });
}

export const CrossShowQuery = relationalQuery('topic').extend({
  per_show: queryInt(1, 20).default(1).openapi({ description: 'Insights kept per show' }),
});
export type CrossShowQuery = z.infer<typeof CrossShowQuery>;

/**
 * `insight_types`: comma-separated types; `all` or `*` means no filter. Each
 * route says what omitting it means (claim only for person positions).
 */
export const InsightTypesParam = z
  .string()
  .max(500)
  .pipe(CommaList)
  .transform((types): string[] | 'all' =>
    types.some((t) => t === 'all' || t === '*') ? 'all' : types.map((t) => t.toLowerCase()),
  )
  .openapi({ type: 'string', example: 'claim,observation' });

export const CilInsight = z
  .object({
    id: z.string().min(1),
    text: z.string(),
    grounded: z.boolean(),
    insight_type: z.string().nullable(),
    confidence: z.number().nullable(),
    episode_id: z.string().nullable(),
    metadata_relpath: z.string().min(1),
    episode_title: z.string(),
    publish_date: PublishDate,
    feed_id: z.string(),
    topic_ids: z.array(z.string()),
    speaker_ids: z.array(z.string()),
    quotes: z.array(SupportingQuote),
    sentiment: Sentiment.optional().openapi({
      description: 'From the insight_sentiment sidecar; absent when there is none',
    }),
  })
  .openapi('CilInsight');
export type CilInsight = z.infer<typeof CilInsight>;

const InsightTypesEcho = z
  .array(z.string())
  .nullable()
  .openapi({ description: 'The types kept; null means every type' });

export const PersonPositionsQuery = z.object({
  path: CorpusPath.optional(),
  topic: NodeIdParam,
  insight_types: InsightTypesParam.optional(),
});
export const CilPersonPositionsResponse = z
  .object({
    path: CorpusRootPath,
    person_id: z.string(),
    display_name: z.string(),
    topic_id: z.string(),
    insight_types: InsightTypesEcho,
    items: z.array(CilInsight).openapi({ description: 'Oldest first; undated insights last' }),
  })
  .openapi('CilPersonPositionsResponse');

export const CilPersonProfileResponse = z
  .object({
    path: CorpusRootPath,
    person_id: z.string(),
    display_name: z.string(),
    insight_count: Count,
    topics: z.array(
      z.object({ topic_id: z.string(), label: z.string(), insights: z.array(CilInsight) }),
    ),
    quotes: z
      .array(SupportingQuote)
      .openapi({ description: 'Quotes the person spoke, newest first' }),
  })
  .openapi('CilPersonProfileResponse');

const TopicCount = z.object({ topic_id: z.string(), label: z.string(), insight_count: Count });

export const CilPersonTopicsResponse = z
  .object({
    path: CorpusRootPath,
    person_id: z.string(),
    topic_ids: z.array(z.string()),
    topics: z.array(TopicCount),
  })
  .openapi('CilPersonTopicsResponse');

export const TimelineEpisode = z
  .object({
    episode_id: z.string().nullable(),
    metadata_relpath: z.string().min(1),
    slug: z.string(),
    publish_date: PublishDate,
    episode_title: z.string(),
    feed_id: z.string(),
    feed_title: z.string().nullable(),
    episode_image_url: z.string().nullable(),
    episode_image_local_relpath: z.string().nullable(),
    feed_image_url: z.string().nullable(),
    feed_image_local_relpath: z.string().nullable(),
    insights: z.array(CilInsight),
  })
  .openapi('TimelineEpisode');

export const TopicInsightTypesQuery = z.object({
  path: CorpusPath.optional(),
  insight_types: InsightTypesParam.optional(),
});

export const CilTopicTimelineResponse = z
  .object({
    path: CorpusRootPath,
    topic_ids: z.array(z.string()),
    insight_types: InsightTypesEcho,
    episodes: z.array(TimelineEpisode).openapi({ description: 'Oldest first; undated last' }),
  })
  .openapi('CilTopicTimelineResponse');

const BodyInsightTypes = z
  .union([z.array(z.string().trim().min(1).max(100)).max(50), z.string()])
  .transform((value) => (Array.isArray(value) ? value.join(',') : value))
  .pipe(InsightTypesParam);

export const TopicTimelineRequest = z
  .object({
    topic_ids: z.array(NodeIdParam).min(1).max(TOPIC_TIMELINE_IDS_MAX),
    path: CorpusPath.optional(),
    insight_types: BodyInsightTypes.optional(),
  })
  .openapi('TopicTimelineRequest');

export const CilConversationArcResponse = z
  .object({
    path: CorpusRootPath,
    topic_id: z.string(),
    insight_types: InsightTypesEcho,
    undated: Count.openapi({ description: 'Insights left out because their episode has no date' }),
    weeks: z.array(ConversationArcBucket).openapi({
      description:
        'ISO weeks oldest first, gaps filled with zero weeks; empty without dated insights',
    }),
  })
  .openapi('CilConversationArcResponse');

export const CilTopicPersonsResponse = z
  .object({ path: CorpusRootPath, topic_id: z.string(), person_ids: z.array(z.string()) })
  .openapi('CilTopicPersonsResponse');

const PersonCount = z.object({
  person_id: z.string(),
  display_name: z.string(),
  insight_count: Count,
});

export const PerspectiveLeadersQuery = z.object({
  path: CorpusPath.optional(),
  limit: queryInt(1, 200).default(PERSPECTIVE_LEADERS_LIMIT_DEFAULT),
});
export const CilTopicPerspectiveLeadersResponse = z
  .object({
    path: CorpusRootPath,
    topics: z.array(TopicCount.extend({ leaders: z.array(PersonCount) })),
  })
  .openapi('CilTopicPerspectiveLeadersResponse');

export const PerspectivesQuery = z.object({
  path: CorpusPath.optional(),
  scope: z.enum(['person', 'show']).default('person'),
});
export const CilTopicPerspectivesResponse = z
  .object({
    path: CorpusRootPath,
    topic_id: z.string(),
    scope: z.enum(['person', 'show']),
    perspectives: z.array(
      z.object({
        key: z.string().openapi({ description: 'A person id, or a feed_id with scope=show' }),
        label: z.string(),
        insight_count: Count,
        negative: Count,
        neutral: Count,
        positive: Count,
        avg_compound: z.number().nullable(),
        insights: z.array(CilInsight).openapi({ description: 'Up to five, newest first' }),
      }),
    ),
  })
  .openapi('CilTopicPerspectivesResponse');

export const PersonIdParams = z.object({ person_id: NodeIdParam });
export const TopicIdParams = z.object({ topic_id: NodeIdParam });
