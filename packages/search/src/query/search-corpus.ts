import {
  type CorpusPlace,
  type CorpusSnapshot,
  type EpisodeLayers,
  type EpisodeRecord,
  readEpisodeLayers,
} from '@podcast/corpus';
import type { Logger } from 'pino';

/**
 * What the query path reads of a corpus besides its search index: the
 * episodes hits name and, for the hits that show them, their GI, KG and
 * bridge. A snapshot is one; so is the corpus index with the files read on
 * demand, so a search need not load the projection.
 */
export interface SearchCorpus {
  readonly root: string;
  /** The episodes the ids name, each as `findEpisodeById` finds it; unknown ids are left out. */
  episodesByIds(ids: readonly string[]): Promise<Map<string, EpisodeRecord>>;
  /** The GI, KG and bridge of (at least) `episodes`. */
  layersOf(episodes: readonly EpisodeRecord[]): Promise<EpisodeLayers>;
}

/** The search corpus of a loaded snapshot: its lookups and its layers. */
export function snapshotSearchCorpus(snapshot: CorpusSnapshot): SearchCorpus {
  return {
    root: snapshot.root,
    episodesByIds: async (ids) => {
      const found = new Map<string, EpisodeRecord>();
      for (const id of ids) {
        const episode = snapshot.findEpisodeById(id);
        if (episode !== undefined) {
          found.set(id, episode);
        }
      }
      return found;
    },
    layersOf: async () => snapshot,
  };
}

/**
 * A search corpus whose episodes come from elsewhere (the corpus index) and
 * whose layer files are read when asked, through the place's bounded caches.
 */
export function placeSearchCorpus(
  place: CorpusPlace,
  episodesByIds: SearchCorpus['episodesByIds'],
  logger?: Pick<Logger, 'warn'>,
): SearchCorpus {
  return {
    root: place.root,
    episodesByIds,
    layersOf: (episodes) => readEpisodeLayers(place, episodes, logger),
  };
}

const NO_LAYERS: EpisodeLayers = {
  graphOf: () => undefined,
  kgOf: () => undefined,
  bridgeOf: () => undefined,
};

/**
 * A search corpus that finds no episode: hits keep their row's fields and
 * score without display fields, quotes or lift, for callers that use only
 * the ids and scores (a re-ranking), so nothing of the corpus is read.
 */
export function rowsOnlySearchCorpus(root: string): SearchCorpus {
  return { root, episodesByIds: async () => new Map(), layersOf: async () => NO_LAYERS };
}
