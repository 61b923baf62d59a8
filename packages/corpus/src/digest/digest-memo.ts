import type { TopicClusterIndex } from '../clusters/topic-cluster-index.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';
import { type BandTopicIds, bandMatcher, type DigestBandConfig } from './digest-bands.js';
import { type EpisodeSignals, episodeSignalsOf } from './episode-signals.js';

interface SnapshotMemo<R> {
  bands: readonly DigestBandConfig[];
  clusters: TopicClusterIndex;
  matcher: (episode: EpisodeRecord) => BandTopicIds;
  results: Map<string, Promise<R>>;
}

/** Distinct requests remembered per snapshot; a window moves at most daily. */
const RESULT_LIMIT = 64;

const MATCHERS = Symbol('digest_band_matchers');

/**
 * The band matches of an episode's signals, kept as long as its signals
 * object (`episodeSignalsOf` keeps one per record while its layers stay
 * the same), per band list, in the root's `snapshot.lasting`: a snapshot
 * after a change matches only the changed episodes again.
 */
function lastingMatcher(
  snapshot: CorpusSnapshot,
  bands: readonly DigestBandConfig[],
): (signals: EpisodeSignals) => BandTopicIds {
  const byBands = snapshot.lasting.derive(
    MATCHERS,
    () => new WeakMap<readonly DigestBandConfig[], (signals: EpisodeSignals) => BandTopicIds>(),
  );
  let matcher = byBands.get(bands);
  if (matcher === undefined) {
    const match = bandMatcher(bands);
    const bySignals = new WeakMap<EpisodeSignals, BandTopicIds>();
    matcher = (signals) => {
      let matches = bySignals.get(signals);
      if (matches === undefined) {
        matches = match(signals.topics);
        bySignals.set(signals, matches);
      }
      return matches;
    };
    byBands.set(bands, matcher);
  }
  return matcher;
}

/**
 * Per-snapshot memory of the digest: each episode's band matches (kept per
 * signals object by `lastingMatcher`, so not per request nor per snapshot)
 * and finished digests by request key. It is stored on the snapshot
 * (immutable), so a refresh simply starts a new memo; a changed cluster
 * file or band list replaces it too.
 */
export function createDigestMemo<R>(name: string) {
  const slotOf = perSnapshot((): { memo?: SnapshotMemo<R> } => ({}), name);

  function memoOf(
    snapshot: CorpusSnapshot,
    bands: readonly DigestBandConfig[],
    clusters: TopicClusterIndex,
  ): SnapshotMemo<R> {
    const slot = slotOf(snapshot);
    const known = slot.memo;
    if (known && known.bands === bands && known.clusters === clusters) {
      return known;
    }
    const match = lastingMatcher(snapshot, bands);
    const matcher = (episode: EpisodeRecord) => match(episodeSignalsOf(snapshot, episode));
    const fresh = { bands, clusters, matcher, results: new Map<string, Promise<R>>() };
    slot.memo = fresh;
    return fresh;
  }

  return {
    memoOf,
    /**
     * The remembered result for `key`, else `compute()` remembered; a
     * computation that fails is forgotten, so the next request tries again.
     */
    resultOf(memo: SnapshotMemo<R>, key: string, compute: () => Promise<R>): Promise<R> {
      const known = memo.results.get(key);
      if (known !== undefined) {
        return known;
      }
      const made = compute();
      made.catch(() => {
        if (memo.results.get(key) === made) {
          memo.results.delete(key);
        }
      });
      if (memo.results.size >= RESULT_LIMIT) {
        memo.results.delete(memo.results.keys().next().value as string);
      }
      memo.results.set(key, made);
      return made;
    },
  };
}
