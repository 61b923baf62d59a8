import { copyFile, rename, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { AskAnswer } from '@podcast/contracts';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { copySampleCorpus, waitForRebuild } from './support/sample-corpus-copy.js';

/*
 * GET /api/ask checks each quote against the episode's transcript text. A
 * transcript that is a symlink out of the corpus root is not corpus
 * content: ask never reads through it, so no evidence comes from it.
 */

const TOKEN = 'operator-token-for-ask-transcript-links';
const QUESTION = 'How quickly did permeable pavement pay for itself?';

let corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
let viewer: ViewerTestApp;

async function ask(app: ViewerTestApp) {
  return AskAnswer.parse((await request(app.app).get('/api/ask').query({ q: QUESTION })).body);
}

beforeAll(async () => {
  corpus = await copySampleCorpus();
  viewer = buildViewerTestApp({ corpusDir: corpus.root, operatorToken: TOKEN });
}, 60_000);

afterAll(async () => {
  await viewer.close();
  await corpus.remove();
});

it('answers no evidence from a transcript that links out of the corpus root', async () => {
  const started = await request(viewer.app)
    .post('/api/index/rebuild')
    .set('authorization', `Bearer ${TOKEN}`);
  expect(started.status).toBe(202);
  await waitForRebuild(viewer.app, corpus.root);
  const before = await ask(viewer);
  const relpath = before.evidence[0]?.transcript.relpath as string;
  expect(relpath).toMatch(/\.txt$/);
  await viewer.close();

  // The same words, but in a file outside the root that the transcript now links to.
  const inside = path.join(corpus.root, relpath);
  const outside = path.join(path.dirname(corpus.root), 'outside-transcript.txt');
  await copyFile(inside, outside);
  await rename(inside, `${inside}.moved`);
  await symlink(outside, inside);

  viewer = buildViewerTestApp({ corpusDir: corpus.root, operatorToken: TOKEN });
  const after = await ask(viewer);
  expect(after.evidence.map((e) => e.transcript.relpath)).not.toContain(relpath);
}, 180_000);
