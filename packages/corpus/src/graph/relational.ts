import type { RelatedNode } from '@podcast/contracts';
import type { EpisodeRecord } from '../records/episode-record.js';
import { compareStructural, type GraphIndex, type GraphInsight, pushInto } from './graph-index.js';

/**
 * The relational layer (spec 01): read-only traversals of the graph index.
 * Every function answers an empty list for an id the index does not know;
 * none throws. Lists are cut to `k` by the caller's cap.
 */

const NONE: readonly GraphInsight[] = [];

export function insightNode(item: GraphInsight): RelatedNode {
  return insightNodeOf(item.id, item.insight.text, item.episode);
}

/** An insight node from its id and text and its episode's feed and id. */
export function insightNodeOf(
  id: string,
  text: string,
  episode: Pick<EpisodeRecord, 'feed_id' | 'episode_id'>,
): RelatedNode {
  return { id, type: 'Insight', text, show_id: episode.feed_id, episode_id: episode.episode_id };
}

function typeOfId(id: string): RelatedNode['type'] {
  if (id.startsWith('topic:')) {
    return 'Topic';
  }
  return id.startsWith('org:') ? 'Organization' : 'Person';
}

function labelNode(index: GraphIndex, id: string, count?: number): RelatedNode {
  return labeledNode(id, index.labelOf(id), count);
}

/** A person, org or topic node with its label, and its count when the list counts. */
export function labeledNode(id: string, label: string, count?: number): RelatedNode {
  const node: RelatedNode = {
    id,
    type: typeOfId(id),
    text: label,
    show_id: null,
    episode_id: null,
  };
  return count === undefined ? node : { ...node, count };
}

