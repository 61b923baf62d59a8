import { DAY_MS, isoMonth } from './clock.js';
import { type EpisodeFacts, episodesByTopic } from './corpus-facts.js';
import { roundTo } from './prng.js';

const WINDOW_MONTHS = 18;

/** grounding_rate `data` (spec 04 §7): per person, how many of their insights are grounded. */
export function buildGroundingRate(facts: readonly EpisodeFacts[]): Record<string, unknown> {
  const rows = new Map<
    string,
    { person_id: string; person_name: string; total_insights: number; grounded_insights: number }
  >();
  for (const { person, total, grounded } of facts.flatMap((f) => f.insightsByPerson)) {
    const row = rows.get(person.id) ?? {
      person_id: person.id,
      person_name: person.name,
      total_insights: 0,
      grounded_insights: 0,
    };
    row.total_insights += total;
    row.grounded_insights += grounded;
    rows.set(person.id, row);
  }
  const persons = [...rows.values()]
    .map((row) => ({ ...row, rate: roundTo(row.grounded_insights / row.total_insights, 3) }))
    .sort((a, b) => b.total_insights - a.total_insights || (a.person_id < b.person_id ? -1 : 1));
  return { persons };
}

function monthsEndingAt(endMs: number, count: number): string[] {
  const end = new Date(endMs);
  return Array.from({ length: count }, (_, i) =>
    isoMonth(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (count - 1 - i), 1)),
  );
}

/** temporal_velocity `data`: monthly episode counts per KG topic over the last 18 months. */
export function buildTemporalVelocity(
  facts: readonly EpisodeFacts[],
  endMs: number,
): Record<string, unknown> {
  const months = monthsEndingAt(endMs, WINDOW_MONTHS);
  const counts = new Map<string, Map<string, number>>();
  for (const { topic } of episodesByTopic(facts).values()) {
    counts.set(topic.id, new Map(months.map((m) => [m, 0])));
  }
  for (const row of facts) {
    const month = isoMonth(row.publishedMs);
    for (const topic of row.topics) {
      const perMonth = counts.get(topic.id);
      if (perMonth?.has(month)) {
        perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
      }
    }
  }
  const topics = [...counts.entries()].map(([topicId, perMonth]) => {
    const values = months.map((m) => perMonth.get(m) ?? 0);
    const recent = values.slice(-3).reduce((a, b) => a + b, 0) / 3;
    const before = values.slice(-6, -3).reduce((a, b) => a + b, 0) / 3;
    return {
      topic_id: topicId,
      monthly_counts: Object.fromEntries(perMonth),
      velocity: roundTo(recent - before, 3),
    };
  });
  return { window_months: WINDOW_MONTHS, topics };
}

/** How many groups hold each id and each unordered pair of ids (pairs keyed `a\u0000b`, a < b). */
function countPairs(groups: ReadonlyArray<readonly string[]>): {
  single: Map<string, number>;
  pairs: Map<string, number>;
} {
  const single = new Map<string, number>();
  const pairs = new Map<string, number>();
  for (const group of groups) {
    const ids = [...new Set(group)].sort();
    ids.forEach((a, i) => {
      single.set(a, (single.get(a) ?? 0) + 1);
      for (const b of ids.slice(i + 1)) {
        pairs.set(`${a}\u0000${b}`, (pairs.get(`${a}\u0000${b}`) ?? 0) + 1);
      }
    });
  }
  return { single, pairs };
}

function splitPair(key: string): [string, string] {
  return key.split('\u0000') as [string, string];
}

/** topic_cooccurrence_corpus `data`: topic pairs discussed in the same episode, with lift and PMI. */
export function buildTopicCooccurrence(facts: readonly EpisodeFacts[]): Record<string, unknown> {
  const groups = facts.filter((f) => f.topics.length > 0).map((f) => f.topics.map((t) => t.id));
  const total = Math.max(1, groups.length);
  const { single, pairs } = countPairs(groups);
  const rows = [...pairs.entries()].map(([key, count]) => {
    const [a, b] = splitPair(key);
    const lift = count / total / (((single.get(a) ?? 1) / total) * ((single.get(b) ?? 1) / total));
    return {
      topic_a_id: a,
      topic_b_id: b,
      episode_count: count,
      lift: roundTo(lift, 3),
      pmi: roundTo(Math.log2(lift), 3),
    };
  });
  const floor = rows.some((r) => r.episode_count >= 2) ? 2 : 1;
  const kept = rows
    .filter((r) => r.episode_count >= floor)
    .sort(
      (x, y) =>
        y.episode_count - x.episode_count ||
        y.lift - x.lift ||
        (x.topic_a_id + x.topic_b_id < y.topic_a_id + y.topic_b_id ? -1 : 1),
    );
  return { episodes_considered: groups.length, pairs: kept.slice(0, 500) };
}

/** Connected groups of the pair graph, each sorted, in order of their smallest id. */
function connectedGroups(ids: readonly string[], pairKeys: Iterable<string>): string[][] {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (id: string): string => {
    const up = parent.get(id) ?? id;
    return up === id ? id : find(up);
  };
  for (const key of pairKeys) {
    const [a, b] = splitPair(key);
    parent.set(find(b), find(a));
  }
  const groups = new Map<string, string[]>();
  for (const id of [...ids].sort()) {
    groups.set(find(id), [...(groups.get(find(id)) ?? []), id]);
  }
  return [...groups.values()];
}

/** guest_coappearance `data`: people heard in the same episode, and the connected groups they form. */
export function buildGuestCoappearance(facts: readonly EpisodeFacts[]): Record<string, unknown> {
  const { single, pairs } = countPairs(facts.map((f) => f.people.map((p) => p.id)));
  const rows = [...pairs.entries()]
    .map(([key, count]) => {
      const [a, b] = splitPair(key);
      return { person_a_id: a, person_b_id: b, episode_count: count };
    })
    .sort(
      (x, y) =>
        y.episode_count - x.episode_count ||
        (x.person_a_id + x.person_b_id < y.person_a_id + y.person_b_id ? -1 : 1),
    );
  const groups = connectedGroups([...single.keys()], pairs.keys());
  return {
    pairs: rows,
    communities: groups.map((members, i) => ({
      community_id: `community-${i + 1}`,
      person_ids: members,
      size: members.length,
    })),
  };
}

export function enrichmentWindow(lastRunEndMs: number): {
  startedAtMs: number;
  finishedAtMs: number;
} {
  return {
    startedAtMs: lastRunEndMs + 5 * 60_000,
    finishedAtMs: lastRunEndMs + 5 * 60_000 + DAY_MS / 96,
  };
}
