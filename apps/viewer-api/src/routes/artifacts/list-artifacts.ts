import { ArtifactList, z } from '@podcast/contracts';
import { artifactListFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { answerForIndexedCorpus } from '../corpus-browse/corpus-snapshot-for.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';

export const listArtifacts = defineRoute({
  method: 'get',
  path: '/api/artifacts',
  summary: 'List GI, KG and bridge artifacts of a corpus',
  description:
    'Recursively lists *.gi.json, *.kg.json and *.bridge.json of the discovered (deduplicated) episodes. ' +
    'publish_date comes from the episode metadata, else the UTC day of the file modification time.',
  tags: ['artifacts'],
  auth: 'open',
  query: z.object({
    path: z.string().min(1).openapi({ description: 'Corpus root (inside CORPUS_ROOTS)' }),
  }),
  responses: { 200: ArtifactList },
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedCorpus(ctx, query.path, {
      // The files table and the episode rows are written by the first build's catalog pass.
      needs: 'catalog',
      index: async (db) => ({ items: await artifactListFromIndex(db) }),
      snapshot: (snapshot) => ({ items: snapshot.artifacts }),
    }),
});
