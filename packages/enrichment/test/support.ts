import type { EpisodeFacts } from '../src/facts.js';
import type { Clock } from '../src/run/attempts.js';

/** A clock that never waits: sleep moves time on and records the sleep. */
export function fakeClock(start = Date.parse('2026-11-20T10:00:00Z')) {
  let now = start;
  const sleeps: number[] = [];
  const clock: Clock = {
    now: () => new Date(now),
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
  };
  return { clock, sleeps, advance: (ms: number) => (now += ms) };
}

export function episode(n: number, over: Partial<EpisodeFacts> = {}): EpisodeFacts {
  return {
    episodeId: `ep-${n}`,
    publishedMs: Date.parse(`2026-0${(n % 9) + 1}-10T00:00:00Z`),
    durationSeconds: 600,
    topicIds: ['topic:a', n % 2 === 0 ? 'topic:b' : 'topic:c'],
    topicLabels: {
      'topic:a': 'sleep and insomnia',
      'topic:b': 'bedtime napping',
      'topic:c': 'flood culverts',
    },
    people: [
      { id: 'person:host', name: 'Host' },
      { id: `person:guest-${n % 3}`, name: `Guest ${n % 3}` },
    ],
    insights: [
      {
        id: `insight:${n}-1`,
        text: 'This is a great and effective idea.',
        grounded: true,
        position: 0.1,
        speakers: [{ id: 'person:host', name: 'Host' }],
      },
      {
        id: `insight:${n}-2`,
        text: 'The flooding is not good at all.',
        grounded: n % 2 === 0,
        position: 0.9,
        speakers: [{ id: `person:guest-${n % 3}`, name: `Guest ${n % 3}` }],
      },
    ],
    metadataRelpath: `feeds/f/metadata/ep-${n}.metadata.json`,
    stem: `ep-${n}`,
    ...over,
  };
}
