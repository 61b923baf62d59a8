import path from 'node:path';

/** The files of a corpus's index (spec 04 §5.1), all under `<corpus>/search/`. */
export interface IndexPaths {
  searchDir: string;
  lanceDir: string;
  meta: string;
  fingerprints: string;
  lock: string;
  history: string;
  queryLog: string;
  /** How the last topic-cluster rebuild ended (`TopicClustersRebuildOutcome`). */
  clusterRebuild: string;
}

export function indexPathsOf(root: string): IndexPaths {
  const searchDir = path.join(root, 'search');
  const lanceDir = path.join(searchDir, 'lance_index');
  return {
    searchDir,
    lanceDir,
    meta: path.join(lanceDir, 'index_meta.json'),
    fingerprints: path.join(searchDir, 'episode_fingerprints.json'),
    lock: path.join(searchDir, 'rebuild.lock'),
    history: path.join(searchDir, 'index_history.jsonl'),
    queryLog: path.join(searchDir, 'query_log.jsonl'),
    clusterRebuild: path.join(searchDir, 'topic_clusters_rebuild.json'),
  };
}
