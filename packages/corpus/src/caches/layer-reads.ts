import type { Logger } from 'pino';
import { joinUnder } from '../files/plain-path.js';
import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { EpisodeLayers, LayerPaths } from '../readers/episode-layers.js';
import type { NormalizedGraph } from '../readers/gi-graph.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import type { ArtifactKind } from '../readers/metadata.js';
import { type CorpusPlace, createCorpusCaches } from './corpus-caches.js';

/** A corpus root with the layers of some of its episodes: what the per-episode files need. */
export type EpisodeFiles = CorpusPlace & EpisodeLayers;

/** Every layer an episode may have. */
const ALL_LAYERS: readonly ArtifactKind[] = ['gi', 'kg', 'bridge'];

/**
 * Reads the layer files of `episodes` now, through the place's bounded
 * caches, for routes whose episodes come from the corpus index rather
 * than a loaded snapshot. A file read while it is being written reads as
 * unusable, as a snapshot's first read of it does. Work over the whole
 * catalog names the `kinds` it uses; the others read as absent.
 */
export async function readEpisodeLayers(
  place: CorpusPlace,
  episodes: readonly LayerPaths[],
  logger?: Pick<Logger, 'warn'>,
  kinds: readonly ArtifactKind[] = ALL_LAYERS,
): Promise<EpisodeFiles> {
  const values = new Map<string, object | null>();
  const read = async (kind: ArtifactKind, relpath: string | null) => {
    if (relpath === null || values.has(relpath) || !kinds.includes(kind)) {
      return;
    }
    values.set(relpath, null);
    const file = joinUnder(place.root, relpath);
    try {
      values.set(relpath, (await place.caches.layers[kind].read(file))?.value ?? null);
    } catch (err) {
      logger?.warn({ file, err: (err as Error).message }, 'skipping unreadable corpus file');
    }
  };
  await Promise.all(
    episodes.flatMap((episode) => [
      read('gi', episode.gi_relpath),
      read('kg', episode.kg_relpath),
      read('bridge', episode.bridge_relpath),
    ]),
  );
  const valueAt = (relpath: string | null) =>
    (relpath === null ? undefined : values.get(relpath)) ?? undefined;
  return {
    root: place.root,
    caches: place.caches,
    graphOf: (episode) => valueAt(episode.gi_relpath) as NormalizedGraph | undefined,
    kgOf: (episode) => valueAt(episode.kg_relpath) as NormalizedKg | undefined,
    bridgeOf: (episode) => valueAt(episode.bridge_relpath) as NormalizedBridge | undefined,
  };
}

/**
 * Each page of a walk over the whole catalog with the `kinds` of layer
 * files its episodes have, read through caches of the walk's own: a walk
 * reads every file once, and the caches the routes read through keep what
 * they hold.
 */
export async function* pagesWithLayers<T extends LayerPaths>(
  root: string,
  pages: AsyncIterable<readonly T[]>,
  kinds: readonly ArtifactKind[],
): AsyncGenerator<{ page: readonly T[]; layers: EpisodeLayers }> {
  const place = { root, caches: createCorpusCaches() };
  for await (const page of pages) {
    yield { page, layers: await readEpisodeLayers(place, page, undefined, kinds) };
  }
}
