import type { IndexView } from './index-store.js';

/** Where a change is looked for: any index that shows its data version (`CorpusIndex`). */
interface VersionedIndex {
  view(): IndexView | undefined;
}

/**
 * Calls `changed` each time the index's data version moves (a commit by
 * any process, a rebuild), looked at every `everyMs`: an app makes its
 * cached cross-episode answers again then, off the request path, as it
 * does after a new corpus snapshot. Returns the function that stops it.
 */
export function onIndexChange(
  index: VersionedIndex,
  changed: () => void,
  everyMs = 1000,
): () => void {
  let last = index.view()?.version;
  const timer = setInterval(() => {
    const version = index.view()?.version;
    if (version !== undefined && version !== last) {
      last = version;
      changed();
    }
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
