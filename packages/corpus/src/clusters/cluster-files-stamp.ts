import { stat } from 'node:fs/promises';
import path from 'node:path';
import { THEME_CLUSTERS_RELPATH, TOPIC_CLUSTERS_RELPATH } from './cluster-files.js';

async function stampOf(file: string): Promise<string> {
  try {
    const info = await stat(file);
    return `${info.mtimeMs}:${info.size}`;
  } catch {
    return 'absent';
  }
}

/**
 * A cheap version string of the two cluster files, which live beside the
 * snapshot rather than in it: answers derived from them (digest pills,
 * cluster filters, overlays) must be re-derived when either file changes.
 */
export async function clusterFilesStamp(root: string): Promise<string> {
  const [topics, themes] = await Promise.all([
    stampOf(path.join(root, TOPIC_CLUSTERS_RELPATH)),
    stampOf(path.join(root, THEME_CLUSTERS_RELPATH)),
  ]);
  return `${topics}|${themes}`;
}
