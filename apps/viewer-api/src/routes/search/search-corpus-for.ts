import { type AskCorpus, indexedAskCorpus, snapshotAskCorpus } from '@podcast/ask';
import { findEpisodeOfInsight, findEpisodesByIds, queryTermCounts } from '@podcast/corpus-index';
import { placeSearchCorpus, type SearchCorpus, snapshotSearchCorpus } from '@podcast/search';
import type { ViewerCtx } from '../../context.js';
import { corpusIndexFor, corpusSnapshotFor } from '../corpus-browse/corpus-snapshot-for.js';

/**
 * What a search over the `path` parameter's corpus hydrates its hits from:
 * the shared index's episodes with their layer files read on demand when
 * the index answers that corpus, else the snapshot. The files are read from
 * disk, not from the layer tables, so the catalog pass is all it waits for.
 */
export async function searchCorpusFor(
  ctx: ViewerCtx,
  requested: string | undefined,
): Promise<SearchCorpus> {
  const index = await corpusIndexFor(ctx, requested, 'catalog');
  if (index === undefined) {
    return snapshotSearchCorpus(await corpusSnapshotFor(ctx, requested));
  }
  const { db } = index.view;
  return placeSearchCorpus(
    ctx.corpus.at(index.root),
    (ids) => findEpisodesByIds(db, ids),
    ctx.logger,
  );
}

/**
 * What an answer to a question over the `path` parameter's corpus reads:
 * the shared index's rows with transcripts and layer files read on demand
 * when the index answers that corpus, else the snapshot. The term weights
 * and the episode of an insight come from the layer tables, so a first
 * build's second pass answers 503.
 */
export async function askCorpusFor(
  ctx: ViewerCtx,
  requested: string | undefined,
): Promise<AskCorpus> {
  const index = await corpusIndexFor(ctx, requested, 'layers');
  if (index === undefined) {
    return snapshotAskCorpus(await corpusSnapshotFor(ctx, requested));
  }
  const { db, version } = index.view;
  return indexedAskCorpus(
    {
      version,
      place: ctx.corpus.at(index.root),
      episodesByIds: (ids) => findEpisodesByIds(db, ids),
      episodeOfInsight: (insightId) => findEpisodeOfInsight(db, insightId, 'last'),
      termCounts: (terms) => queryTermCounts(db, terms),
    },
    ctx.logger,
  );
}
