import {
  CrossShowQuery,
  type RelatedNode,
  RelationalGroupedResponse,
  RelationalListResponse,
  type RelationalScope,
  relationalQuery,
} from '@podcast/contracts';
import {
  coSpeakers,
  crossShow,
  type EpisodeRecord,
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
import { defineRoute } from '../../context.js';
import { answerForGraph, type GraphScope } from '../graph-queries/graph-scope.js';
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

interface Scoped extends GraphScope {
  id: string;
  k: number;
}

type ListAnswer = (input: Scoped) => RelatedNode[];

/** An answer over the scope's id as given. */
function byId(answer: (index: GraphIndex, id: string, k: number) => RelatedNode[]): ListAnswer {
  return ({ index, id, k }) => answer(index, id, k);
}

/** An answer over the episode the id names: episode_id, slug or metadata relpath. */
function byEpisode(
  answer: (index: GraphIndex, episode: EpisodeRecord | undefined, k: number) => RelatedNode[],
): ListAnswer {
  return ({ snapshot, index, id, k }) =>
    answer(
      index,
      snapshot.findEpisodeById(id) ??
        snapshot.findEpisodeBySlug(id) ??
        snapshot.findEpisodeByRelpath(id),
      k,
    );
}

/** A structural list route: the answer depends on the snapshot alone, so it is cached with it. */
function listRoute<S extends RelationalScope>(spec: {
  method: 'get';
  path: `/api/relational/${string}`;
  scope: S;
  summary: string;
  answer: ListAnswer;
}) {
  return defineRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: SCOPE_NOTE,
    tags: TAGS,
    auth: 'open',
    query: relationalQuery(spec.scope),
    responses: { 200: RelationalListResponse },
    cache: snapshotCache,
    handler: ({ query, ctx }) => {
      const q = query as ScopedQuery;
      const id = q[spec.scope] as string;
      return answerForGraph(ctx, q.path, (scope) => ({
        items: spec.answer({ ...scope, id, k: q.k }),
        reranked: false,
      }));
    },
  });
}

/** A list route re-ranked by an entity-scoped hybrid query; structural order without an index. */
function rankedRoute<S extends RelationalScope>(spec: {
  method: 'get';
  path: `/api/relational/${string}`;
  scope: S;
  summary: string;
  select: (index: GraphIndex, id: string) => InsightSelection;
}) {
  return defineRoute({
    method: spec.method,
    path: spec.path,
    summary: spec.summary,
    description: `${SCOPE_NOTE} The candidates are re-ranked by a hybrid search of the insight tier for the scope's label; without a usable index they keep structural order and \`reranked\` is false.`,
    tags: TAGS,
    auth: 'open',
    query: relationalQuery(spec.scope),
    responses: { 200: RelationalListResponse },
    handler: ({ query, ctx }) => {
      const q = query as ScopedQuery;
      const id = q[spec.scope] as string;
      return answerForGraph(ctx, q.path, ({ snapshot, index }) =>
        rankSelection(spec.select(index, id), insightRanker(ctx, snapshot), q.k),
      );
    },
  });
}

export const relationalPositions = rankedRoute({
  method: 'get',
  path: '/api/relational/positions',
  scope: 'person',
  summary: 'Insights the person stated',
  select: statedBy,
});

export const relationalInsightsAbout = rankedRoute({
  method: 'get',
  path: '/api/relational/insights-about',
  scope: 'entity',
  summary: 'Insights naming the entity (person, org or topic)',
  select: insightsAbout,
});

export const relationalRelatedInsights = rankedRoute({
  method: 'get',
  path: '/api/relational/related-insights',
  scope: 'insight',
  summary: 'Insights sharing a topic or an entity with the insight',
  select: relatedInsights,
});

export const relationalEntitiesIn = listRoute({
  method: 'get',
  path: '/api/relational/entities-in',
  scope: 'insight',
  summary: 'Persons and orgs the insight names',
  answer: byId(entitiesIn),
});

export const relationalTopicEntities = listRoute({
  method: 'get',
  path: '/api/relational/topic-entities',
  scope: 'topic',
  summary: 'Persons and orgs named by insights about the topic, most frequent first',
  answer: byId(topicEntities),
});

export const relationalEpisodes = listRoute({
  method: 'get',
  path: '/api/relational/episodes',
  scope: 'podcast',
  summary: "A show's episodes (podcast = feed_id), newest first",
  answer: byId(podcastEpisodes),
});

export const relationalEpisodeInsights = listRoute({
  method: 'get',
  path: '/api/relational/episode-insights',
  scope: 'episode',
  summary: "An episode's insights (episode = episode_id, slug or metadata relpath)",
  answer: byEpisode(episodeInsights),
});

export const relationalInsightDetail = listRoute({
  method: 'get',
  path: '/api/relational/insight-detail',
  scope: 'insight',
  summary: 'The insight, then its quotes, topics and entities',
  answer: byId(insightDetail),
});

export const relationalTopics = listRoute({
  method: 'get',
  path: '/api/relational/topics',
  scope: 'episode',
  summary: "Topics of an episode's insights, most discussed first",
  answer: byEpisode(episodeTopics),
});

export const relationalCoSpeakers = listRoute({
  method: 'get',
  path: '/api/relational/co-speakers',
  scope: 'person',
  summary: "People who speak in the person's episodes, by shared episodes",
  answer: byId(coSpeakers),
});

export const relationalRelatedTopics = listRoute({
  method: 'get',
  path: '/api/relational/related-topics',
  scope: 'topic',
  summary: 'Topics discussed in the same episodes, by shared episodes',
  answer: byId(relatedTopics),
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
  handler: ({ query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => ({
      groups: whoSaid(index, query.topic, query.k),
    })),
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
  handler: ({ query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => ({
      groups: crossShow(index, query.topic, query.per_show, query.k),
    })),
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
