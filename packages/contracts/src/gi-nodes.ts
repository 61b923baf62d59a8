import { z } from './zod.js';

/**
 * Node shapes of the grounded-insight artifact, schema 1.0 (spec 01,
 * "Grounded-insight artifact"). Every object here is strict: the spec says
 * each node type allows no additional properties. Readers of older lineages
 * (spec 04 §4) must not use these; they are for writing and validating only.
 */

const NonEmpty = z.string().min(1);
const NonNegativeInt = z.number().int().min(0);
const Confidence = z.number().min(0).max(1).describe('Confidence between 0 and 1');
const Aliases = z.array(z.string()).describe('Other spellings of the same name');

const PodcastProperties = z.strictObject({
  title: NonEmpty.describe('Show title'),
  rss_url: NonEmpty.describe('Feed URL the show was read from'),
  publisher: z.string().optional(),
});

const EpisodeProperties = z.strictObject({
  podcast_id: NonEmpty.describe('Id of the Podcast node this episode belongs to'),
  title: NonEmpty,
  publish_date: z.iso
    .datetime({ offset: true })
    .describe('RFC 3339 date-time; 1970-01-01T00:00:00Z is the "unknown" placeholder'),
  audio_url: z.string().optional(),
  duration_ms: NonNegativeInt.optional(),
});

const SpeakerProperties = z.strictObject({
  name: NonEmpty,
  aliases: Aliases.optional(),
});

const TopicProperties = z.strictObject({
  label: NonEmpty,
  aliases: Aliases.optional(),
});

const InsightProperties = z.strictObject({
  text: NonEmpty.describe('The insight; may be rephrased from the transcript'),
  episode_id: NonEmpty,
  grounded: z
    .boolean()
    .describe('True exactly when at least one supporting quote exists; never implied'),
});

const QuoteProperties = z.strictObject({
  text: NonEmpty.describe('Verbatim transcript text'),
  episode_id: NonEmpty,
  speaker_id: z.string().nullable().optional().describe('Null when there is no diarization'),
  char_start: NonNegativeInt.describe('Offset of the first character in the transcript'),
  char_end: NonNegativeInt.describe('Offset just past the last character'),
  timestamp_start_ms: NonNegativeInt,
  timestamp_end_ms: NonNegativeInt,
  transcript_ref: NonEmpty.describe('Reference to the transcript artifact the offsets index'),
});

function node<T extends string, P extends z.ZodType>(type: T, properties: P) {
  return z.strictObject({
    id: NonEmpty.describe('Unique within the artifact'),
    type: z.literal(type),
    properties,
  });
}

export const GiPodcastNode = node('Podcast', PodcastProperties);
export const GiEpisodeNode = node('Episode', EpisodeProperties);
export const GiSpeakerNode = node('Speaker', SpeakerProperties);
export const GiTopicNode = node('Topic', TopicProperties);
// Insight is the only node type with a node-level field besides id/type/properties.
export const GiInsightNode = node('Insight', InsightProperties).extend({
  confidence: Confidence.optional(),
});
export const GiQuoteNode = node('Quote', QuoteProperties);

export const GiNodeType = z.enum(['Podcast', 'Episode', 'Speaker', 'Topic', 'Insight', 'Quote']);
export type GiNodeType = z.infer<typeof GiNodeType>;

export const GiNode = z
  .discriminatedUnion('type', [
    GiPodcastNode,
    GiEpisodeNode,
    GiSpeakerNode,
    GiTopicNode,
    GiInsightNode,
    GiQuoteNode,
  ])
  .openapi('GiNode')
  .describe('A node of the grounded-insight graph; `properties` depends on `type`');
export type GiNode = z.infer<typeof GiNode>;
export type GiInsightNode = z.infer<typeof GiInsightNode>;
export type GiQuoteNode = z.infer<typeof GiQuoteNode>;
