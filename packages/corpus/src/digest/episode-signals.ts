import { displayNameIn, type NormalizedBridge } from '../readers/bridge-reader.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';
import { perSnapshot } from '../snapshot/snapshot-memo.js';

export interface LabeledId {
  id: string;
  label: string;
}

/** The topics and named people of one episode, each id once. */
export interface EpisodeSignals {
  topics: readonly LabeledId[];
  persons: readonly LabeledId[];
}

const NONE: EpisodeSignals = Object.freeze({ topics: [], persons: [] });

function collect(
  sources: ReadonlyArray<readonly LabeledId[]>,
  bridge: NormalizedBridge | undefined,
): LabeledId[] {
  const byId = new Map<string, LabeledId>();
  for (const source of sources) {
    for (const { id, label } of source) {
      if (!byId.has(id)) {
        byId.set(id, { id, label: displayNameIn(bridge, id) ?? label });
      }
    }
  }
  return [...byId.values()];
}

function bridgeTopics(snapshot: CorpusSnapshot, episode: EpisodeRecord): LabeledId[] {
  const identities = snapshot.bridgeOf(episode)?.identities ?? [];
  return identities
    .filter((identity) => identity.id.startsWith('topic:'))
    .map((identity) => ({ id: identity.id, label: identity.display_name }));
}

/**
 * KG topics, then GI topics, then bridge topic identities; persons from KG
 * and GI without unnamed diarization voices. The bridge display name wins as
 * the label because it is the one the graph views show.
 */
export function readEpisodeSignals(
  snapshot: CorpusSnapshot,
  episode: EpisodeRecord,
): EpisodeSignals {
  const kg = snapshot.kgOf(episode);
  const gi = snapshot.graphOf(episode);
  const bridge = snapshot.bridgeOf(episode);
  if (kg === undefined && gi === undefined && bridge === undefined) {
    return NONE;
  }
  const visible = (people: ReadonlyArray<{ id: string; name: string; hidden: boolean }>) =>
    people.filter((person) => !person.hidden).map(({ id, name }) => ({ id, label: name }));
  return {
    topics: collect([kg?.topics ?? [], gi?.topics ?? [], bridgeTopics(snapshot, episode)], bridge),
    persons: collect([visible(kg?.persons ?? []), visible(gi?.persons ?? [])], bridge),
  };
}

// Per snapshot, then per record: a refresh makes a new snapshot (and new
// graphs), so signals never outlive the files they were read from.
const memoOf = perSnapshot(() => new Map<EpisodeRecord, EpisodeSignals>(), 'episode_signals');

/** `readEpisodeSignals`, computed once per episode and snapshot (snapshots are immutable). */
export function episodeSignalsOf(snapshot: CorpusSnapshot, episode: EpisodeRecord): EpisodeSignals {
  const perEpisode = memoOf(snapshot);
  let signals = perEpisode.get(episode);
  if (signals === undefined) {
    signals = readEpisodeSignals(snapshot, episode);
    perEpisode.set(episode, signals);
  }
  return signals;
}
