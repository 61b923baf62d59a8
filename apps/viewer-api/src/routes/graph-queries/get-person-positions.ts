import {
  CilPersonPositionsResponse,
  PersonIdParams,
  PersonPositionsQuery,
} from '@podcast/contracts';
import { personPositions, sentimentLookup } from '@podcast/corpus';
import { personPositionsFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSentimentCache } from '../snapshot-cache.js';
import { answerForIndexedGraph, GRAPH_SCOPE_NOTE, typesOrDefault } from './graph-scope.js';

export const getPersonPositions = defineRoute({
  method: 'get',
  path: '/api/persons/{person_id}/positions',
  summary: "A person's insights on a topic, oldest first",
  description:
    `${GRAPH_SCOPE_NOTE} insight_types: comma-separated; omitted means claim only; all or * ` +
    'means every type. Each insight carries sentiment when the sentiment sidecar has it.',
  tags: ['graph-queries'],
  auth: 'open',
  params: PersonIdParams,
  query: PersonPositionsQuery,
  responses: { 200: CilPersonPositionsResponse },
  cache: indexedSentimentCache,
  handler: ({ params, query, ctx }) => {
    const types = typesOrDefault(query.insight_types, ['claim']);
    const asked = { person: params.person_id, topic: query.topic, types };
    return answerForIndexedGraph(ctx, query.path, {
      index: (db) => personPositionsFromIndex(db, asked),
      graph: async ({ snapshot, index }) => {
        const person = index.canonicalOf(params.person_id, 'person:');
        const topic = index.canonicalOf(query.topic, 'topic:');
        // Only the sidecars of the episodes where the person speaks on the topic.
        const onTopic = (index.bySpeaker.get(person) ?? []).filter((i) => i.topics.includes(topic));
        return personPositions(index, asked, await sentimentLookup(snapshot, onTopic));
      },
    });
  },
});
