import type { NormalizedBridge } from '../readers/bridge-reader.js';
import type { NormalizedQuote } from '../readers/gi-graph.js';
import { canonicalPersonId, isListedPersonId } from '../readers/person-ids.js';

/** An entity id as the graph routes list it: the bridge's canonical id, person lineages folded. */
export function canonicalEntityId(bridge: NormalizedBridge | undefined, id: string): string {
  return canonicalPersonId(bridge?.entity_to_canonical.get(id) ?? id);
}

/**
 * The named persons who said an insight: the speakers of its supporting
 * quotes (each quote's SPOKEN_BY target, else its `speaker_id`), each
 * once, unnamed voices left out. Never the persons it mentions: a
 * MENTIONS_PERSON target is talked about, not talking. The one rule of the
 * graph routes, the relational layer and the top persons.
 */
export function speakersOfQuotes(
  quotes: readonly NormalizedQuote[],
  bridge: NormalizedBridge | undefined,
): string[] {
  const speakers = new Set<string>();
  for (const quote of quotes) {
    if (quote.speaker_id !== null) {
      const id = canonicalEntityId(bridge, quote.speaker_id);
      if (isListedPersonId(id)) {
        speakers.add(id);
      }
    }
  }
  return [...speakers];
}
