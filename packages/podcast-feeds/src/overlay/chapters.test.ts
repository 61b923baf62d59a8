import { describe, expect, it } from '@jest/globals';
import { PodcastChapter } from '@podcast/contracts';
import { CHAPTER_RULES, chooseChapters } from './chapters.js';
import type { TimedInsight } from './timed-insight.js';

/** An insight whose first quote starts at `at` seconds. */
function insight(at: number, topic?: string, text = `insight at ${at}`): TimedInsight {
  return {
    id: `i${at}`,
    text,
    grounded: true,
    topics: topic === undefined ? [] : [topic],
    quotes: [{ start: at, end: at + 5 }],
  };
}

describe('chooseChapters', () => {
  it('starts at 0, turns where the topic changes, and titles each by its strongest topic', () => {
    const chapters = chooseChapters({
      durationS: 900,
      segmentStarts: [],
      insights: [
        insight(400, 'napping'),
        insight(100, 'sleep debt'),
        insight(500, 'napping'),
        insight(30, 'sleep debt'),
      ],
    });
    expect(chapters).toEqual([
      { startTime: 0, title: 'Sleep debt' },
      { startTime: 400, title: 'Napping' },
    ]);
  });

  it('moves a turn back to the start of the segment its quote falls in', () => {
    const chapters = chooseChapters({
      durationS: 600,
      segmentStarts: [0, 90, 118.5, 130],
      insights: [insight(10, 'a'), insight(120, 'b')],
    });
    expect(chapters?.map((chapter) => chapter.startTime)).toEqual([0, 118.5]);
  });

  it.each([
    ['under a minute from the start', 30],
    ['under a minute before the end', 560],
  ])('never makes a chapter %s', (_case, at) => {
    const chapters = chooseChapters({
      durationS: 600,
      segmentStarts: [],
      insights: [insight(300, 'a'), insight(at, 'b')],
    });
    expect(chapters?.map((chapter) => chapter.startTime)).toEqual([0, 300]);
  });

  it('keeps to about 20 an hour and a minute apart, the strongest turns first', () => {
    // A topic turn every 30 s for two hours, strongest last.
    const insights = Array.from({ length: 240 }, (_, i) => insight(7200 - 30 * (i + 1), `t${i}`));
    const chapters = chooseChapters({ durationS: 7200, segmentStarts: [], insights }) ?? [];
    expect(chapters.length).toBeLessThanOrEqual((7200 / 3600) * CHAPTER_RULES.perHour);
    const gaps = chapters
      .slice(1)
      .map((chapter, i) => chapter.startTime - (chapters[i]?.startTime ?? 0));
    expect(Math.min(...gaps, 7200 - (chapters.at(-1)?.startTime ?? 0))).toBeGreaterThanOrEqual(60);
    expect(chapters.every((chapter) => PodcastChapter.safeParse(chapter).success)).toBe(true);
  });

  it('gives a short episode one chapter, and two neighbours with one title one chapter', () => {
    expect(
      chooseChapters({
        durationS: 150,
        segmentStarts: [],
        insights: [insight(70, 'a'), insight(10, 'b')],
      }),
    ).toHaveLength(1);
    const merged = chooseChapters({
      durationS: 900,
      segmentStarts: [],
      insights: [insight(100, 'Napping'), insight(200, 'sleep'), insight(300, 'napping')],
    });
    expect(merged?.map((chapter) => chapter.title)).toEqual([
      'Introduction',
      'Napping',
      'Sleep',
      'Napping',
    ]);
  });

  it('titles a stretch without a topic by its insight, and an opening without one Introduction', () => {
    const long =
      'A claim that goes on and on about the many reasons why sleep matters to everyone who listens to it every night';
    const chapters = chooseChapters({
      durationS: 900,
      segmentStarts: [],
      insights: [insight(200, undefined, long), insight(400, 'napping')],
    });
    expect(chapters?.map((chapter) => chapter.title)).toEqual([
      'Introduction',
      'A claim that goes on and on about the many reasons why sleep matters to everyone who listens to it…',
      'Napping',
    ]);
  });

  it('has nothing to give without a timed insight', () => {
    const untimed = { ...insight(10, 'a'), quotes: [] };
    expect(
      chooseChapters({ durationS: 600, segmentStarts: [0], insights: [untimed] }),
    ).toBeUndefined();
  });
});
