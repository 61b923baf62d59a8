import type { TopicClusterIndex } from '../clusters/topic-cluster-index.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';
import { type BandTopicIds, bandMatcher, type DigestBandConfig } from './digest-bands.js';
import { episodeSignalsOf } from './episode-signals.js';

interface SnapshotMemo<R> {
  bands: readonly DigestBandConfig[];
  clusters: TopicClusterIndex;
  matcher: (episode: EpisodeRecord) => BandTopicIds;
  results: Map<string, R>;
}

/** Distinct requests remembered per snapshot; a window moves at most daily. */
const RESULT_LIMIT = 64;

/**
 * Per-snapshot memory of the digest: each episode's band matches (computed
 * once, not per request) and finished digests by request key. It is stored
 * on the snapshot (immutable), so a refresh simply starts a new memo; a
 * changed cluster file or band list replaces it too.
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
    const match = bandMatcher(bands);
    const perEpisode = new Map<EpisodeRecord, BandTopicIds>();
    const matcher = (episode: EpisodeRecord) => {
      let matches = perEpisode.get(episode);
      if (matches === undefined) {
        matches = match(episodeSignalsOf(snapshot, episode).topics);
        perEpisode.set(episode, matches);
      }
      return matches;
    };
    const fresh = { bands, clusters, matcher, results: new Map<string, R>() };
    slot.memo = fresh;
    return fresh;
  }

  return {
    memoOf,
    /** The remembered result for `key`, else `compute()` remembered. */
    resultOf(memo: SnapshotMemo<R>, key: string, compute: () => R): R {
      let result = memo.results.get(key);
      if (result === undefined) {
        result = compute();
        if (memo.results.size >= RESULT_LIMIT) {
          memo.results.delete(memo.results.keys().next().value as string);
        }
        memo.results.set(key, result);
      }
      return result;
    },
  };
}
