import type { TopPerson } from '@podcast/contracts';
import { canonicalEntityId, speakersOfQuotes } from '../graph/speakers.js';
import { displayNameIn, type NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedGraph } from '../readers/gi-graph.js';
import { labelFromId } from '../readers/graph-nodes.js';

/** What one episode contributes: its GI graph and bridge (either may be missing). */
export interface PersonSource {
  graph: NormalizedGraph | undefined;
  bridge: NormalizedBridge | undefined;
}

interface Tally {
  grounded: number;
  episodes: number;
  name?: string;
  nameFromBridge: boolean;
}

/** GI names by the ids speakers are counted under: quote speaker names, then person nodes. */
function graphNames(source: PersonSource & { graph: NormalizedGraph }): Map<string, string> {
  const names = new Map<string, string>();
  for (const quote of source.graph.quotes) {
    if (quote.speaker_id !== null && quote.speaker_name !== undefined) {
      names.set(canonicalEntityId(source.bridge, quote.speaker_id), quote.speaker_name);
    }
  }
  for (const person of source.graph.persons) {
    names.set(canonicalEntityId(source.bridge, person.id), person.name);
  }
  return names;
}

/**
 * What one episode gives one speaker: its grounded insights the speaker
 * spoke, and the names the episode knows them by (bridge, else GI).
 */
export interface EpisodeSpeaker {
  person_id: string;
  grounded: number;
  bridge_name: string | undefined;
  gi_name: string | undefined;
}

/**
 * The speakers of an episode's grounded insights (each speaker once per
 * insight), in the order first met: the per-episode share of the top
 * persons, which the corpus index stores and sums.
 */
export function episodeSpeakersOf(source: PersonSource): EpisodeSpeaker[] {
  const { graph } = source;
  if (graph === undefined) {
    return [];
  }
  const byId = new Map(graph.quotes.map((quote) => [quote.id, quote]));
  const counts = new Map<string, number>();
  for (const insight of graph.insights) {
    if (insight.grounded) {
      const quotes = insight.quoteIds.flatMap((id) => byId.get(id) ?? []);
      for (const id of speakersOfQuotes(quotes, source.bridge)) {
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
    }
  }
  const names = counts.size === 0 ? new Map<string, string>() : graphNames({ ...source, graph });
  return [...counts].map(([person_id, grounded]) => ({
    person_id,
    grounded,
    bridge_name: displayNameIn(source.bridge, person_id),
    gi_name: names.get(person_id),
  }));
}

function tallyEpisode(tallies: Map<string, Tally>, source: PersonSource): void {
  for (const speaker of episodeSpeakersOf(source)) {
    const tally = tallies.get(speaker.person_id) ?? {
      grounded: 0,
      episodes: 0,
      nameFromBridge: false,
    };
    tally.grounded += speaker.grounded;
    tally.episodes++;
    // The first bridge name wins over any GI name; without one, the first GI name.
    if (speaker.bridge_name !== undefined && !tally.nameFromBridge) {
      tally.name = speaker.bridge_name;
      tally.nameFromBridge = true;
    } else if (tally.name === undefined) {
      tally.name = speaker.gi_name;
    }
    tallies.set(speaker.person_id, tally);
  }
}

/** A ranked speaker's answer row; without any name, a label made from the id. */
export function topPersonOf(
  person_id: string,
  name: string | undefined,
  counts: { grounded: number; episodes: number },
): TopPerson {
  return {
    person_id,
    display_name: name ?? labelFromId(person_id),
    grounded_insight_count: counts.grounded,
    episode_count: counts.episodes,
  };
}

/** Tallies episodes one at a time (`add`), then ranks the speakers seen (`ranked`). */
export interface PersonTally {
  add(source: PersonSource): void;
  ranked(): TopPerson[];
}

/**
 * Speakers ranked by grounded insights attributed to them, then episodes,
 * then id. Display names come from the bridge, else the GI (newest first:
 * add the episodes in catalog order).
 */
export function createPersonTally(): PersonTally {
  const tallies = new Map<string, Tally>();
  return {
    add: (source) => tallyEpisode(tallies, source),
    ranked: () =>
      [...tallies.entries()]
        .map(([person_id, tally]) => topPersonOf(person_id, tally.name, tally))
        .sort(
          (a, b) =>
            b.grounded_insight_count - a.grounded_insight_count ||
            b.episode_count - a.episode_count ||
            (a.person_id < b.person_id ? -1 : 1),
        ),
  };
}

/** `createPersonTally` over every source at once. */
export function rankTopPersons(sources: Iterable<PersonSource>): TopPerson[] {
  const tally = createPersonTally();
  for (const source of sources) {
    tally.add(source);
  }
  return tally.ranked();
}
