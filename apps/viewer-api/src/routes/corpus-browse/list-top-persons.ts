import { TopPersonList, TopPersonsQuery } from '@podcast/contracts';
import { topPersonsOf } from '@podcast/corpus';
import { topPersonsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotCache } from '../snapshot-cache.js';
import { answerForIndexedCorpus } from './corpus-snapshot-for.js';

export const listTopPersons = defineRoute({
  method: 'get',
  path: '/api/corpus/persons/top',
  summary: 'Top speakers by grounded insight count',
  description:
    'Counts grounded insights per speaker of their supporting quotes across the corpus. ' +
    'Unnamed voices (person:speaker-…, raw diarization labels) are hidden; GI 1.0 speaker: ' +
    'ids count as the matching person: id. Names come from the bridge, else the GI.',
  tags: ['corpus'],
  auth: 'open',
  query: TopPersonsQuery,
  responses: { 200: TopPersonList },
  cache: indexedSnapshotCache,
  handler: ({ query, ctx }) =>
    answerForIndexedCorpus(ctx, query.path, {
      needs: 'layers',
      index: async (db) => ({ persons: await topPersonsFromIndex(db, query.limit) }),
      snapshot: async (snapshot) => ({
        persons: (await topPersonsOf(snapshot)).slice(0, query.limit),
      }),
    }),
});
