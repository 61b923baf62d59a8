import {
  CilPersonPositionsResponse,
  CilPersonProfileResponse,
  CilPersonTopicsResponse,
  CorpusPathQuery,
  PersonIdParams,
  PersonPositionsQuery,
} from '@podcast/contracts';
import { personBrief, personPositions, personTopics, sentimentLookup } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { snapshotCache } from '../snapshot-cache.js';
import { answerForGraph, GRAPH_SCOPE_NOTE, typesOrDefault } from './graph-scope.js';

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
  handler: ({ params, query, ctx }) =>
    answerForGraph(ctx, query.path, async ({ snapshot, index }) => {
      const person = index.canonicalOf(params.person_id, 'person:');
      const topic = index.canonicalOf(query.topic, 'topic:');
      // Only the sidecars of the episodes where the person speaks on the topic.
      const onTopic = (index.bySpeaker.get(person) ?? []).filter((i) => i.topics.includes(topic));
      const sentimentOf = await sentimentLookup(snapshot, onTopic);
      const types = typesOrDefault(query.insight_types, ['claim']);
      return personPositions(
        index,
        { person: params.person_id, topic: query.topic, types },
        sentimentOf,
      );
    }),
});

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
  handler: ({ params, query, ctx }) =>
    answerForGraph(ctx, query.path, async ({ snapshot, index }) => {
      const person = index.canonicalOf(params.person_id, 'person:');
      const sentimentOf = await sentimentLookup(snapshot, index.bySpeaker.get(person) ?? []);
      return personBrief(index, params.person_id, sentimentOf);
    }),
});

export const getPersonTopics = defineRoute({
  method: 'get',
  path: '/api/persons/{person_id}/topics',
  summary: 'Distinct topics the person speaks about',
  description: `${GRAPH_SCOPE_NOTE} Most insights first, then topic id.`,
  tags: ['graph-queries'],
  auth: 'open',
  params: PersonIdParams,
  query: CorpusPathQuery,
  responses: { 200: CilPersonTopicsResponse },
  cache: snapshotCache,
  handler: ({ params, query, ctx }) =>
    answerForGraph(ctx, query.path, ({ index }) => personTopics(index, params.person_id)),
});
