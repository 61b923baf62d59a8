import { statSync } from 'node:fs';
import path from 'node:path';
import { THEME_CLUSTERS_RELPATH, TOPIC_CLUSTERS_RELPATH } from './cluster-files.js';

function stampOf(file: string): string {
  try {
    const info = statSync(file, { throwIfNoEntry: false });
    return info === undefined ? 'absent' : `${info.mtimeMs}:${info.size}`;
  } catch {
    return 'absent';
  }
}

/**
 * A cheap version string of the two cluster files, which live beside the
 * snapshot rather than in it: answers derived from them (digest pills,
 * cluster filters, overlays) must be re-derived when either file changes.
 * Cached answers compute it on every request, so the stats are synchronous:
 * on a local disk a fraction of the promise version's cost.
 */
export function clusterFilesStamp(root: string): string {
  return `${stampOf(path.join(root, TOPIC_CLUSTERS_RELPATH))}|${stampOf(path.join(root, THEME_CLUSTERS_RELPATH))}`;
}
