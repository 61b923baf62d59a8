import { describe, expect, it } from '@jest/globals';
import { chooseSoundbites, SOUNDBITE_RULES } from './soundbites.js';
import type { TimedInsight, TimeRange } from './timed-insight.js';

function insight(text: string, quotes: TimeRange[], grounded = true): TimedInsight {
  return { id: text, text, grounded, topics: [], quotes };
}

describe('chooseSoundbites', () => {
  it('takes the three strongest grounded insights, titled by the insight, strongest first', () => {
    const bites = chooseSoundbites(
      [
        insight('ungrounded', [{ start: 10, end: 20 }], false),
        insight('first', [{ start: 100, end: 130 }]),
        insight('untimed', []),
        insight('second', [{ start: 200, end: 230 }]),
        insight('third', [{ start: 300, end: 330 }]),
        insight('fourth', [{ start: 400, end: 430 }]),
      ],
      600,
    );
    expect(bites.map((bite) => bite.title)).toEqual(['first', 'second', 'third']);
    expect(bites[0]).toEqual({ startTime: 100, duration: 30, title: 'first' });
  });

  it.each([
    [
      'stretches a short quote to 15 s',
      [{ start: 50, end: 54.5 }],
      600,
      { startTime: 50, duration: 15 },
    ],
    [
      'spans the quotes that fit in 120 s from the first',
      [
        { start: 50, end: 60 },
        { start: 100, end: 110 },
        { start: 200, end: 210 },
      ],
      600,
      { startTime: 50, duration: 60 },
    ],
    [
      'cuts a long quote at 120 s',
      [{ start: 10, end: 400 }],
      600,
      { startTime: 10, duration: 120 },
    ],
    [
      'moves back one that would run past the end',
      [{ start: 595, end: 598 }],
      600,
      { startTime: 585, duration: 15 },
    ],
  ])('%s', (_case, quotes, duration, expected) => {
    expect(chooseSoundbites([insight('x', quotes)], duration)[0]).toMatchObject(expected);
  });

  it('skips one that overlaps a stronger one, and all in an episode under 15 s', () => {
    const overlapping = [
      insight('a', [{ start: 100, end: 105 }]),
      insight('b', [{ start: 110, end: 112 }]),
    ];
    expect(chooseSoundbites(overlapping, 600).map((bite) => bite.title)).toEqual(['a']);
    expect(chooseSoundbites([insight('a', [{ start: 1, end: 2 }])], 12)).toEqual([]);
  });

  it('keeps every soundbite within the namespace range and titles under 128 characters', () => {
    const long = insight('word '.repeat(60), [{ start: 1, end: 1.5 }]);
    const [bite] = chooseSoundbites([long], null);
    expect(bite?.duration).toBeGreaterThanOrEqual(SOUNDBITE_RULES.minSeconds);
    expect(bite?.duration).toBeLessThanOrEqual(SOUNDBITE_RULES.maxSeconds);
    expect(bite?.title.length).toBeLessThanOrEqual(128);
    expect(bite?.title.endsWith('…')).toBe(true);
  });
});
