import {
  CrossShowQuery,
  type RelatedNode,
  RelationalGroupedResponse,
  RelationalListResponse,
  type RelationalScope,
  relationalQuery,
} from '@podcast/contracts';
import {
  type CorpusSnapshot,
  coSpeakers,
  crossShow,
  entitiesIn,
  episodeInsights,
  episodeTopics,
  type GraphIndex,
  type InsightSelection,
  insightDetail,
  insightsAbout,
  podcastEpisodes,
  rankSelection,
  relatedInsights,
  relatedTopics,
  statedBy,
  topicEntities,
  whoSaid,
} from '@podcast/corpus';
import { defineRoute, type ViewerCtx } from '../../context.js';
import { graphScope } from '../graph-queries/graph-scope.js';
import { snapshotCache } from '../snapshot-cache.js';
import { insightRanker } from './insight-ranker.js';

/**
 * The relational layer (spec 01): read-only traversals of the graph index,
 * one declaration per sub-route. An unknown id answers an empty list, never
 * an error; the scope key itself is required (400 naming it when absent).
 */

const TAGS = ['relational'];
const SCOPE_NOTE =
  'Only episodes with a GI, a KG and a bridge file take part; an unknown id answers 200 with ' +
  'an empty result. `k` caps the list (1-200, default 20).';

/** A relational query as parsed: path, k and the route's scope key (generic over the key). */
type ScopedQuery = { path?: string; k: number } & Partial<Record<RelationalScope, string>>;

interface Scoped {
  snapshot: CorpusSnapshot;
  index: GraphIndex;
  id: string;
  k: number;
}

async function scoped(
  ctx: ViewerCtx,
  query: { path?: string; k: number },
  id: string,
): Promise<Scoped> {
  return { ...(await graphScope(ctx, query.path)), id, k: query.k };
}

/** A structural list route: the answer depends on the snapshot alone, so it is cached with it. */
function listRoute<S extends RelationalScope>(spec: {
  sub: string;
  scope: S;
  summary: string;
  answer: (input: Scoped) => RelatedNode[];
}) {
  return defineRoute({
    method: 'get',
    path: `/api/relational/${spec.sub}`,
    summary: spec.summary,
    description: SCOPE_NOTE,
    tags: TAGS,
    auth: 'open',
    query: relationalQuery(spec.scope),
    responses: { 200: RelationalListResponse },
    cache: snapshotCache,
    handler: async ({ query, ctx }) => {
      const q = query as ScopedQuery;
      const input = await scoped(ctx, q, q[spec.scope] as string);
      return { path: input.snapshot.root, items: spec.answer(input), reranked: false };
    },
  });
}

/** A list route re-ranked by an entity-scoped hybrid query; structural order without an index. */
function rankedRoute<S extends RelationalScope>(spec: {
  sub: string;
  scope: S;
  summary: string;
  select: (index: GraphIndex, id: string) => InsightSelection;
}) {
  return defineRoute({
    method: 'get',
    path: `/api/relational/${spec.sub}`,
    summary: spec.summary,
    description: `${SCOPE_NOTE} The candidates are re-ranked by a hybrid search of the insight tier for the scope's label; without a usable index they keep structural order and \`reranked\` is false.`,
    tags: TAGS,
    auth: 'open',
    query: relationalQuery(spec.scope),
    responses: { 200: RelationalListResponse },
    handler: async ({ query, ctx }) => {
      const q = query as ScopedQuery;
      const input = await scoped(ctx, q, q[spec.scope] as string);
      const selection = spec.select(input.index, input.id);
      const ranked = await rankSelection(selection, insightRanker(ctx, input.snapshot), input.k);
      return { path: input.snapshot.root, ...ranked };
    },
  });
}

const episodeOf = ({ snapshot, id }: Scoped) =>
  snapshot.findEpisodeById(id) ??
  snapshot.findEpisodeBySlug(id) ??
  snapshot.findEpisodeByRelpath(id);

export const relationalPositions = rankedRoute({
  sub: 'positions',
  scope: 'person',
  summary: 'Insights the person stated',
  select: statedBy,
});

