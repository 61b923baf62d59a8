import { deepLink } from '@podcast/user-state';
import { z } from 'zod';
import { defineTool } from './define-tool.js';
import { episodeWithLayers, insightsOf } from './episode-reads.js';
import { GRAPH_RELATIONS } from './tools-graph.js';
import { READS, type UserToolsCtx } from './user-tools-ctx.js';

const tool = defineTool<UserToolsCtx>();

const Quote = z.object({
  text: z.string(),
  speaker_name: z.string().nullable(),
  timestamp_start_ms: z.number().nullable(),
  timestamp_end_ms: z.number().nullable(),
});

/** A supporting quote as the tools answer it: absent fields as null. */
function quoteOf(q: {
  text: string;
  speaker_name?: string | null;
  timestamp_start_ms?: number;
  timestamp_end_ms?: number;
}): z.infer<typeof Quote> {
  return {
    text: q.text,
    speaker_name: q.speaker_name ?? null,
    timestamp_start_ms: q.timestamp_start_ms ?? null,
    timestamp_end_ms: q.timestamp_end_ms ?? null,
  };
}

const searchCorpus = tool({
  name: 'search_corpus',
  title: 'Search the podcast corpus',
  description:
    'Hybrid (lexical and semantic) search over every episode. Insight hits carry the verbatim ' +
    'quotes that ground them, with speaker and timestamps. `no_index` is true when the corpus ' +
    'has no search index yet (results are then empty).',
  requires: 'corpus:read',
  annotations: READS,
  input: z.object({
    query: z.string().trim().min(1).max(500),
    top_k: z.number().int().min(1).max(25).default(8),
    grounded_only: z.boolean().default(false),
  }),
  output: z.object({
    no_index: z.boolean(),
    results: z.array(
      z.object({
        text: z.string(),
        kind: z.string(),
        score: z.number(),
        grounded: z.boolean(),
        episode_slug: z.string().nullable(),
        episode_title: z.string().nullable(),
        podcast_title: z.string().nullable(),
        publish_date: z.string().nullable(),
        link: z.string().nullable(),
        quotes: z.array(Quote),
      }),
    ),
  }),
  handler: async ({ query, top_k, grounded_only }, ctx) => {
    const outcome = await ctx.search.search(await ctx.searchCorpus(), {
      q: query,
      topK: top_k,
      groundedOnly: grounded_only,
    });
    if (outcome.status !== 'ok') {
      return { no_index: true, results: [] };
    }
    return {
      no_index: false,
      results: outcome.hits.map((hit) => {
        const quotes = (hit.supporting_quotes ?? []).map(quoteOf);
        return {
          text: hit.text,
          kind: hit.doc_type,
          score: hit.score,
          grounded: hit.grounded ?? quotes.length > 0,
          episode_slug: hit.episode_slug ?? null,
          episode_title: hit.episode_title ?? null,
          podcast_title: hit.podcast_title ?? null,
          publish_date: hit.publish_date,
          link: hit.episode_slug ? deepLink(hit.episode_slug, quotes[0]?.timestamp_start_ms) : null,
          quotes,
        };
      }),
    };
  },
});

const episodeInsights = tool({
  name: 'episode_insights',
  title: "An episode's insights with their quotes",
  description:
    "The episode's insights, most salient first, each with the verbatim quotes that support " +
    'it (speaker, start and end in milliseconds). Find slugs with search_corpus.',
  requires: 'corpus:read',
  annotations: READS,
  input: z.object({
    episode_slug: z.string().min(1).max(255),
    limit: z.number().int().min(1).max(50).default(20),
  }),
  output: z.object({
    episode_slug: z.string(),
    episode_title: z.string().nullable(),
    podcast_title: z.string().nullable(),
    publish_date: z.string().nullable(),
    insights: z.array(
      z.object({
        id: z.string(),
        text: z.string(),
        insight_type: z.string().nullable(),
        grounded: z.boolean(),
        quotes: z.array(Quote),
      }),
    ),
  }),
  handler: async ({ episode_slug, limit }, ctx) => {
    const { episode, files } = await episodeWithLayers(ctx, episode_slug);
    const insights = insightsOf(files, episode);
    return {
      episode_slug,
      episode_title: episode.title ?? null,
      podcast_title: episode.podcast_title ?? null,
      publish_date: episode.publish_date ?? null,
      insights: insights.slice(0, limit).map((insight) => ({
        id: insight.id,
        text: insight.text,
        insight_type: insight.insight_type ?? null,
        grounded: insight.grounded,
        quotes: insight.quotes.map(quoteOf),
      })),
    };
  },
});

const graphRelated = tool({
  name: 'graph_related',
  title: 'Walk the knowledge graph',
  description:
    'One step through the graph of insights, topics and people: stated_by (a person id: their ' +
    'insights), insights_about (a person, organisation or topic), related_insights and ' +
    'entities_in (an insight id), topic_entities and related_topics (a topic id), co_speakers ' +
    '(a person id). Ids may omit their prefix (topic:, person:). An unknown id answers an ' +
    'empty list.',
  requires: 'corpus:read',
  annotations: READS,
  input: z.object({
    relation: z.enum(GRAPH_RELATIONS),
    id: z.string().trim().min(1).max(255),
    k: z.number().int().min(1).max(100).default(20),
  }),
  output: z.object({
    items: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        text: z.string().nullable(),
        show_id: z.string().nullable(),
        episode_id: z.string().nullable(),
        count: z.number().optional(),
      }),
    ),
  }),
  handler: async ({ relation, id, k }, ctx) => ({
    items: await ctx.graph.related(relation, id, k),
  }),
});

const topicPeople = tool({
  name: 'topic_people',
  title: 'Who talks about a topic',
  description:
    'The graph-query layer: people who discuss the topic in grounded quotes, most often first.',
  requires: 'corpus:read',
  annotations: READS,
  input: z.object({ topic_id: z.string().trim().min(1).max(255) }),
  output: z.object({ topic_id: z.string(), person_ids: z.array(z.string()) }),
  handler: async ({ topic_id }, ctx) => ctx.graph.topicPersons(topic_id),
});

/** Reading the corpus: search with quotes, an episode's insights, the graph. */
export const CORPUS_TOOLS = [searchCorpus, episodeInsights, graphRelated, topicPeople];
