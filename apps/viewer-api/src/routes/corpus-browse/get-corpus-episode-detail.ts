import { CorpusEpisodeDetail, CorpusEpisodeDetailQuery, Problem } from '@podcast/contracts';
import { assertRelativePath, corpusEpisodeDetail, episodeTopicPills } from '@podcast/corpus';
import { corpusEpisodeDetailFromIndex } from '@podcast/corpus-index';
import { defineRoute } from '../../context.js';
import { indexedSnapshotAndClustersCache } from '../snapshot-cache.js';
import { catalogEpisodeAt, corpusIndexFor, noCatalogEpisodeAt } from './corpus-snapshot-for.js';

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
  cache: indexedSnapshotAndClustersCache,
  handler: async ({ query, ctx }) => {
    const relpath = query.metadata_relpath;
    // The path is checked before the root, as the projection's lookup does.
    assertRelativePath(relpath, 'metadata_relpath');
    // Its topic pills come from the KG, GI and bridge files.
    const index = await corpusIndexFor(ctx, query.path, 'layers');
    if (index !== undefined) {
      const place = ctx.corpus.at(index.root);
      const detail = await corpusEpisodeDetailFromIndex(index.view.db, place, relpath);
      if (detail === undefined) {
        throw noCatalogEpisodeAt(relpath);
      }
      return detail;
    }
    const { snapshot, episode } = await catalogEpisodeAt(ctx, query.path, relpath);
    const pills = await episodeTopicPills(snapshot, episode);
    return corpusEpisodeDetail(snapshot, episode, pills);
  },
});
