import type { RelatedNode } from '@podcast/contracts';
import {
  coSpeakersFromIndex,
  type IndexKysely,
  type IndexView,
  relatedTopicsFromIndex,
  topicPersonsFromIndex,
} from '@podcast/corpus-index';
import { type GraphRelation, graphOfSnapshot, type ToolsGraph } from '@podcast/mcp-tools';
import type { ConsumerCtx } from '../../context.js';
import { catalogIndexOf } from '../catalog/catalog-index.js';

/** The relations the index's graph tables answer, each as the viewer's relational route does. */
const INDEXED: Partial<
  Record<GraphRelation, (db: IndexKysely, id: string, k: number) => Promise<RelatedNode[]>>
> = {
  related_topics: relatedTopicsFromIndex,
  co_speakers: coSpeakersFromIndex,
};

/**
 * The graph the MCP tools walk: the corpus index's graph tables when it is
 * on (503 until its layers are built, as a first load), else the loaded
 * snapshot's graph index. The relations that need each insight's entities
 * still read the snapshot, as the viewer's routes for them do.
 */
export function toolsGraphOf(ctx: ConsumerCtx): ToolsGraph {
  const snapshotGraph = graphOfSnapshot(() => ctx.corpus.get(ctx.config.corpusDir));
  if (ctx.corpusIndex === undefined) {
    return snapshotGraph;
  }
  // Only made while the index is on, when catalogIndexOf answers a view or rejects with the 503.
  const db = async () => ((await catalogIndexOf(ctx, 'layers')) as IndexView).db;
  return {
    related: async (relation, id, k) => {
      const answer = INDEXED[relation];
      return answer === undefined
        ? snapshotGraph.related(relation, id, k)
        : answer(await db(), id, k);
    },
    topicPersons: async (topic) => topicPersonsFromIndex(await db(), topic),
  };
}
