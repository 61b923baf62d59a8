import { AppTopicListQuery, ThemeList } from '@podcast/contracts';
import { projectThemes, readTopicClusters } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const listThemes = defineRoute({
  method: 'get',
  path: '/api/app/themes',
  summary: 'Top themes by corpus prevalence',
  description:
    'Semantic topic clusters (tc: ids) from search/topic_clusters.json, largest first: ' +
    '{id, label, size}. An empty list, never 404, when the corpus has no usable cluster file.',
  tags: ['catalog'],
  auth: 'session',
  query: AppTopicListQuery,
  responses: { 200: ThemeList },
  handler: async ({ query, ctx }) => {
    const file = await readTopicClusters(ctx.corpus.at(ctx.config.corpusDir));
    const themes = file.state === 'ok' ? projectThemes(file.artifact) : [];
    return { items: themes.slice(0, query.limit) };
  },
});