export const relationalInsightsAbout = rankedRoute({
  sub: 'insights-about',
  scope: 'entity',
  summary: 'Insights naming the entity (person, org or topic)',
  select: insightsAbout,
});

export const relationalRelatedInsights = rankedRoute({
  sub: 'related-insights',
  scope: 'insight',
  summary: 'Insights sharing a topic or an entity with the insight',
  select: relatedInsights,
});

export const relationalEntitiesIn = listRoute({
  sub: 'entities-in',
  scope: 'insight',
  summary: 'Persons and orgs the insight names',
  answer: ({ index, id, k }) => entitiesIn(index, id, k),
});

export const relationalTopicEntities = listRoute({
  sub: 'topic-entities',
  scope: 'topic',
  summary: 'Persons and orgs named by insights about the topic, most frequent first',
  answer: ({ index, id, k }) => topicEntities(index, id, k),
});

export const relationalEpisodes = listRoute({
  sub: 'episodes',
  scope: 'podcast',
  summary: "A show's episodes (podcast = feed_id), newest first",
  answer: ({ index, id, k }) => podcastEpisodes(index, id, k),
});

export const relationalEpisodeInsights = listRoute({
  sub: 'episode-insights',
  scope: 'episode',
  summary: "An episode's insights (episode = episode_id, slug or metadata relpath)",
  answer: (input) => episodeInsights(input.index, episodeOf(input), input.k),
});

export const relationalInsightDetail = listRoute({
  sub: 'insight-detail',
  scope: 'insight',
  summary: 'The insight, then its quotes, topics and entities',
  answer: ({ index, id, k }) => insightDetail(index, id, k),
});

export const relationalTopics = listRoute({
  sub: 'topics',
  scope: 'episode',
  summary: "Topics of an episode's insights, most discussed first",
  answer: (input) => episodeTopics(input.index, episodeOf(input), input.k),
});

export const relationalCoSpeakers = listRoute({
  sub: 'co-speakers',
  scope: 'person',
  summary: "People who speak in the person's episodes, by shared episodes",
  answer: ({ index, id, k }) => coSpeakers(index, id, k),
});

export const relationalRelatedTopics = listRoute({
  sub: 'related-topics',
  scope: 'topic',
  summary: 'Topics discussed in the same episodes, by shared episodes',
  answer: ({ index, id, k }) => relatedTopics(index, id, k),
});

export const relationalWhoSaid = defineRoute({
  method: 'get',
  path: '/api/relational/who-said',
  summary: "The topic's insights grouped by the person who said them",
  description: `${SCOPE_NOTE} Groups are person ids, most insights first; k caps the groups and each list.`,
  tags: TAGS,
  auth: 'open',
  query: relationalQuery('topic'),
  responses: { 200: RelationalGroupedResponse },
  cache: snapshotCache,
  handler: async ({ query, ctx }) => {
    const { snapshot, index } = await scoped(ctx, query, query.topic);
    return { path: snapshot.root, groups: whoSaid(index, query.topic, query.k) };
  },
});

export const relationalCrossShow = defineRoute({
  method: 'get',
  path: '/api/relational/cross-show',
  summary: "The topic's strongest insights per show",
  description: `${SCOPE_NOTE} Groups are feed ids, most insights first; per_show (1-20, default 1) insights each, grounded and confident first; k caps the groups.`,
  tags: TAGS,
  auth: 'open',
  query: CrossShowQuery,
  responses: { 200: RelationalGroupedResponse },
  cache: snapshotCache,
  handler: async ({ query, ctx }) => {
    const { snapshot, index } = await scoped(ctx, query, query.topic);
    return { path: snapshot.root, groups: crossShow(index, query.topic, query.per_show, query.k) };
  },
});

export const relationalRoutes = [
  relationalPositions,
  relationalInsightsAbout,
  relationalEntitiesIn,
  relationalTopicEntities,
  relationalEpisodes,
  relationalRelatedInsights,
  relationalEpisodeInsights,
  relationalInsightDetail,
  relationalTopics,
  relationalCoSpeakers,
  relationalRelatedTopics,
  relationalWhoSaid,
  relationalCrossShow,
];
