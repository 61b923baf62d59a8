import { describe, expect, it } from '@jest/globals';
import { perspectiveLeaders, topicPersons } from './cil-queries.js';
import { createSpeakerTallies, type GraphIndex, type GraphInsight } from './graph-index.js';

/** An index holding only what perspectiveLeaders reads: topics, their items' speakers, labels. */
function indexOf(topics: Record<string, string[][]>): GraphIndex {
  const byTopic = new Map(
    Object.entries(topics).map(([id, speakers]) => [
      id,
      speakers.map((who) => ({ speakers: who }) as unknown as GraphInsight),
    ]),
  );
  return {
    byTopic,
    tallies: createSpeakerTallies(),
    labelOf: (id: string) => id.toUpperCase(),
    canonicalOf: (id: string) => id,
  } as unknown as GraphIndex;
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

  it('counts a list once while it is the same object, and again once it is replaced', async () => {
    const big = Array.from({ length: 600 }, (_, i) => (i % 3 === 0 ? ['person:a'] : ['person:b']));
    const index = indexOf({ 'topic:big': big, 'topic:mid': [['person:y'], ['person:x']] });
    let yields = 0;
    const slicer = {
      yieldIfDue: async () => {
        yields++;
      },
    };
    const first = await perspectiveLeaders(index, 2, slicer);
    expect(yields).toBe(4);
    // A later index sharing the lists (a patch that touched neither) counts nothing.
    const patched = { ...index, byTopic: new Map(index.byTopic) } as GraphIndex;
    expect(await perspectiveLeaders(patched, 2, slicer)).toEqual(first);
    expect(yields).toBe(4);
    // A patch that replaced the big list: counted again, with its new speakers.
    const replaced = big.map(() => ({ speakers: ['person:c'] }) as unknown as GraphInsight);
    const after = {
      ...index,
      byTopic: new Map([...index.byTopic, ['topic:big', replaced]]),
    } as GraphIndex;
    const answer = await perspectiveLeaders(after, 2, slicer);
    expect(answer.topics[0]?.leaders).toEqual([leader('person:c', 600)]);
    expect(yields).toBe(4 + 3);
    // The older index still answers from its own list, counted again for it.
    expect(await perspectiveLeaders(index, 2, slicer)).toEqual(first);
  });

  it('keeps the grounded speaker counts of topic persons apart from the leaders', async () => {
    const quote = (speaker: string | null) => ({ speaker_id: speaker });
    const items = [
      { speakers: ['person:a'], insight: { grounded: true }, quotes: [quote('person:a')] },
      { speakers: ['person:b'], insight: { grounded: false }, quotes: [quote('person:b')] },
      { speakers: ['person:b'], insight: { grounded: true }, quotes: [quote(null)] },
      {
        speakers: ['person:c', 'person:a'],
        insight: { grounded: true },
        quotes: [quote('person:c')],
      },
    ] as unknown as GraphInsight[];
    const index = {
      ...indexOf({}),
      byTopic: new Map([['topic:t', items]]),
    } as unknown as GraphIndex;
    const slicer = { yieldIfDue: async () => undefined };
    const leaders = await perspectiveLeaders(index, 1, slicer);
    expect(leaders.topics[0]?.leaders.map((l) => [l.person_id, l.insight_count])).toEqual([
      ['person:a', 2],
      ['person:b', 2],
      ['person:c', 1],
    ]);
    expect(await topicPersons(index, 'topic:t', slicer)).toEqual({
      topic_id: 'topic:t',
      person_ids: ['person:a', 'person:c'],
    });
    expect((await perspectiveLeaders(index, 1, slicer)).topics).toEqual(leaders.topics);
  });
});
