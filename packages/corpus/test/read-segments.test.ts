import { rename, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import { createCorpusCaches } from '../src/caches/corpus-caches.js';
import { readSegments } from '../src/caches/segment-reads.js';
import { makeTempDir, setMtime, writeJson, writeText } from './corpus-fixture.js';

const caches = createCorpusCaches();

const RAW = [
  { id: 0, start: 0, end: 4, text: 'Ad read', speaker_label: 'Host' },
  { id: 1, start: 4, end: 9, text: 'Welcome' },
];
const ADFREE = [{ id: 0, start: 0, end: 5, text: 'Welcome', char_start: 0, char_end: 7 }];

async function corpusWith(files: Record<string, unknown>): Promise<string> {
  const root = await makeTempDir('segments-');
  for (const [relpath, value] of Object.entries(files)) {
    await (typeof value === 'string'
      ? writeText(root, relpath, value)
      : writeJson(root, relpath, value));
  }
  return root;
}

const episode = { transcript_relpath: 'run/transcripts/ep.txt' };

describe('readSegments', () => {
  it('prefers the ad-free segments', async () => {
    const root = await corpusWith({
      'run/transcripts/ep.segments.json': RAW,
      'run/transcripts/ep.adfree.segments.json': ADFREE,
    });
    const result = await readSegments({ root, caches }, episode);
    expect(result).toMatchObject({
      variant: 'adfree',
      relpath: 'run/transcripts/ep.adfree.segments.json',
    });
    expect(result?.segments).toEqual([{ id: 'seg_0000', start: 0, end: 5, text: 'Welcome' }]);
  });

  it('falls back to the raw segments', async () => {
    const root = await corpusWith({ 'run/transcripts/ep.segments.json': RAW });
    const result = await readSegments({ root, caches }, episode);
    expect(result?.variant).toBe('raw');
    expect(result?.segments[0]).toEqual({
      id: 'seg_0000',
      start: 0,
      end: 4,
      text: 'Ad read',
      speaker: 'Host',
    });
  });

  it('reads only the raw segments when asked for the original timeline', async () => {
    const both = await corpusWith({
      'run/transcripts/ep.segments.json': RAW,
      'run/transcripts/ep.adfree.segments.json': ADFREE,
    });
    expect((await readSegments({ root: both, caches }, episode, undefined, ['raw']))?.variant).toBe(
      'raw',
    );
    const adfreeOnly = await corpusWith({ 'run/transcripts/ep.adfree.segments.json': ADFREE });
    await expect(
      readSegments({ root: adfreeOnly, caches }, episode, undefined, ['raw']),
    ).resolves.toBeUndefined();
  });

  it('falls back to the raw segments when the ad-free file is corrupt, with a warning', async () => {
    const root = await corpusWith({
      'run/transcripts/ep.segments.json': RAW,
      'run/transcripts/ep.adfree.segments.json': '[{"start": ',
    });
    const { logger, lines } = memoryLogger();
    expect((await readSegments({ root, caches }, episode, logger))?.variant).toBe('raw');
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
  });

  it('is undefined when no segments file exists or no transcript is named', async () => {
    const root = await corpusWith({ 'run/transcripts/ep.txt': 'Host: hi' });
    await expect(readSegments({ root, caches }, episode)).resolves.toBeUndefined();
    await expect(
      readSegments({ root, caches }, { transcript_relpath: null }),
    ).resolves.toBeUndefined();
  });

  it('treats a segments symlink leading out of the corpus as missing', async () => {
    const root = await corpusWith({ 'run/transcripts/ep.txt': 'x' });
    const outside = await corpusWith({ 'ep.segments.json': RAW });
    await symlink(
      path.join(outside, 'ep.segments.json'),
      path.join(root, 'run/transcripts/ep.segments.json'),
    );
    await expect(readSegments({ root, caches }, episode)).resolves.toBeUndefined();
  });

  it('parses an unchanged file once and sees a rewritten one on the next read', async () => {
    const relpath = 'run/transcripts/ep.segments.json';
    const root = await corpusWith({ [relpath]: RAW });
    await setMtime(root, relpath, 1_000);
    const first = await readSegments({ root, caches }, episode);
    const second = await readSegments({ root, caches }, episode);
    expect(second?.segments).toBe(first?.segments);

    await writeJson(root, relpath, [{ start: 0, end: 2, text: 'Rewritten' }]);
    await setMtime(root, relpath, 2_000);
    const third = await readSegments({ root, caches }, episode);
    expect(third?.segments).toEqual([{ id: 'seg_0000', start: 0, end: 2, text: 'Rewritten' }]);
  });

  it('refuses a once-read file replaced by a symlink out of the corpus, though the target is identical', async () => {
    const relpath = 'run/transcripts/ep.segments.json';
    const root = await corpusWith({ [relpath]: RAW });
    await setMtime(root, relpath, 1_000);
    expect((await readSegments({ root, caches }, episode))?.variant).toBe('raw');

    const outside = await makeTempDir('segments-outside-');
    await rename(path.join(root, relpath), path.join(outside, 'ep.segments.json'));
    await symlink(path.join(outside, 'ep.segments.json'), path.join(root, relpath));
    await expect(readSegments({ root, caches }, episode)).resolves.toBeUndefined();
  });
});
