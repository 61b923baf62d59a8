/**
 * Run deduplication (spec 04 §1.2 rule 2): an incremental run re-emits
 * episodes of earlier runs, so within `feeds/<feed>/run_…/metadata/` one
 * file wins per (feed, feed_id, episode_id or guid). Every listing uses this.
 */
export interface DedupCandidate {
  metadata_relpath: string;
  feed_id: string;
  /** episode_id, else episode.guid; null when unreadable (always kept). */
  episode_key: string | null;
  mtime_ms: number;
}

const RUN_TIMESTAMP = /^run_(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/;

/** Sortable `YYYYMMDDHHMMSS` from `run_YYYYMMDD-HHMMSS…`, else undefined. */
export function runTimestampOf(runDir: string): string | undefined {
  const match = RUN_TIMESTAMP.exec(runDir);
  return match ? match.slice(1, 7).join('') : undefined;
}

/** Feed and run folder of `feeds/<feed>/run_…/metadata/<file>`, else undefined. */
function runPlaceOf(relpath: string): { feedDir: string; runDir: string } | undefined {
  const parts = relpath.split('/');
  const [top, feedDir, runDir, metadataDir] = parts;
  const isRunMetadata =
    parts.length === 5 &&
    top === 'feeds' &&
    runDir?.startsWith('run_') &&
    metadataDir === 'metadata';
  return isRunMetadata ? { feedDir: feedDir as string, runDir: runDir as string } : undefined;
}

interface RunCandidate extends DedupCandidate {
  runDir: string;
  timestamp: string | undefined;
}

function newestFirst(group: RunCandidate[]): RunCandidate[] {
  const allStamped = group.every((c) => c.timestamp !== undefined);
  return [...group].sort((a, b) => {
    if (allStamped && a.timestamp !== b.timestamp) {
      return (a.timestamp as string) < (b.timestamp as string) ? 1 : -1;
    }
    if (a.mtime_ms !== b.mtime_ms) {
      return b.mtime_ms - a.mtime_ms;
    }
    return a.runDir < b.runDir ? 1 : a.runDir > b.runDir ? -1 : 0;
  });
}

/**
 * The relpaths that survive deduplication. The newest run wins by folder
 * timestamp when every contender has one, else by metadata mtime; run
 * folder name breaks the remaining ties so the choice is deterministic.
 */
export function selectDedupWinners(candidates: readonly DedupCandidate[]): Set<string> {
  const kept = new Set<string>();
  const groups = new Map<string, RunCandidate[]>();
  for (const candidate of candidates) {
    const place = runPlaceOf(candidate.metadata_relpath);
    if (place === undefined || candidate.episode_key === null) {
      kept.add(candidate.metadata_relpath);
      continue;
    }
    const { feedDir, runDir } = place;
    const key = `${feedDir}\0${candidate.feed_id}\0${candidate.episode_key}`;
    const group = groups.get(key) ?? [];
    group.push({ ...candidate, runDir, timestamp: runTimestampOf(runDir) });
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    kept.add((newestFirst(group)[0] as RunCandidate).metadata_relpath);
  }
  return kept;
}
