import { CorpusEpisodeDetail, CorpusEpisodeDetailQuery, Problem } from '@podcast/contracts';
import { corpusEpisodeDetail, episodeTopicPills } from '@podcast/corpus';
import { defineRoute } from '../../context.js';
import { snapshotAndClustersCache } from '../snapshot-cache.js';
import { catalogEpisodeAt } from './corpus-snapshot-for.js';

export const getCorpusEpisodeDetail = defineRoute({
  method: 'get',
  path: '/api/corpus/episodes/detail',
  summary: 'One episode row with its summary, artifact paths and topic pills',
  description:
    'The list row plus every summary bullet, the summary text, the GI/KG/bridge paths and ' +
    'cil_digest_topics (the same topic pills a digest row carries). metadata_relpath must ' +
    'name the metadata file of a catalog episode (after run dedup): 400 for an absolute or ' +
    'climbing path, 404 otherwise.',
  tags: ['corpus'],
  auth: 'open',
  query: CorpusEpisodeDetailQuery,
  responses: { 200: CorpusEpisodeDetail, 404: Problem },
  cache: snapshotAndClustersCache,
  handler: async ({ query, ctx }) => {
    const { snapshot, episode } = await catalogEpisodeAt(ctx, query.path, query.metadata_relpath);
    const pills = await episodeTopicPills(snapshot, episode);
    return corpusEpisodeDetail(snapshot, episode, pills);
  },
});
