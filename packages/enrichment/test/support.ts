import type { EpisodeFacts } from '../src/facts.js';
import type { Clock } from '../src/run/attempts.js';

/**
 * A clock that never waits: sleep moves time on and records the sleep;
 * timers fire when a sleep or `advance` moves time past them.
 */
export function fakeClock(start = Date.parse('2026-11-20T10:00:00Z')) {
  let now = start;
  const sleeps: number[] = [];
  const timers = new Set<{ at: number; fire: () => void }>();
  const advance = (ms: number) => {
    now += ms;
    for (const timer of [...timers].filter((t) => t.at <= now)) {
      timers.delete(timer);
      timer.fire();
    }
    return now;
  };
  const clock: Clock = {
    now: () => new Date(now),
    sleep: async (ms) => {
      sleeps.push(ms);
      advance(ms);
    },
    timer: (ms, fire) => {
      const timer = { at: now + ms, fire };
      timers.add(timer);
      return () => timers.delete(timer);
    },
  };
  return { clock, sleeps, advance };
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
