import type { RelatedNode } from '@podcast/contracts';
import {
  type CandidateSelection,
  coSpeakersFromIndex,
  entitiesInFromIndex,
  type IndexKysely,
  type IndexView,
  insightsAboutFromIndex,
  relatedInsightsFromIndex,
  relatedTopicsFromIndex,
  statedByFromIndex,
  topicEntitiesFromIndex,
  topicPersonsFromIndex,
} from '@podcast/corpus-index';
import { type GraphRelation, graphOfSnapshot, type ToolsGraph } from '@podcast/mcp-tools';
import type { ConsumerCtx } from '../../context.js';
import { catalogIndexOf } from '../catalog/catalog-index.js';

type IndexedRelation = (db: IndexKysely, id: string, k: number) => Promise<RelatedNode[]>;

/** The first `k` insights of a selection in structural order, as the snapshot's tools list them. */
function structural(
  select: (db: IndexKysely, id: string) => Promise<CandidateSelection>,
): IndexedRelation {
  return async (db, id, k) =>
    (await select(db, id)).candidates.slice(0, k).map((candidate) => candidate.node);
}

/** Every relation from the index's graph tables, each as the viewer's relational route reads it. */
const INDEXED: Record<GraphRelation, IndexedRelation> = {
  stated_by: structural(statedByFromIndex),
  insights_about: structural(insightsAboutFromIndex),
  related_insights: structural(relatedInsightsFromIndex),
  entities_in: entitiesInFromIndex,
  topic_entities: topicEntitiesFromIndex,
  related_topics: relatedTopicsFromIndex,
  co_speakers: coSpeakersFromIndex,
};

/**
 * The graph the MCP tools walk: the corpus index's graph tables when it is
 * on (503 until its layers are built, as a first load), else the loaded
 * snapshot's graph index.
 */
export function toolsGraphOf(ctx: ConsumerCtx): ToolsGraph {
  if (ctx.corpusIndex === undefined) {
    return graphOfSnapshot(() => ctx.corpus.get(ctx.config.corpusDir));
  }
  // Only made while the index is on, when catalogIndexOf answers a view or rejects with the 503.
  const db = async () => ((await catalogIndexOf(ctx, 'layers')) as IndexView).db;
  return {
    related: async (relation, id, k) => INDEXED[relation](await db(), id, k),
    topicPersons: async (topic) => topicPersonsFromIndex(await db(), topic),
  };
}
