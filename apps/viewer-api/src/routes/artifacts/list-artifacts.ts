import { ArtifactList, z } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { answerForCorpus } from '../corpus-browse/corpus-snapshot-for.js';
import { snapshotCache } from '../snapshot-cache.js';

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
  cache: snapshotCache,
  handler: ({ query, ctx }) =>
    answerForCorpus(ctx, query.path, (snapshot) => ({ items: snapshot.artifacts })),
});
