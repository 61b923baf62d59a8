import { describe, expect, it } from '@jest/globals';
import { classifyQuery } from './query-type.js';

describe('query_type', () => {
  it.each([
    ['who has said sleep matters', 'raw_evidence'],
    ['the exact Transcript line', 'raw_evidence'],
    ['how has battery talk changed', 'temporal_tracking'],
    ['sleep research over time', 'temporal_tracking'],
    ['shiftwork', 'temporal_tracking'],
    ['jazz vs bebop', 'cross_show_synthesis'],
    ['compare the hosts', 'cross_show_synthesis'],
    ['what does Lucas Vargas think', 'entity_lookup'],
    ['what does lucas vargas think', 'semantic'],
    ['green infrastructure costs', 'semantic'],
    ['a quote from Lucas Vargas over time', 'raw_evidence'],
  ])('classifies %j as %s', (query, expected) => {
    expect(classifyQuery(query)).toBe(expected);
  });
});
