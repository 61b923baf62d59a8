import { type NormalizedBridge, normalizeBridge } from './bridge-reader.js';
import type { NormalizedGraph } from './gi-graph.js';
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

/** Where an episode's layer files are, as its record names them. */
export interface LayerPaths {
  gi_relpath: string | null;
  kg_relpath: string | null;
  bridge_relpath: string | null;
}

/** An episode's GI, KG and bridge files, normalised; undefined when absent or unusable. */
export interface EpisodeLayers {
  graphOf(episode: LayerPaths): NormalizedGraph | undefined;
  kgOf(episode: LayerPaths): NormalizedKg | undefined;
  bridgeOf(episode: LayerPaths): NormalizedBridge | undefined;
}
