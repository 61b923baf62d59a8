import {
  NODE_EPISODES_LIMIT_DEFAULT,
  NodeEpisodesBody,
  NodeEpisodesResponse,
} from '@podcast/contracts';
import { findNodeEpisodes, type NodeEpisodesResult } from '@podcast/corpus';
import { nodeEpisodesFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { answerForIndexedCorpus } from './corpus-snapshot-for.js';

export const listNodeEpisodes = defineRoute({
  method: 'post',
  path: '/api/corpus/node-episodes',
  summary: 'Episodes related to a person, org or topic node',
  description:
    'Episodes whose GI, KG or bridge mentions node_id (layer prefixes stripped; GI 1.0 ' +
    `speaker: ids match person:), newest first, at most limit (default ${NODE_EPISODES_LIMIT_DEFAULT}). ` +
    'truncated is true when the limit cut the list.',
  tags: ['corpus'],
  auth: 'open',
  body: NodeEpisodesBody,
  responses: { 200: NodeEpisodesResponse },
  handler: ({ body, ctx }) => {
    const limit = body.limit ?? NODE_EPISODES_LIMIT_DEFAULT;
    const named = async (found: Promise<NodeEpisodesResult>) => ({
      node_id: body.node_id,
      ...(await found),
    });
    return answerForIndexedCorpus(ctx, body.path, {
      // The node rows are written by a first build's layers pass.
      needs: 'layers',
      index: (db) => named(nodeEpisodesFromIndex(db, body.node_id, limit)),
      snapshot: (snapshot) => named(findNodeEpisodes(snapshot, body.node_id, limit)),
    });
  },
});
