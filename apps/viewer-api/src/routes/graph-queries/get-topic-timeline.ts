import {
  CilTopicTimelineResponse,
  TopicIdParams,
  TopicInsightTypesQuery,
} from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { indexedSentimentCache } from '../snapshot-cache.js';
import { typesOrDefault } from './graph-scope.js';
import { TIMELINE_NOTE, timelineOf } from './topic-shared.js';

export const getTopicTimeline = defineRoute({
  method: 'get',
  path: '/api/topics/{topic_id}/timeline',
  summary: 'Insights about the topic, per episode',
  description: TIMELINE_NOTE,
  tags: ['graph-queries'],
  auth: 'open',
  params: TopicIdParams,
  query: TopicInsightTypesQuery,
  responses: { 200: CilTopicTimelineResponse },
  cache: indexedSentimentCache,
  handler: ({ params, query, ctx }) =>
    timelineOf(ctx, query.path, [params.topic_id], typesOrDefault(query.insight_types, 'all')),
});
