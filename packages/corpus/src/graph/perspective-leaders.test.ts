import { describe, expect, it } from '@jest/globals';
import { perspectiveLeaders } from './cil-queries.js';
import type { GraphIndex, GraphInsight } from './graph-index.js';

/** An index holding only what perspectiveLeaders reads: topics, their items' speakers, labels. */
function indexOf(topics: Record<string, string[][]>): GraphIndex {
  const byTopic = new Map(
    Object.entries(topics).map(([id, speakers]) => [
      id,
      speakers.map((who) => ({ speakers: who }) as unknown as GraphInsight),
    ]),
  );
  return { byTopic, labelOf: (id: string) => id.toUpperCase() } as unknown as GraphIndex;
}

const leader = (id: string, count: number) => ({
  person_id: id,
  display_name: id.toUpperCase(),
  insight_count: count,
});

describe('perspectiveLeaders', () => {
  it('ranks topics by insights and speakers by count, then id, asking the slicer every 256 insights', async () => {
    const big = Array.from({ length: 1000 }, (_, i) =>
      i % 10 === 0 ? ['person:b', 'person:a'] : i % 2 === 0 ? ['person:a'] : ['person:c'],
    );
    const index = indexOf({
      'topic:small': [['person:z']],
      'topic:big': big,
      'topic:mid': [['person:y'], ['person:x'], []],
    });
    let yields = 0;
    const slicer = {
      yieldIfDue: async () => {
        yields++;
      },
    };
    const answer = await perspectiveLeaders(index, 2, slicer);
    expect(answer).toEqual({
      topics: [
        {
          topic_id: 'topic:big',
          label: 'TOPIC:BIG',
          insight_count: 1000,
          leaders: [leader('person:a', 500), leader('person:c', 500), leader('person:b', 100)],
        },
        {
          topic_id: 'topic:mid',
          label: 'TOPIC:MID',
          insight_count: 3,
          leaders: [leader('person:x', 1), leader('person:y', 1)],
        },
      ],
    });
    // Before each topic's first insight, then after every 256: 0, 256, 512, 768 of the big one, 0 of the mid one.
    expect(yields).toBe(5);
  });
});
