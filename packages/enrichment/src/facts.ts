/**
 * What the enrichers read of a corpus: one row per deduplicated episode,
 * plain data so every enricher is a pure function of it (corpus-facts.ts
 * builds the rows from a corpus snapshot; the corpus generator builds them
 * from its plan).
 */
export interface PersonRef {
  id: string;
  name: string;
}

export interface InsightFact {
  id: string;
  text: string;
  grounded: boolean;
  /** Where in the episode the insight sits, 0 (start) to 1 (end); undefined without timing. */
  position?: number;
  /** People whose quotes support the insight. */
  speakers: readonly PersonRef[];
  /** Topics the insight is about (its ABOUT edges); empty when it names none. */
  topicIds?: readonly string[];
}

export interface EpisodeFacts {
  episodeId: string;
  publishedMs: number | null;
  durationSeconds: number | null;
  /** KG topic ids; empty without a KG. */
  topicIds: readonly string[];
  /** KG topic id → its label. */
  topicLabels: Readonly<Record<string, string>>;
  /** People heard in the episode. */
  people: readonly PersonRef[];
  /** GI insights; empty without a GI. */
  insights: readonly InsightFact[];
  /** Where the episode's enrichment files go: the metadata file's folder and stem. */
  metadataRelpath: string;
  stem: string;
}

/** Per person, how many insights their quotes support and how many of those are grounded. */
export function insightsByPerson(
  insights: readonly InsightFact[],
): Array<{ person: PersonRef; total: number; grounded: number }> {
  const rows = new Map<string, { person: PersonRef; total: number; grounded: number }>();
  for (const insight of insights) {
    for (const person of insight.speakers) {
      const row = rows.get(person.id) ?? { person, total: 0, grounded: 0 };
      row.total += 1;
      row.grounded += insight.grounded ? 1 : 0;
      rows.set(person.id, row);
    }
  }
  return [...rows.values()];
}

export function roundTo(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}