/** Ids by how often they occur, then by id; `exclude` left out. */
function byFrequency(ids: Iterable<string>, exclude: ReadonlySet<string> = new Set()) {
  const counts = new Map<string, number>();
  for (const id of ids) {
    if (!exclude.has(id)) {
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

function countedNodes(
  index: GraphIndex,
  ids: Iterable<string>,
  k: number,
  exclude?: ReadonlySet<string>,
) {
  return byFrequency(ids, exclude)
    .slice(0, k)
    .map(([id, count]) => labelNode(index, id, count));
}

/** Insights to re-rank with the index: the structural candidates and the query naming the scope. */
export interface InsightSelection {
  insights: readonly GraphInsight[];
  query: string;
}

/** The key a ranker's map uses for an insight: episode id and insight id. */
export function insightRankKey(episodeId: string | null, insightId: string): string {
  return `${episodeId ?? ''}\u0000${insightId}`;
}

/** Ranks by insightRankKey (lower is better), or undefined when no usable index exists. */
export type InsightRanker = (query: string) => Promise<ReadonlyMap<string, number> | undefined>;

/** How `rankCandidates` reads a candidate: its ranker key, its node, and the structural order. */
export interface CandidateReading<T> {
  keyOf(item: T): string;
  nodeOf(item: T): RelatedNode;
  compareStructural(a: T, b: T): number;
}

/**
 * The candidates ordered by the ranker: those it placed first, by rank,
 * then the rest in structural order. Without an index (or for no
 * candidates) the given order stands and `reranked` is false. Generic over
 * the candidate so that the graph index's items and the corpus index's rows
 * are ordered by this one rule.
 */
export async function rankCandidates<T>(
  candidates: readonly T[],
  query: string,
  rank: InsightRanker,
  k: number,
  reading: CandidateReading<T>,
) {
  const ranks = candidates.length === 0 ? undefined : await rank(query);
  const rankOf = (item: T) => ranks?.get(reading.keyOf(item)) ?? Number.POSITIVE_INFINITY;
  const ordered =
    ranks === undefined
      ? candidates
      : [...candidates].sort((a, b) => rankOf(a) - rankOf(b) || reading.compareStructural(a, b));
  return { items: ordered.slice(0, k).map(reading.nodeOf), reranked: ranks !== undefined };
}

const GRAPH_INSIGHTS: CandidateReading<GraphInsight> = {
  keyOf: (item) => insightRankKey(item.episode.episode_id, item.id),
  nodeOf: insightNode,
  compareStructural,
};

/** The selection ordered by the ranker (`rankCandidates`). */
export function rankSelection(selection: InsightSelection, rank: InsightRanker, k: number) {
  return rankCandidates(selection.insights, selection.query, rank, k, GRAPH_INSIGHTS);
}

/** /positions: insights the person stated. */
export function statedBy(index: GraphIndex, person: string): InsightSelection {
  const id = index.canonicalOf(person, 'person:');
  return { insights: index.bySpeaker.get(id) ?? NONE, query: index.labelOf(id) };
}

/** The prefixes a bare /insights-about name is tried with, in order. */
export const NODE_PREFIXES = ['person:', 'org:', 'topic:'] as const;

/** A bare name as the first of person, org or topic the index knows (topic when none). */
function anyNodeId(index: GraphIndex, raw: string): string {
  const known = NODE_PREFIXES.map((p) => index.canonicalOf(raw, p)).find((id) =>
    index.byNode.has(id),
  );
  return known ?? index.canonicalOf(raw, 'topic:');
}

/** /insights-about: insights naming the entity (a person, org or topic; a bare name tries each). */
export function insightsAbout(index: GraphIndex, entity: string): InsightSelection {
  const id = anyNodeId(index, entity);
  return { insights: index.byNode.get(id) ?? NONE, query: index.labelOf(id) };
}

/** /related-insights: insights sharing a topic or entity, most shared first. */
export function relatedInsights(index: GraphIndex, insight: string): InsightSelection {
  const own = index.byInsightId.get(insight.trim()) ?? NONE;
  const shared = new Map<GraphInsight, number>();
  for (const item of own) {
    for (const node of new Set([...item.topics, ...item.entities])) {
      for (const other of index.byNode.get(node) ?? NONE) {
        if (!own.includes(other)) {
          shared.set(other, (shared.get(other) ?? 0) + 1);
        }
      }
    }
  }
  const insights = [...shared]
    .sort((a, b) => b[1] - a[1] || compareStructural(a[0], b[0]))
    .map(([i]) => i);
  return { insights, query: own[0]?.insight.text ?? '' };
}

/** /entities-in: persons and orgs the insight names, speakers first. */
export function entitiesIn(index: GraphIndex, insight: string, k: number): RelatedNode[] {
  const own = index.byInsightId.get(insight.trim()) ?? NONE;
  const ids = new Set(own.flatMap((item) => item.entities));
  return [...ids].slice(0, k).map((id) => labelNode(index, id));
}

/** /topic-entities: persons and orgs named by insights about the topic, most frequent first. */
export function topicEntities(index: GraphIndex, topic: string, k: number): RelatedNode[] {
  const items = index.byTopic.get(index.canonicalOf(topic, 'topic:')) ?? NONE;
  return countedNodes(
    index,
    items.flatMap((item) => item.entities),
    k,
  );
}

/** /episodes: the show's graph-eligible episodes, newest first. */
export function podcastEpisodes(index: GraphIndex, podcast: string, k: number): RelatedNode[] {
  const feedId = podcastFeedId(podcast);
  return index.episodes
    .filter((episode) => episode.feed_id === feedId)
    .slice(0, k)
    .map(episodeNode);
}

/** The feed id a /episodes request names. */
export function podcastFeedId(podcast: string): string {
  return podcast.trim();
}

/** An episode as a /episodes node. */
export function episodeNode(episode: EpisodeRecord): RelatedNode {
  return {
    id: episode.episode_id ?? episode.metadata_relpath,
    type: 'Episode',
    text: episode.title,
    show_id: episode.feed_id,
    episode_id: episode.episode_id,
  };
}

/** /episode-insights: the insights of one episode, in display order. */
export function episodeInsights(index: GraphIndex, episode: EpisodeRecord | undefined, k: number) {
  const items = episode === undefined ? NONE : (index.byEpisode.get(episode) ?? NONE);
  return items.slice(0, k).map(insightNode);
}

/** /topics: topics of an episode's insights, most discussed first. */
export function episodeTopics(index: GraphIndex, episode: EpisodeRecord | undefined, k: number) {
  const items = episode === undefined ? NONE : (index.byEpisode.get(episode) ?? NONE);
  return countedNodes(
    index,
    items.flatMap((item) => item.topics),
    k,
  );
}

/** /insight-detail: the insight, then its quotes, topics and entities. */
export function insightDetail(index: GraphIndex, insight: string, k: number): RelatedNode[] {
  const nodes: RelatedNode[] = [];
  for (const item of index.byInsightId.get(insight.trim()) ?? NONE) {
    nodes.push(
      ...insightDetailNodes(
        insightNode(item),
        item.quotes,
        [...item.topics, ...item.entities],
        (id) => index.labelOf(id),
      ),
    );
  }
  return nodes.slice(0, k);
}

/** One insight's /insight-detail nodes: the insight, its quotes, then its topics and entities. */
export function insightDetailNodes(
  insight: RelatedNode,
  quotes: readonly { id: string; text: string }[],
  ids: readonly string[],
  labelOf: (id: string) => string,
): RelatedNode[] {
  const where = { show_id: insight.show_id, episode_id: insight.episode_id };
  return [
    insight,
    ...quotes.map((q) => ({ id: q.id, type: 'Quote' as const, text: q.text, ...where })),
    ...ids.map((id) => labeledNode(id, labelOf(id))),
  ];
}

/**
 * Nodes sharing episodes with `id`: `idsOf` of every insight in the episodes
 * where `scoped` lists it, counted once per episode, `id` itself left out.
 */
function sharingEpisodes(
  index: GraphIndex,
  scoped: readonly GraphInsight[],
  id: string,
  idsOf: (item: GraphInsight) => readonly string[],
  k: number,
): RelatedNode[] {
  const episodes = new Set(scoped.map((item) => item.episode));
  const others = [...episodes].flatMap((episode) => [
    ...new Set((index.byEpisode.get(episode) ?? NONE).flatMap(idsOf)),
  ]);
  return countedNodes(index, others, k, new Set([id]));
}

/** /co-speakers: persons who speak in the person's episodes, by shared episodes. */
export function coSpeakers(index: GraphIndex, person: string, k: number): RelatedNode[] {
  const id = index.canonicalOf(person, 'person:');
  return sharingEpisodes(index, index.bySpeaker.get(id) ?? NONE, id, (item) => item.speakers, k);
}

/** /related-topics: topics discussed in the same episodes, by shared episodes. */
export function relatedTopics(index: GraphIndex, topic: string, k: number): RelatedNode[] {
  const id = index.canonicalOf(topic, 'topic:');
  return sharingEpisodes(index, index.byTopic.get(id) ?? NONE, id, (item) => item.topics, k);
}

function groupBy(
  items: readonly GraphInsight[],
  keysOf: (item: GraphInsight) => readonly string[],
) {
  const groups = new Map<string, GraphInsight[]>();
  for (const item of items) {
    for (const key of keysOf(item)) {
      pushInto(groups, key, item);
    }
  }
  return groups;
}

function groupsOf(entries: [string, GraphInsight[]][], k: number, perGroup: number) {
  return Object.fromEntries(
    entries
      .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
      .slice(0, k)
      .map(([key, items]) => [key, items.slice(0, perGroup).map(insightNode)]),
  );
}

/** /who-said: the topic's insights per speaker, most prolific first; k caps people and insights each. */
export function whoSaid(index: GraphIndex, topic: string, k: number) {
  const items = index.byTopic.get(index.canonicalOf(topic, 'topic:')) ?? NONE;
  return groupsOf([...groupBy(items, (item) => item.speakers)], k, k);
}

/** An insight as /cross-show ranks it: its show, its strength and its node. */
export interface ShowInsight {
  show: string;
  grounded: boolean;
  confidence: number | null;
  node: RelatedNode;
}

/** Best first: grounded, then confidence; the sort is stable, so structural order breaks ties. */
function byStrength(a: ShowInsight, b: ShowInsight): number {
  return Number(b.grounded) - Number(a.grounded) || (b.confidence ?? 0) - (a.confidence ?? 0);
}

/** /cross-show: the topic's strongest insights per show (feed_id); k caps shows. */
export function crossShow(index: GraphIndex, topic: string, perShow: number, k: number) {
  const items = index.byTopic.get(index.canonicalOf(topic, 'topic:')) ?? NONE;
  return crossShowOf(
    items.map((item) => ({
      show: item.episode.feed_id,
      grounded: item.insight.grounded,
      confidence: item.insight.confidence ?? null,
      node: insightNode(item),
    })),
    perShow,
    k,
  );
}

/**
 * The /cross-show groups of a topic's insights given in structural order:
 * shows with the most first, then by feed id; each show's strongest first.
 */
export function crossShowOf(items: readonly ShowInsight[], perShow: number, k: number) {
  const groups = new Map<string, ShowInsight[]>();
  for (const item of items) {
    pushInto(groups, item.show, item);
  }
  return Object.fromEntries(
    [...groups]
      .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1))
      .slice(0, k)
      .map(([show, list]) => [
        show,
        [...list]
          .sort(byStrength)
          .slice(0, perShow)
          .map((item) => item.node),
      ]),
  );
}
