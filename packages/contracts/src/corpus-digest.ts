import { IsoDate, QueryBoolean, queryInt } from './query.js';
import { CorpusPath, CorpusRootPath, Count, Slug } from './wire-formats.js';
import { z } from './zod.js';

/**
 * GET /api/corpus/digest (spec 01 "Corpus routes"). Spec 01 names the row and
 * band classes only; the fields here are ours (docs/decisions/digest.md).
 */

export const DigestWindow = z.enum(['24h', '7d', '1mo', 'since']).openapi('DigestWindow', {
  description:
    '24h and 7d roll back from now (a publish day counts when it overlaps the span); ' +
    '1mo is the previous UTC calendar month; since runs from the `since` day through today',
});
export type DigestWindow = z.infer<typeof DigestWindow>;

/** Row cap of a full digest; compact digests are capped lower (see the route). */
export const DIGEST_MAX_ROWS_LIMIT = 100;

export const CorpusDigestQuery = z
  .object({
    path: CorpusPath.optional(),
    window: DigestWindow.default('7d'),
    since: IsoDate.optional().openapi({
      description: 'YYYY-MM-DD; required when window=since, ignored otherwise',
    }),
    compact: QueryBoolean.default(false).openapi({
      description: 'Glance mode: forces 24h, at most 8 rows, no topic bands, no bullet pills',
    }),
    include_topics: QueryBoolean.default(true).openapi({
      description: 'Adds cil_digest_topics to each row and the topic bands (ignored when compact)',
    }),
    max_rows: queryInt(1, DIGEST_MAX_ROWS_LIMIT).optional().openapi({
      description: 'Row cap, default 20 (compact: 8, and never more than 8)',
    }),
  })
  .superRefine((query, ctx) => {
    // compact forces 24h, so a since window it overrides needs no day.
    if (query.window === 'since' && !query.compact && query.since === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['since'],
        message: 'required when window=since (YYYY-MM-DD)',
      });
    }
  });
export type CorpusDigestQuery = z.infer<typeof CorpusDigestQuery>;

export const CilDigestTopic = z
  .object({
    topic_id: z.string().min(1).openapi({ example: 'topic:urban-flooding' }),
    label: z.string(),
    in_topic_cluster: z.boolean().openapi({
      description: 'The topic belongs to a multi-member semantic topic cluster for this episode',
    }),
    topic_cluster_compound_id: z
      .string()
      .nullable()
      .openapi({ description: 'The tc: cluster id when in_topic_cluster', example: 'tc:risk' }),
  })
  .openapi('CilDigestTopic', { description: 'A topic pill of a digest row, clustered ones first' });
export type CilDigestTopic = z.infer<typeof CilDigestTopic>;

const GraphTopicId = z.string().regex(/^topic:.+/, 'expected a topic: id');

export const CorpusDigestRow = z
  .object({
    slug: Slug,
    metadata_relpath: z.string().min(1).openapi({
      description: 'Metadata file relative to the corpus root (the key of /episodes/detail)',
    }),
    episode_id: z.string().nullable(),
    feed_id: z.string(),
    podcast_title: z.string().nullable(),
    title: z.string(),
    publish_date: IsoDate,
    duration_seconds: Count.nullable(),
    summary_title: z.string().nullable(),
    summary_preview: z.string().max(240).nullable().openapi({
      description: '"<summary title> — <bullet 1> · <bullet 2>", else the body; at most 240',
    }),
    summary_bullets_preview: z.array(z.string().max(160)).max(4).openapi({
      description: 'Up to four bullets, each at most 160 characters; empty in compact mode',
    }),
    summary_bullet_graph_topic_ids: z.array(GraphTopicId.nullable()).openapi({
      description:
        'Parallel to summary_bullets_preview: the episode topic whose label the bullet ' +
        'contains (the longest such label), else null',
    }),
    has_gi: z.boolean(),
    has_kg: z.boolean(),
    has_bridge: z.boolean(),
    gi_relative_path: z.string().nullable(),
    kg_relative_path: z.string().nullable(),
    bridge_relative_path: z.string().nullable(),
    feed_image_url: z.string().nullable(),
    episode_image_url: z.string().nullable(),
    artwork_url: z.string().nullable().openapi({ description: 'Local art thumbnail, if any' }),
    cil_digest_topics: z.array(CilDigestTopic).max(5).optional().openapi({
      description: 'At most five topic pills; present only with include_topics',
    }),
  })
  .refine(
    (row) => row.summary_bullet_graph_topic_ids.length === row.summary_bullets_preview.length,
    {
      message: 'summary_bullet_graph_topic_ids must parallel summary_bullets_preview',
      path: ['summary_bullet_graph_topic_ids'],
    },
  )
  .openapi('CorpusDigestRow', { description: 'One episode of the digest' });
export type CorpusDigestRow = z.infer<typeof CorpusDigestRow>;

export const CorpusDigestTopicBand = z
  .object({
    id: z.string().min(1).openapi({ example: 'climate-environment' }),
    label: z.string().min(1).openapi({ example: 'Climate & environment' }),
    graph_topic_id: GraphTopicId.openapi({
      description: 'The corpus topic that put the most rows into this band',
    }),
    rows: z.array(CorpusDigestRow).min(1).max(8),
  })
  .openapi('CorpusDigestTopicBand', {
    description: 'A server-configured band with the in-window episodes whose topics match it',
  });
export type CorpusDigestTopicBand = z.infer<typeof CorpusDigestTopicBand>;

export const CorpusDigestResponse = z
  .object({
    path: CorpusRootPath,
    window: DigestWindow.openapi({ description: 'The window applied (24h when compact)' }),
    window_start: IsoDate.openapi({ description: 'First publish day in the window' }),
    window_end: IsoDate.openapi({ description: 'Last publish day in the window (inclusive)' }),
    compact: z.boolean(),
    max_rows: z.number().int().min(1).openapi({ description: 'The row cap applied' }),
    total_in_window: Count.openapi({ description: 'Dated episodes inside the window' }),
    rows: z.array(CorpusDigestRow),
    topic_bands: z.array(CorpusDigestTopicBand).openapi({
      description: 'Empty when compact or include_topics=false, or when no band matches',
    }),
  })
  .openapi('CorpusDigestResponse');
export type CorpusDigestResponse = z.infer<typeof CorpusDigestResponse>;
