import { displayNameIn, type NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedGraph } from '../readers/gi-graph.js';
import type { NormalizedKg } from '../readers/kg-reader.js';
import type { EpisodeRecord } from '../records/episode-record.js';
import type { CorpusSnapshot } from '../snapshot/corpus-snapshot.js';

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

function bridgeTopics(bridge: NormalizedBridge | undefined): LabeledId[] {
  const identities = bridge?.identities ?? [];
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
  return episodeSignalsFrom(
    snapshot.kgOf(episode),
    snapshot.graphOf(episode),
    snapshot.bridgeOf(episode),
  );
}

/** The signals of one episode's layers, as read (the corpus index stores the topics). */
export function episodeSignalsFrom(
  kg: NormalizedKg | undefined,
  gi: NormalizedGraph | undefined,
  bridge: NormalizedBridge | undefined,
): EpisodeSignals {
  if (kg === undefined && gi === undefined && bridge === undefined) {
    return NONE;
  }
  const visible = (people: ReadonlyArray<{ id: string; name: string; hidden: boolean }>) =>
    people.filter((person) => !person.hidden).map(({ id, name }) => ({ id, label: name }));
  return {
    topics: collect([kg?.topics ?? [], gi?.topics ?? [], bridgeTopics(bridge)], bridge),
    persons: collect([visible(kg?.persons ?? []), visible(gi?.persons ?? [])], bridge),
  };
}

interface KeptSignals {
  kg: NormalizedKg | undefined;
  gi: NormalizedGraph | undefined;
  bridge: NormalizedBridge | undefined;
  signals: EpisodeSignals;
}

const SIGNALS_BY_RECORD = Symbol('episode_signals');

/**
 * `readEpisodeSignals`, kept per record while its layers are the same
 * objects (the root's `snapshot.lasting`, like the graph index's items):
 * the next snapshot after a change reads again only the changed episodes'
 * signals, where the digest of a month at 100,000 episodes read every
 * episode of the month again after each change.
 */
export function episodeSignalsOf(snapshot: CorpusSnapshot, episode: EpisodeRecord): EpisodeSignals {
  const kept = snapshot.lasting.derive(
    SIGNALS_BY_RECORD,
    () => new WeakMap<EpisodeRecord, KeptSignals>(),
  );
  const kg = snapshot.kgOf(episode);
  const gi = snapshot.graphOf(episode);
  const bridge = snapshot.bridgeOf(episode);
  const known = kept.get(episode);
  if (known !== undefined && known.kg === kg && known.gi === gi && known.bridge === bridge) {
    return known.signals;
  }
  const signals = episodeSignalsFrom(kg, gi, bridge);
  kept.set(episode, { kg, gi, bridge, signals });
  return signals;
}
