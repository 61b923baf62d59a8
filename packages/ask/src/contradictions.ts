import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type CorpusSnapshot, type EpisodeRecord, perSnapshot } from '@podcast/corpus';

/** Insight id → the insights that contradict it, from the topic_consensus enrichment. */
export type Contradictions = ReadonlyMap<string, readonly string[]>;

export const NO_CONTRADICTIONS: Contradictions = new Map();

interface ConsensusRow {
  insight_a_id?: unknown;
  insight_b_id?: unknown;
  contradiction?: unknown;
  contradicts?: unknown;
}

/** Spec 04 §7: the enricher's own verdict, else its NLI probability past one half. */
function isContradiction(row: ConsensusRow): boolean {
  if (typeof row.contradicts === 'boolean') {
    return row.contradicts;
  }
  return typeof row.contradiction === 'number' && row.contradiction >= 0.5;
}

/** Contradicting pairs as a two-way lookup; a missing, failed or malformed file has none. */
export function contradictionsOf(document: unknown): Contradictions {
  const rows = (document as { data?: { consensus?: unknown } } | null)?.data?.consensus;
  const pairs = new Map<string, string[]>();
  const add = (from: string, to: string) => pairs.set(from, [...(pairs.get(from) ?? []), to]);
  for (const row of Array.isArray(rows) ? (rows as ConsensusRow[]) : []) {
    const a = row.insight_a_id;
    const b = row.insight_b_id;
    if (typeof a === 'string' && typeof b === 'string' && a !== b && isContradiction(row)) {
      add(a, b);
      add(b, a);
    }
  }
  return pairs;
}

/** The corpus's `enrichments/topic_consensus.json` under `root`; absent or unreadable: none. */
export async function readContradictionsAt(root: string): Promise<Contradictions> {
  const file = path.join(root, 'enrichments', 'topic_consensus.json');
  try {
    return contradictionsOf(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return NO_CONTRADICTIONS;
  }
}

/** The contradictions of the snapshot's corpus, read once per snapshot. */
export const readContradictions = perSnapshot(
  (snapshot: CorpusSnapshot): Promise<Contradictions> => readContradictionsAt(snapshot.root),
  'askContradictions',
);

/** Insight id → its episode, for finding the other side of a contradiction. */
export const episodeOfInsight = perSnapshot((snapshot: CorpusSnapshot) => {
  const owners = new Map<string, EpisodeRecord>();
  for (const episode of snapshot.episodes) {
    for (const insight of (episode.has_gi && snapshot.graphOf(episode)?.insights) || []) {
      owners.set(insight.id, episode);
    }
  }
  return owners;
}, 'askInsightOwners');
