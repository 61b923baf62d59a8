import { mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copySampleCorpus, type SampleCorpusCopy } from '@podcast/testing';
import request from 'supertest';
import { buildTestApp, servedSnapshot, type TestApp } from './support/build-test-app.js';

/*
 * A corpus whose metadata names a transcript inside a hidden folder, or
 * whose segments file is a symlink into one: the overlay's transcript files
 * never serve it. Dot-folders hold rolled-back episodes and per-user data,
 * never corpus content (CONVENTIONS.md, "discovery skips dot-directories").
 */

const RUN = 'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546';
const MOVED = '0001 - The Hidden Cost of Insomnia Tr_fb801546';
const LINKED = '0002 - Listener Questions on Adolesce_fb801546';

let copy: SampleCorpusCopy;
let t: TestApp;
const slugs = { moved: '', linked: '' };

/** Points the episode's metadata at a transcript moved into `.trash/`. */
function moveTranscriptIntoTrash(run: string) {
  const trash = path.join(copy.corpusDir, '.trash', 'rolled-back');
  mkdirSync(trash, { recursive: true });
  for (const suffix of ['.txt', '.segments.json']) {
    renameSync(
      path.join(run, 'transcripts', `${MOVED}${suffix}`),
      path.join(trash, `${MOVED}${suffix}`),
    );
  }
  const metadataFile = path.join(run, 'metadata', `${MOVED}.metadata.json`);
  const metadata = JSON.parse(readFileSync(metadataFile, 'utf8'));
  metadata.content.transcript_file_path = `../../../.trash/rolled-back/${MOVED}.txt`;
  writeFileSync(metadataFile, JSON.stringify(metadata));
}

/** Replaces the episode's segments file with a symlink to its copy in `.hidden/`. */
function linkSegmentsIntoHidden(run: string) {
  const hidden = path.join(copy.corpusDir, '.hidden');
  mkdirSync(hidden, { recursive: true });
  const segments = path.join(run, 'transcripts', `${LINKED}.segments.json`);
  renameSync(segments, path.join(hidden, `${LINKED}.segments.json`));
  symlinkSync(path.join(hidden, `${LINKED}.segments.json`), segments);
}

beforeAll(async () => {
  copy = copySampleCorpus('consumer-feeds-hidden-files');
  const run = path.join(copy.corpusDir, RUN);
  moveTranscriptIntoTrash(run);
  linkSegmentsIntoHidden(run);
  t = await buildTestApp({ env: { CORPUS_DIR: copy.corpusDir } });
  const snapshot = await servedSnapshot(t);
  const slugOf = (prefix: string) =>
    snapshot.episodes.find((e) => e.transcript_relpath?.includes(prefix))?.slug ?? '';
  slugs.moved = slugOf(MOVED);
  slugs.linked = slugOf(LINKED);
}, 60_000);

afterAll(async () => {
  await t.close();
  copy.remove();
});

describe('transcript files of a corpus that points into hidden folders', () => {
  it('finds both episodes, the moved one with its transcript in .trash/', async () => {
    const snapshot = await servedSnapshot(t);
    const moved = snapshot.findEpisodeBySlug(slugs.moved);
    expect(moved?.transcript_relpath).toBe(`.trash/rolled-back/${MOVED}.txt`);
    expect(slugs.linked).not.toBe('');
  });

  it.each(['transcript.vtt', 'transcript.srt', 'transcript.json'])(
    '%s answers 404 rather than a transcript from a hidden folder',
    async (file) => {
      for (const slug of [slugs.moved, slugs.linked]) {
        const res = await request(t.app).get(`/api/app/episodes/${slug}/${file}`);
        expect(res.status).toBe(404);
        expect(res.body.detail).toContain('no segments file');
      }
    },
  );
});
