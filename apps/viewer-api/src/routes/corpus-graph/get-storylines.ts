import { CorpusStorylinesQuery, Problem, StorylineList } from '@podcast/contracts';
import { projectStorylines, readThemeClusters, resolveCorpusRoot } from '@podcast/corpus';
import { defineRoute } from '../../context.js';

export const getCorpusStorylines = defineRoute({
  method: 'get',
  path: '/api/corpus/storylines',
  summary: 'Storylines: topics discussed together',
  description:
    'From enrichments/topic_theme_clusters.json (envelope data): {id, label, size, ' +
    'anchor_topic_id}, largest first, memberless storylines dropped. Unfloored unless ' +
    'min_members is given. An empty list when the enrichment is missing, failed or unreadable.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusStorylinesQuery,
  responses: { 200: StorylineList, 403: Problem.describe('path lies outside CORPUS_ROOTS') },
  handler: async ({ query, ctx }) => {
    const root = await resolveCorpusRoot(query.path, ctx.config.corpusRoots);
    const data = await readThemeClusters(ctx.corpus.at(root));
    return { items: data === undefined ? [] : projectStorylines(data, query.min_members) };
  },
});
