import type { RelatedNode } from '@podcast/contracts';
import {
  type CorpusSnapshot,
  coSpeakers,
  entitiesIn,
  type GraphIndex,
  graphIndexOf,
  insightNode,
  insightsAbout,
  relatedInsights,
  relatedTopics,
  statedBy,
  topicEntities,
  topicPersons,
} from '@podcast/corpus';

/** Each relation of the relational layer (spec 01 /api/relational/*) and the id it starts from. */
const RELATIONS = {
  stated_by: (index: GraphIndex, id: string, k: number) =>
    statedBy(index, id).insights.slice(0, k).map(insightNode),
  insights_about: (index: GraphIndex, id: string, k: number) =>
    insightsAbout(index, id).insights.slice(0, k).map(insightNode),
  related_insights: (index: GraphIndex, id: string, k: number) =>
    relatedInsights(index, id).insights.slice(0, k).map(insightNode),
  entities_in: entitiesIn,
  topic_entities: topicEntities,
  related_topics: relatedTopics,
  co_speakers: coSpeakers,
} as const;

export type GraphRelation = keyof typeof RELATIONS;

/** The relations graph_related walks, in the order its input lists them. */
export const GRAPH_RELATIONS = Object.keys(RELATIONS) as [GraphRelation, ...GraphRelation[]];

/**
 * The knowledge graph as graph_related and topic_people walk it: a loaded
 * snapshot's graph index (graphOfSnapshot), or the corpus index's graph
 * tables, which the host builds, so the tools have one path whichever
 * store answers.
 */
export interface ToolsGraph {
  /** One step of `relation` from `id`, at most `k` nodes; an unknown id answers []. */
  related(relation: GraphRelation, id: string, k: number): Promise<RelatedNode[]>;
  /** The people who discuss the topic in grounded quotes, most often first. */
  topicPersons(topic: string): Promise<{ topic_id: string; person_ids: string[] }>;
}

/** The graph of a loaded snapshot, loaded on first use: the projection's side of the seam. */
export function graphOfSnapshot(load: () => Promise<CorpusSnapshot>): ToolsGraph {
  return {
    related: async (relation, id, k) =>
      RELATIONS[relation](await graphIndexOf(await load()), id, k),
    topicPersons: async (topic) => topicPersons(await graphIndexOf(await load()), topic),
  };
}
