import { asText } from '../readers/lenient-values.js';
import type { EpisodeMetadata } from '../readers/metadata.js';

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

/** The dedup candidate of one readable metadata file: its feed, and episode id else guid. */
export function dedupCandidateOf(
  relpath: string,
  metadata: Pick<EpisodeMetadata, 'feed' | 'episode'>,
  mtimeMs: number,
): DedupCandidate {
  const { feed, episode } = metadata;
  return {
    metadata_relpath: relpath,
    feed_id: asText(feed.feed_id) ?? '',
    episode_key: asText(episode.episode_id) ?? asText(episode.guid) ?? null,
    mtime_ms: mtimeMs,
  };
}

const RUN_TIMESTAMP = /^run_(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/;

/** Sortable `YYYYMMDDHHMMSS` from `run_YYYYMMDD-HHMMSS…`, else undefined. */
export function runTimestampOf(runDir: string): string | undefined {
  const match = RUN_TIMESTAMP.exec(runDir);
  return match ? match.slice(1, 7).join('') : undefined;
}

const FEEDS = 'feeds/';

/**
 * Feed and run folder of `feeds/<feed>/run_…/metadata/<file>`, else
 * undefined. Found by position: a split made five strings and an array per
 * metadata file (100,000 of them at a restart of that many episodes).
 */
function runPlaceOf(relpath: string): { feedDir: string; runDir: string } | undefined {
  if (!relpath.startsWith(FEEDS)) {
    return undefined;
  }
  const feedEnd = relpath.indexOf('/', FEEDS.length);
  const runEnd = feedEnd === -1 ? -1 : relpath.indexOf('/', feedEnd + 1);
  const metadataEnd = runEnd === -1 ? -1 : relpath.indexOf('/', runEnd + 1);
  const isRunMetadata =
    metadataEnd !== -1 &&
    relpath.indexOf('/', metadataEnd + 1) === -1 &&
    relpath.startsWith('run_', feedEnd + 1) &&
    metadataEnd - runEnd - 1 === 'metadata'.length &&
    relpath.startsWith('metadata', runEnd + 1);
  return isRunMetadata
    ? { feedDir: relpath.slice(FEEDS.length, feedEnd), runDir: relpath.slice(feedEnd + 1, runEnd) }
    : undefined;
}

interface RunCandidate {
  candidate: DedupCandidate;
  runDir: string;
}

interface StampedCandidate extends RunCandidate {
  timestamp: string | undefined;
}

/** Whether `a` beats `b` (newest first): run timestamps when both groups' members all have one, else mtime, then folder name. */
function isNewer(a: StampedCandidate, b: StampedCandidate, byStamp: boolean): boolean {
  if (byStamp && a.timestamp !== b.timestamp) {
    return (a.timestamp as string) > (b.timestamp as string);
  }
  if (a.candidate.mtime_ms !== b.candidate.mtime_ms) {
    return a.candidate.mtime_ms > b.candidate.mtime_ms;
  }
  return a.runDir > b.runDir;
}

/** The newest of a group; run timestamps are read here, for the few episodes more than one run holds. */
function newestOf(group: readonly RunCandidate[]): RunCandidate {
  const stamped = group.map((member) => ({ ...member, timestamp: runTimestampOf(member.runDir) }));
  const byStamp = stamped.every((c) => c.timestamp !== undefined);
  let best = stamped[0] as StampedCandidate;
  for (const contender of stamped) {
    if (isNewer(contender, best, byStamp)) {
      best = contender;
    }
  }
  return best;
}

/**
 * The relpaths that survive deduplication. The newest run wins by folder
 * timestamp when every contender has one, else by metadata mtime; run
 * folder name breaks the remaining ties so the choice is deterministic.
 * One pass; only keys seen twice (an episode in several runs) are grouped.
 */
export function selectDedupWinners(candidates: readonly DedupCandidate[]): Set<string> {
  return dedupRuns(candidates).winners;
}

/** The winners, and every relpath of a group with more than one member (only their mtimes can change a choice). */
export function dedupRuns(candidates: readonly DedupCandidate[]): {
  winners: Set<string>;
  contested: Set<string>;
} {
  const kept = new Set<string>();
  const contested = new Set<string>();
  const first = new Map<string, RunCandidate>();
  const groups = new Map<string, RunCandidate[]>();
  for (const candidate of candidates) {
    const place = runPlaceOf(candidate.metadata_relpath);
    if (place === undefined || candidate.episode_key === null) {
      kept.add(candidate.metadata_relpath);
      continue;
    }
    const { feedDir, runDir } = place;
    const key = `${feedDir}\0${candidate.feed_id}\0${candidate.episode_key}`;
    const entry = { candidate, runDir };
    const seen = first.get(key);
    if (seen === undefined) {
      first.set(key, entry);
    } else {
      const group = groups.get(key);
      if (group === undefined) {
        groups.set(key, [seen, entry]);
      } else {
        group.push(entry);
      }
    }
  }
  for (const [key, entry] of first) {
    const group = groups.get(key);
    kept.add((group === undefined ? entry : newestOf(group)).candidate.metadata_relpath);
  }
  for (const group of groups.values()) {
    for (const member of group) {
      contested.add(member.candidate.metadata_relpath);
    }
  }
  return { winners: kept, contested };
}
