import { CilPersonProfileResponse, CorpusPathQuery, PersonIdParams } from '@podcast/contracts';
import { personBrief, sentimentLookup } from '@podcast/corpus';
import { personBriefFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSentimentCache } from '../snapshot-cache.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE } from './graph-scope.js';

export const getPersonBrief = defineRoute({
  method: 'get',
  path: '/api/persons/{person_id}/brief',
  summary: "A person's insights grouped by topic, and the quotes they spoke",
  description:
    `${GRAPH_SCOPE_NOTE} Up to 25 topics (most insights first) with their 10 newest insights ` +
    'each, and up to 50 quotes, newest first. An unknown person answers empty lists.',
  tags: ['graph-queries'],
  auth: 'open',
  params: PersonIdParams,
  query: CorpusPathQuery,
  responses: { 200: CilPersonProfileResponse },
  cache: indexedSentimentCache,
  handler: ({ params, query, ctx }) =>
    answerForIndexedGraph(ctx, query.path, {
      index: (db) => personBriefFromIndex(db, params.person_id),
      graph: async ({ snapshot, index }) => {
        const person = index.canonicalOf(params.person_id, 'person:');
        const sentimentOf = await sentimentLookup(snapshot, index.bySpeaker.get(person) ?? []);
        return personBrief(index, params.person_id, sentimentOf);
      },
    }),
});
