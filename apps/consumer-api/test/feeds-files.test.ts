import { describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '@podcast/corpus';
import { readSegments } from '@podcast/corpus';
import request from 'supertest';
import { useSampleApp } from './support/build-test-app.js';
import { namespaceShapes, parseWebVtt } from './support/overlay-feeds.js';

const sample = useSampleApp();

const get = (path: string) => request(sample.testApp.app).get(path).set('host', 'feeds.test');

const FILES = [
  ['transcript.vtt', 'text/vtt; charset=utf-8'],
  ['transcript.srt', 'application/x-subrip; charset=utf-8'],
  ['transcript.json', 'application/json; charset=utf-8'],
  ['chapters.json', 'application/json+chapters; charset=utf-8'],
] as const;

/** Episodes whose transcript has a raw segments file: the ones with transcript files. */
async function transcribed(): Promise<EpisodeRecord[]> {
  const found: EpisodeRecord[] = [];
  for (const episode of sample.snapshot.episodes) {
    if ((await readSegments(sample.snapshot, episode, undefined, ['raw'])) !== undefined) {
      found.push(episode);
    }
  }
  return found;
}

describe('the files of an overlay feed', () => {
  it.each(FILES)('%s has its content type, open CORS and validators', async (file, type) => {
    const [episode] = await transcribed();
    const res = await get(`/api/app/episodes/${episode?.slug}/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe(type);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers.etag).toMatch(/^".+"$/);
    // When this process first saw the corpus as it is: the index's version, or the snapshot's load.
    const modified = Date.parse(res.headers['last-modified'] as string);
    expect(modified).toBeGreaterThan(Date.now() - 3_600_000);
    expect(modified).toBeLessThanOrEqual(Date.now());
    const again = await get(`/api/app/episodes/${episode?.slug}/${file}`).set(
      'if-none-match',
      res.headers.etag as string,
    );
    expect(again.status).toBe(304);
  });

  it.each(FILES)('%s answers 404 for an unknown slug', async (file, _type) => {
    const res = await get(`/api/app/episodes/feed-0000000000/${file}`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('feed-0000000000');
  });

  it.each(FILES.slice(0, 3))(
    '%s answers 404 for an episode without a transcript, or without a segments file',
    async (file, _type) => {
      const untranscribed = sample.snapshot.episodes.find((episode) => !episode.has_transcript);
      const segmentless = sample.snapshot.episodes.find(
        (episode) => episode.has_transcript && episode.title.startsWith('What Battery Recycling'),
      );
      for (const episode of [untranscribed, segmentless]) {
        const res = await get(`/api/app/episodes/${episode?.slug}/${file}`);
        expect(res.status).toBe(404);
        expect(res.body.detail).toMatch(/no transcript|no segments file/);
      }
    },
  );

  it('serves every WebVTT so the W3C parser reads it without an error, speakers named', async () => {
    const episodes = await transcribed();
    let voices = 0;
    for (const episode of episodes) {
      const vtt = (await get(`/api/app/episodes/${episode.slug}/transcript.vtt`)).text;
      const parsed = parseWebVtt(vtt);
      expect(parsed.errors).toEqual([]);
      const segments = await readSegments(sample.snapshot, episode, undefined, ['raw']);
      expect(parsed.cues).toHaveLength(segments?.segments.length ?? -1);
      voices += parsed.cues.filter((cue) => cue.tree.children[0]?.name === 'v').length;
    }
    expect(episodes.length).toBeGreaterThan(15);
    expect(voices).toBeGreaterThan(1000);
  });

  it('names the same speakers in the three formats, on the origin audio timeline', async () => {
    const episode = (await transcribed()).find(
      (e) => e.title === 'The Hidden Cost of Insomnia Treatment',
    );
    const base = `/api/app/episodes/${episode?.slug}`;
    const json = (await get(`${base}/transcript.json`)).body;
    const srt = (await get(`${base}/transcript.srt`)).text;
    const vtt = parseWebVtt((await get(`${base}/transcript.vtt`)).text);
    const raw = await readSegments(sample.snapshot, episode as EpisodeRecord, undefined, ['raw']);
    expect(json.segments.map((s: { startTime: number }) => s.startTime)).toEqual(
      raw?.segments.map((segment) => segment.start),
    );
    const speakers = new Set(json.segments.map((s: { speaker?: string }) => s.speaker));
    expect(speakers).toEqual(new Set(['Anton Fontaine', 'Lucas Vargas']));
    expect(vtt.cues[0]?.tree.children[0]).toMatchObject({ name: 'v', value: 'Anton Fontaine' });
    expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> .+\nAnton Fontaine: /);
    expect(srt).toContain('Lucas Vargas: ');
  });

  it('serves every transcript.json and chapters.json in the namespace published shape', async () => {
    let chapters = 0;
    for (const episode of await transcribed()) {
      const base = `/api/app/episodes/${episode.slug}`;
      const transcript = (await get(`${base}/transcript.json`)).body;
      expect(namespaceShapes.transcript(transcript) || namespaceShapes.transcript.errors).toBe(
        true,
      );
      expect(transcript.generated).toBe(true);
      const res = await get(`${base}/chapters.json`);
      if (res.status === 200) {
        const file = JSON.parse(res.text);
        expect(namespaceShapes.chapters(file) || namespaceShapes.chapters.errors).toBe(true);
        expect(file).toMatchObject({ version: '1.2.0', generated: true, title: episode.title });
        expect(file.chapters[0].startTime).toBe(0);
        chapters++;
      }
    }
    expect(chapters).toBeGreaterThan(10);
  });

  it('answers 404 for the chapters of an episode without a timed insight', async () => {
    const withoutGi = sample.snapshot.episodes.find((episode) => !episode.has_gi);
    const res = await get(`/api/app/episodes/${withoutGi?.slug}/chapters.json`);
    expect(res.status).toBe(404);
    expect(res.body.detail).toContain('no timed insight');
  });
});
