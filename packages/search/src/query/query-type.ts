export type QueryType =
  | 'entity_lookup'
  | 'raw_evidence'
  | 'temporal_tracking'
  | 'cross_show_synthesis'
  | 'semantic';

/** Spec 04 §5.3, in order; plain substring tests on the lowercased query padded with one space. */
const SUBSTRING_RULES: [QueryType, string[]][] = [
  ['raw_evidence', ['quote', 'said', 'exactly', 'transcript', 'verbatim', 'phrase']],
  ['temporal_tracking', ['evolve', 'changed', 'over time', 'history', 'trend', 'shift']],
  ['cross_show_synthesis', ['compare', 'contrast', ' vs ', 'versus', 'across shows']],
];
const TWO_CAPITALISED_WORDS = /\b[A-Z][a-z]+ [A-Z][a-z]+\b/;

export function classifyQuery(query: string): QueryType {
  const padded = ` ${query.toLowerCase()} `;
  for (const [type, needles] of SUBSTRING_RULES) {
    if (needles.some((needle) => padded.includes(needle))) {
      return type;
    }
  }
  return TWO_CAPITALISED_WORDS.test(query) ? 'entity_lookup' : 'semantic';
}
