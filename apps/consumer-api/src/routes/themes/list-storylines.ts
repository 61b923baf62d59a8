import { AppTopicListQuery, StorylineList } from '@podcast/contracts';
import { projectStorylines, readThemeClusters, STORYLINE_FLOOR } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const listStorylines = defineRoute({
  method: 'get',
  path: '/api/app/storylines',
  summary: 'Top storylines: topics discussed together',
  description:
    'Storylines (thc: ids) from enrichments/topic_theme_clusters.json with at least four ' +
    'member topics, largest first: {id, label, size, anchor_topic_id}. An empty list, never ' +
    '404, when the enrichment is missing, failed or unreadable.',
  tags: ['catalog'],
  auth: 'session',
  query: AppTopicListQuery,
  responses: { 200: StorylineList },
  handler: async ({ query, ctx }) => {
    const data = await readThemeClusters(ctx.corpus.at(ctx.config.corpusDir));
    const storylines = data === undefined ? [] : projectStorylines(data, STORYLINE_FLOOR);
    return { items: storylines.slice(0, query.limit) };
  },
});
