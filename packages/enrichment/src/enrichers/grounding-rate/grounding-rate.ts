import { z } from 'zod';
import { type EpisodeFacts, insightsByPerson, roundTo } from '../../facts.js';
import { corpusEnricher, DETERMINISTIC } from '../../manifest.js';

type PersonCounts = ReturnType<typeof insightsByPerson>;

/** grounding_rate `data` (spec 04 §7): per person, how many of their insights are grounded. */
export function groundingRate(perEpisode: readonly PersonCounts[]) {
  const rows = new Map<
    string,
    { person_id: string; person_name: string; total_insights: number; grounded_insights: number }
  >();
  for (const { person, total, grounded } of perEpisode.flat()) {
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

export const groundingRateEnricher = corpusEnricher(
  {
    id: 'grounding_rate',
    ...DETERMINISTIC,
    description: 'Per person, the share of their insights backed by a verbatim quote',
    config_schema: z.object({}),
  },
  (episodes: readonly EpisodeFacts[]) => {
    const data = groundingRate(episodes.map((e) => insightsByPerson(e.insights)));
    return { data, records_written: data.persons.length, cost_usd: 0 };
  },
);
