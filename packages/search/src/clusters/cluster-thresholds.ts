import { STATIC_MODEL } from '@podcast/providers';

/** The reference's default (spec 01 Limits), set for its sentence-transformer vectors. */
export const REFERENCE_CLUSTER_THRESHOLD = 0.75;

/**
 * The default clustering threshold per embedding model. Cosines live on a
 * different scale in each model, so the reference's 0.75 means "these
 * topics are one theme" only for its own model; for our offline word
 * vectors it grouped almost nothing. Each value is the threshold that groups
 * this model's vectors as the reference's 0.75 groups MiniLM's; how the
 * static vectors' value was measured is in docs/decisions/search.md
 * ("Cluster threshold per model"). A model not listed gets the reference's.
 */
const THRESHOLDS: ReadonlyMap<string, number> = new Map([
  ['sentence-transformers/all-MiniLM-L6-v2', REFERENCE_CLUSTER_THRESHOLD],
  [STATIC_MODEL, 0.65],
]);

const lastSegment = (model: string) => model.slice(model.lastIndexOf('/') + 1);

/**
 * The default threshold for vectors of `model`: by its full name, else by
 * its last segment (a local sentence-transformer is named by its folder,
 * `all-MiniLM-L6-v2`), else the reference's.
 */
export function defaultClusterThreshold(model: string): number {
  const exact = THRESHOLDS.get(model);
  if (exact !== undefined) {
    return exact;
  }
  const name = lastSegment(model);
  for (const [known, threshold] of THRESHOLDS) {
    if (lastSegment(known) === name) {
      return threshold;
    }
  }
  return REFERENCE_CLUSTER_THRESHOLD;
}
