import { CilTopicTimelineResponse, TopicTimelineRequest } from '@podcast/contracts';
import { defineRoute } from '../../context.js';
import { typesOrDefault } from './graph-scope.js';
import { TIMELINE_NOTE, timelineOf } from './topic-shared.js';

export const postTopicsTimeline = defineRoute({
  method: 'post',
  path: '/api/topics/timeline',
  summary: 'One merged timeline over several topics',
  description:
    `${TIMELINE_NOTE} topic_ids (1-50) come back canonical, deduplicated and sorted; an episode ` +
    'appears once with each insight once, however many of the topics it is about.',
  tags: ['graph-queries'],
  auth: 'open',
  body: TopicTimelineRequest,
  responses: { 200: CilTopicTimelineResponse },
  handler: ({ body, ctx }) =>
    timelineOf(ctx, body.path, body.topic_ids, typesOrDefault(body.insight_types, 'all')),
});
