import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type CorpusRegistry, type CorpusSnapshot, createCorpusRegistry } from '@podcast/corpus';
import { SAMPLE_CORPUS_DIR } from '@podcast/testing';
import { pino } from 'pino';
import { episodeChapters, episodeOverlay } from '../src/index.js';

/*
 * The chapters, soundbites and persons made for every episode of
 * corpus/sample: recorded answers, reviewed once for sense and kept
 * (readable, sorted JSON). Any change to the rules or the sample shows up
 * here as a diff to review. RECORD_FEED_OVERLAYS=1 writes the file anew.
 */
const RECORDING = path.join(import.meta.dirname, 'recorded', 'sample-overlays.json');

async function overlaysOf(snapshot: CorpusSnapshot) {
  const episodes = [...snapshot.episodes].sort((a, b) => (a.slug < b.slug ? -1 : 1));
  const entries = [];
  for (const episode of episodes) {
    const overlay = episodeOverlay(snapshot, episode);
    entries.push({
      slug: episode.slug,
      show: episode.podcast_title,
      title: episode.title,
      duration_seconds: episode.duration_seconds,
      chapters: (await episodeChapters(snapshot, episode))?.chapters ?? null,
      soundbites: overlay.soundbites,
      persons: overlay.persons,
    });
  }
  return entries;
}

describe('the overlays of corpus/sample', () => {
  let registry: CorpusRegistry;
  let made: Awaited<ReturnType<typeof overlaysOf>>;

  beforeAll(async () => {
    registry = createCorpusRegistry({ logger: pino({ level: 'silent' }), watch: false });
    made = await overlaysOf(await registry.get(SAMPLE_CORPUS_DIR));
    if (process.env.RECORD_FEED_OVERLAYS === '1') {
      writeFileSync(RECORDING, `${JSON.stringify(made, null, 2)}\n`);
    }
  });
  afterAll(() => registry.close());

  it('are the recorded answers', () => {
    expect(existsSync(RECORDING)).toBe(true);
    expect(made).toEqual(JSON.parse(readFileSync(RECORDING, 'utf8')));
  });

  it('keep the rules on every episode', () => {
    for (const entry of made) {
      const length = entry.duration_seconds ?? Number.POSITIVE_INFINITY;
      const starts = (entry.chapters ?? []).map((chapter) => chapter.startTime);
      const ends = [...starts.slice(1), length];
      expect(starts[0] ?? 0).toBe(0);
      expect(starts.every((start, i) => (ends[i] as number) - start >= 60)).toBe(true);
      expect(starts.length).toBeLessThanOrEqual(Math.max(1, (length * 20) / 3600));
      expect(entry.soundbites.length).toBeLessThanOrEqual(3);
      for (const bite of entry.soundbites) {
        expect(bite.duration).toBeGreaterThanOrEqual(15);
        expect(bite.duration).toBeLessThanOrEqual(120);
        expect(bite.startTime + bite.duration).toBeLessThanOrEqual(length);
      }
    }
  });
});
