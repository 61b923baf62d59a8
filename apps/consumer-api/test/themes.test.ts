import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StorylineList, ThemeList } from '@podcast/contracts';
import { copySampleCorpus, SAMPLE_CORPUS_DIR, type SampleCorpusCopy } from '@podcast/testing';
import request from 'supertest';
import { buildProductionTestApp, buildTestApp, type TestApp } from './support/build-test-app.js';

// The app reads a copy of the sample so tests can remove or break its side files.
let copy: SampleCorpusCopy;
let corpusDir: string;
const CLUSTERS = 'search/topic_clusters.json';
const THEMES = 'enrichments/topic_theme_clusters.json';
let dev: TestApp;
let prod: TestApp;

beforeAll(async () => {
  copy = copySampleCorpus('consumer-themes');
  corpusDir = copy.corpusDir;
  dev = await buildTestApp({ env: { CORPUS_DIR: corpusDir } });
  prod = await buildProductionTestApp('a-session-secret-for-themes-tests-0000', {
    env: { CORPUS_DIR: corpusDir },
  });
}, 30_000);

afterAll(async () => {
  await Promise.all([dev?.close(), prod?.close()]);
  copy?.remove();
});

const get = (path: string, query: Record<string, string | number> = {}) =>
  request(dev.app).get(path).query(query);

function sampleJson(relpath: string) {
  return JSON.parse(readFileSync(join(SAMPLE_CORPUS_DIR, relpath), 'utf8'));
}

/** Replaces a side file of the app's corpus; remove + write so its stat always changes. */
function replaceFile(relpath: string, content: string | undefined) {
  rmSync(join(corpusDir, relpath), { force: true });
  if (content !== undefined) {
    writeFileSync(join(corpusDir, relpath), content);
  }
}

function restoreFiles() {
  replaceFile(CLUSTERS, readFileSync(join(SAMPLE_CORPUS_DIR, CLUSTERS), 'utf8'));
  replaceFile(THEMES, readFileSync(join(SAMPLE_CORPUS_DIR, THEMES), 'utf8'));
}

/**
 * GET `path` while the side file `relpath` holds `content` (absent when
 * undefined), files restored before asserting: a 200 with an empty list.
 */
async function expectEmptyListWhileFileHolds(
  path: string,
  relpath: string,
  content: string | undefined,
) {
  replaceFile(relpath, content);
  const res = await get(path);
  restoreFiles();
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ items: [] });
}

/** A bad `limit` on `path` is a 400 naming query.limit. */
async function expectLimitRefused(path: string, limit: string) {
  const res = await get(path, { limit });
  expect(res.status).toBe(400);
  expect(res.body.errors[0].field).toBe('query.limit');
}

const isDescending = (sizes: number[]) =>
  sizes.every((size, i) => i === 0 || sizes[i - 1]! >= size);

describe('GET /api/app/themes', () => {
  beforeAll(restoreFiles);

  it('lists the semantic clusters largest first, twelve by default', async () => {
    const res = await get('/api/app/themes');
    expect(res.status).toBe(200);
    const { items } = ThemeList.parse(res.body);
    const clusters: {
      graph_compound_parent_id: string;
      canonical_label: string;
      member_count: number;
    }[] = sampleJson(CLUSTERS).clusters;
    expect(clusters.length).toBeGreaterThan(12);
    expect(items).toHaveLength(12);
    expect(isDescending(items.map((theme) => theme.size))).toBe(true);
    for (const theme of items) {
      const cluster = clusters.find((c) => c.graph_compound_parent_id === theme.id);
      expect([theme.label, theme.size]).toEqual([cluster?.canonical_label, cluster?.member_count]);
    }
    const largest = Math.max(...clusters.map((c) => c.member_count));
    expect(items[0]?.size).toBe(largest);
  });

  it('keeps `limit` themes', async () => {
    const { items } = ThemeList.parse((await get('/api/app/themes', { limit: 3 })).body);
    expect(items).toHaveLength(3);
    const all = ThemeList.parse((await get('/api/app/themes', { limit: 50 })).body).items;
    expect(all).toHaveLength(sampleJson(CLUSTERS).clusters.length);
    expect(items).toEqual(all.slice(0, 3));
  });

  it.each([
    ['missing', undefined],
    ['not JSON', '{"clusters": ['],
    ['without a clusters list', '{"schema_version": "2", "clusters": 3}'],
  ])('answers 200 with an empty list when the cluster file is %s', async (_why, content) => {
    await expectEmptyListWhileFileHolds('/api/app/themes', CLUSTERS, content);
  });

  it.each(['0', '51', 'twelve'])('answers 400 naming query.limit for %s', async (limit) => {
    await expectLimitRefused('/api/app/themes', limit);
  });

  it('needs a session in production', async () => {
    expect((await request(prod.app).get('/api/app/themes')).status).toBe(401);
  });
});

describe('GET /api/app/storylines', () => {
  beforeAll(restoreFiles);

  it('lists only storylines of at least four topics, largest first, with their anchors', async () => {
    const res = await get('/api/app/storylines', { limit: 50 });
    expect(res.status).toBe(200);
    const { items } = StorylineList.parse(res.body);
    const clusters: {
      graph_compound_parent_id: string;
      members: { topic_id: string; lift_to_cluster: number }[];
    }[] = sampleJson(THEMES).data.clusters;
    const big = clusters.filter((c) => c.members.length >= 4);
    expect(big.length).toBeLessThan(clusters.length);
    expect(items.map((s) => s.id).sort()).toEqual(
      big.map((c) => c.graph_compound_parent_id).sort(),
    );
    expect(isDescending(items.map((s) => s.size))).toBe(true);
    for (const storyline of items) {
      const members = big.find((c) => c.graph_compound_parent_id === storyline.id)?.members ?? [];
      const top = Math.max(...members.map((m) => m.lift_to_cluster));
      const anchor = members
        .filter((m) => m.lift_to_cluster === top)
        .map((m) => m.topic_id)
        .sort()[0];
      expect(storyline.anchor_topic_id).toBe(anchor);
    }
  });

  it('keeps `limit` storylines', async () => {
    const { items } = StorylineList.parse((await get('/api/app/storylines', { limit: 2 })).body);
    expect(items).toHaveLength(2);
  });

  it.each([
    ['missing', undefined],
    ['not JSON', 'nope'],
    [
      'a failed enrichment',
      JSON.stringify({ ...sampleJson(THEMES), status: 'failed', data: null }),
    ],
  ])(
    'answers 200 with an empty list, never 404, when the storyline file is %s',
    async (_why, content) => {
      await expectEmptyListWhileFileHolds('/api/app/storylines', THEMES, content);
    },
  );

  it.each(['0', '51', '-3'])('answers 400 naming query.limit for %s', async (limit) => {
    await expectLimitRefused('/api/app/storylines', limit);
  });

  it('needs a session in production', async () => {
    expect((await request(prod.app).get('/api/app/storylines')).status).toBe(401);
  });
});
