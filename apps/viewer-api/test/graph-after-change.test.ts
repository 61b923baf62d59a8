import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { copySampleCorpus } from './support/sample-corpus-copy.js';

const RUN = 'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata';
const TOPIC = encodeURIComponent('topic:adolescent-sleep');
const PERSON = encodeURIComponent('person:tomasz-haugen');

/** Graph routes that read the graph index the viewer keeps, and patches after a change. */
const URLS = [
  '/api/topics/perspective-leaders?limit=5',
  `/api/topics/${TOPIC}/persons`,
  `/api/topics/${TOPIC}/timeline?insight_types=all`,
  `/api/topics/${TOPIC}/perspectives`,
  `/api/persons/${PERSON}/topics`,
  `/api/persons/${PERSON}/positions?topic=${TOPIC}&insight_types=all`,
  `/api/relational/who-said?topic=${TOPIC}`,
  `/api/relational/cross-show?topic=${TOPIC}`,
];

async function answers(viewer: ViewerTestApp) {
  const bodies: Record<string, unknown> = {};
  for (const url of URLS) {
    const res = await request(viewer.app).get(url);
    expect({ url, status: res.status }).toEqual({ url, status: 200 });
    bodies[url] = res.body;
  }
  return bodies;
}

async function rewriteJson<T>(file: string, change: (doc: T) => void) {
  const doc = JSON.parse(await readFile(file, 'utf8')) as T;
  change(doc);
  await writeFile(file, JSON.stringify(doc));
}

describe('the graph routes after a change to a few episodes', () => {
  let copy: Awaited<ReturnType<typeof copySampleCorpus>>;
  const viewers: ViewerTestApp[] = [];
  const viewer = () => {
    const made = buildViewerTestApp({ corpusDir: copy.root, env: { CORPUS_CACHE_DIR: 'off' } });
    viewers.push(made);
    return made;
  };
  beforeAll(async () => {
    copy = await copySampleCorpus();
  });
  afterAll(async () => {
    for (const made of viewers) await made.close();
    await copy.remove();
  });

  it('answer as a viewer started over the changed files does', async () => {
    const kept = viewer();
    const before = await answers(kept);
    const file = (name: string) => path.join(copy.root, RUN, name);
    // A retitle (a new record), a rewritten insight (a new GI for the same record),
    // and an episode that loses its bridge (it leaves the graph).
    await rewriteJson<{ episode: { title: string } }>(
      file('0003 - Sleep Apnea and Adolescent Sle_fb801546.metadata.json'),
      (doc) => {
        doc.episode.title = 'Sleep apnea, retitled';
      },
    );
    type Gi = { nodes: Array<{ type: string; properties: { text?: string } }> };
    await rewriteJson<Gi>(file('0004 - Shift Work, Explained_fb801546.gi.json'), (doc) => {
      const insight = doc.nodes.find((node) => node.type === 'Insight') as Gi['nodes'][number];
      insight.properties.text = 'Shift work, said again in other words.';
    });
    await rm(file('0002 - Listener Questions on Adolesce_fb801546.bridge.json'));
    await kept.refresh(copy.root);
    const after = await answers(kept);
    expect(after).not.toEqual(before);
    expect(JSON.stringify(after)).toContain('Shift work, said again in other words.');
    expect(after).toEqual(await answers(viewer()));
  });
});
