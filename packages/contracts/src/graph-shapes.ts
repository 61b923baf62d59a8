import { requireAscending } from './sorted-refinement.js';
import { Count } from './wire-formats.js';
import { z } from './zod.js';

/**
 * Projections of the insight graph served to clients (spec 01 response
 * shapes; spec 04 §4-§6 for how they are derived). Lenient where older GI
 * lineages are: unknown insight types and missing speakers are normal.
 */

const UnitInterval = z.number().min(0).max(1);

export const InsightQuote = z
  .object({
    id: z.string().min(1).openapi({ example: 'quote:1a2b3c4d5e6f7a8b' }),
    text: z.string().openapi({ description: 'Verbatim transcript text' }),
    speaker_id: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: 'Often null without diarization' }),
    speaker_name: z.string().nullable().optional(),
    timestamp_start_ms: Count,
    timestamp_end_ms: Count,
    char_start: Count.optional(),
    char_end: Count.optional(),
  })
  .openapi('InsightQuote', { description: 'A transcript quote supporting an insight' });
export type InsightQuote = z.infer<typeof InsightQuote>;

export const InsightProjection = z
  .object({
    id: z.string().min(1).openapi({ example: 'insight:9f00aa11bb22cc33' }),
    text: z.string(),
    grounded: z.boolean().openapi({ description: 'At least one supporting quote exists' }),
    insight_type: z.string().optional().openapi({ example: 'claim' }),
    confidence: UnitInterval.optional(),
    position_hint: z.number().optional().openapi({
      description: 'Where in the episode the insight falls, as a fraction of its length',
      example: 0.4,
    }),
    quotes: z.array(InsightQuote).openapi({
      description: 'Supporting quotes in playback order (timestamp_start_ms ascending)',
    }),
  })
  // Quotes play in order so the client can render a timeline without sorting.
  .superRefine(
    requireAscending(
      'quotes',
      'timestamp_start_ms',
      'quotes must be ordered by timestamp_start_ms',
    ),
  )
  .openapi('InsightProjection', { description: 'An insight of one episode with its quotes' });
export type InsightProjection = z.infer<typeof InsightProjection>;

export const InsightList = z
  .object({ items: z.array(InsightProjection) })
  .openapi('InsightList', { description: 'Empty when the episode has no GI file' });
export type InsightList = z.infer<typeof InsightList>;

const ClusterOverlay = {
  cluster_id: z
    .string()
    .regex(/^tc:.+/)
    .optional()
    .openapi({ description: 'Theme (tc:) the topic belongs to' }),
  cluster_label: z.string().optional(),
  cluster_size: Count.optional(),
  theme_cluster_id: z
    .string()
    .regex(/^thc:.+/)
    .optional()
    .openapi({ description: 'Storyline (thc:) of the topic' }),
  theme_cluster_label: z.string().optional(),
  theme_cluster_size: Count.optional(),
};

export const EntityRef = z
  .object({
    id: z.string().min(1).openapi({ example: 'person:maya-ortiz' }),
    name: z.string(),
    role: z.string().optional().openapi({ example: 'guest' }),
  })
  .openapi('EntityRef', { description: 'A person or organisation named in the episode' });
export type EntityRef = z.infer<typeof EntityRef>;

export const TopicRef = z
  .object({
    id: z.string().min(1).openapi({ example: 'topic:drainage' }),
    label: z.string(),
    ...ClusterOverlay,
  })
  .openapi('TopicRef', {
    description: 'A topic of the episode with its theme and storyline, if any',
  });
export type TopicRef = z.infer<typeof TopicRef>;

export const EpisodeEntities = z
  .object({ persons: z.array(EntityRef), orgs: z.array(EntityRef), topics: z.array(TopicRef) })
  .openapi('EpisodeEntities', { description: 'Empty lists when the episode has no KG file' });
export type EpisodeEntities = z.infer<typeof EpisodeEntities>;

export const Theme = z
  .object({ id: z.string().regex(/^tc:.+/, 'expected a tc: id'), label: z.string(), size: Count })
  .openapi('Theme', { example: { id: 'tc:risk', label: 'Risk', size: 2 } });
export type Theme = z.infer<typeof Theme>;

export const ThemeList = z.object({ items: z.array(Theme) }).openapi('ThemeList');
export type ThemeList = z.infer<typeof ThemeList>;

export const Storyline = z
  .object({
    id: z.string().regex(/^thc:.+/, 'expected a thc: id'),
    label: z.string(),
    size: Count.openapi({ description: 'Member topics; /api/app/storylines lists only size >= 4' }),
    anchor_topic_id: z
      .string()
      .min(1)
      .openapi({ description: 'The member most tied to the storyline' }),
  })
  .openapi('Storyline', { description: 'Topics discussed together' });
export type Storyline = z.infer<typeof Storyline>;

export const StorylineList = z.object({ items: z.array(Storyline) }).openapi('StorylineList');
export type StorylineList = z.infer<typeof StorylineList>;

export const RelatedNode = z
  .object({
    id: z.string().min(1),
    type: z
      .enum(['Insight', 'Quote', 'Topic', 'Person', 'Organization', 'Episode'])
      .openapi({ description: 'The GI/KG node type', example: 'Insight' }),
    text: z.string().nullable().openapi({
      description: 'Insight or quote text, an episode title, or a topic, person or org label',
    }),
    show_id: z.string().nullable().openapi({ description: 'feed_id; null for topics and people' }),
    episode_id: z.string().nullable(),
    count: Count.optional().openapi({
      description: 'How often the node occurs with the scope (frequency-ranked routes)',
    }),
  })
  .openapi('RelatedNode', { description: 'A node reached by a relational traversal' });
export type RelatedNode = z.infer<typeof RelatedNode>;

export const SentimentLabel = z.enum(['negative', 'neutral', 'positive']).openapi('SentimentLabel');
export type SentimentLabel = z.infer<typeof SentimentLabel>;

export const Sentiment = z
  .object({ compound: z.number().min(-1).max(1), label: SentimentLabel })
  .openapi('Sentiment', { example: { compound: -0.42, label: 'negative' } });
export type Sentiment = z.infer<typeof Sentiment>;

export const ConversationArcBucket = z
  .object({
    week: z
      .string()
      .regex(/^\d{4}-W(0[1-9]|[1-4]\d|5[0-3])$/, 'expected an ISO week like 2026-W07'),
    volume: Count,
    negative: Count,
    neutral: Count,
    positive: Count,
    avg_compound: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .openapi({ description: 'Null for a week without sentiment' }),
  })
  .openapi('ConversationArcBucket', {
    description: 'One week of insight volume and sentiment mix',
  });
export type ConversationArcBucket = z.infer<typeof ConversationArcBucket>;
