import type { Logger } from 'pino';
import type { CorpusPlace } from '../caches/corpus-caches.js';
import { joinUnder } from '../files/plain-path.js';
import type { NormalizedGraph } from '../graph/gi-graph.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import { type NormalizedBridge, normalizeBridge } from './bridge-reader.js';
import { normalizeGi } from './gi-reader.js';
import { type NormalizedKg, normalizeKg } from './kg-reader.js';
import { parseCorpusObject } from './lenient-parse.js';
import type { UnknownRecord } from './lenient-values.js';
import type { ArtifactKind } from './metadata.js';

/** What the loader keeps of each layer file: its normalised value. */
export const LAYER_NORMALIZERS: Readonly<
  Record<ArtifactKind, (raw: UnknownRecord) => NormalizedGraph | NormalizedKg | NormalizedBridge>
> = {
  gi: normalizeGi,
  kg: normalizeKg,
  bridge: normalizeBridge,
};

/**
 * A layer file's text as the loader keeps it, for a file cache (which must
 * not throw): its normalised value, or null when it is unusable.
 */
export function parseLayerText(kind: ArtifactKind) {
  return (text: string): object | null => {
    try {
      return LAYER_NORMALIZERS[kind](parseCorpusObject(text, `layer.${kind}.json`));
    } catch {
      return null;
    }
  };
}

type LayerPaths = Pick<EpisodeRecord, 'gi_relpath' | 'kg_relpath' | 'bridge_relpath'>;

/** An episode's GI, KG and bridge files, normalised; undefined when absent or unusable. */
export interface EpisodeLayers {
  graphOf(episode: LayerPaths): NormalizedGraph | undefined;
  kgOf(episode: LayerPaths): NormalizedKg | undefined;
  bridgeOf(episode: LayerPaths): NormalizedBridge | undefined;
}

/** A corpus root with the layers of some of its episodes: what the per-episode files need. */
export type EpisodeFiles = CorpusPlace & EpisodeLayers;

/**
 * Reads the layer files of `episodes` now, through the place's bounded
 * caches, for routes whose episodes come from the corpus index rather
 * than a loaded snapshot. A file read while it is being written reads as
 * unusable, as a snapshot's first read of it does.
 */
export async function readEpisodeLayers(
  place: CorpusPlace,
  episodes: readonly LayerPaths[],
  logger?: Pick<Logger, 'warn'>,
): Promise<EpisodeFiles> {
  const values = new Map<string, object | null>();
  const read = async (kind: ArtifactKind, relpath: string | null) => {
    if (relpath === null || values.has(relpath)) {
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
