import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { StorylineList, TopicClustersArtifact } from '@podcast/contracts';
import { copySampleCorpusTo, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

// Copies of the sample with one side file missing, corrupt or leading out of the root.
const scratch = createScratch('viewer-graph').dir;
const bare = join(scratch, 'bare');
const corrupt = join(scratch, 'corrupt');
const listless = join(scratch, 'listless');
const leaky = join(scratch, 'leaky');
const failed = join(scratch, 'failed');
const outside = join(scratch, 'outside');
const viewer = buildViewerTestApp({
  roots: [bare, corrupt, listless, leaky, failed],
  now: () => new Date('2026-11-15T10:00:00Z'),
});
const CLUSTERS = 'search/topic_clusters.json';
const THEMES = 'enrichments/topic_theme_clusters.json';

function copyWith(dir: string, edit: () => void) {
  copySampleCorpusTo(dir);
  edit();
}

beforeAll(() => {
  mkdirSync(outside);
  writeFileSync(join(outside, 'clusters.json'), readFileSync(join(SAMPLE_CORPUS_DIR, CLUSTERS)));
  copyWith(bare, () => {
    rmSync(join(bare, CLUSTERS));
    rmSync(join(bare, THEMES));
  });
  copyWith(corrupt, () => {
    writeFileSync(join(corrupt, CLUSTERS), '{"clusters": [');
    writeFileSync(join(corrupt, THEMES), 'not json at all');
  });
  copyWith(listless, () => writeFileSync(join(listless, CLUSTERS), '{"schema_version":"2"}'));
  copyWith(leaky, () => {
    rmSync(join(leaky, CLUSTERS));
    symlinkSync(join(outside, 'clusters.json'), join(leaky, CLUSTERS));
  });
  copyWith(failed, () => {
    const envelope = JSON.parse(readFileSync(join(failed, THEMES), 'utf8'));
    writeFileSync(
      join(failed, THEMES),
      JSON.stringify({ ...envelope, status: 'failed', data: null }),
    );
  });
});

afterAll(() => {
  viewer.close();
  rmSync(scratch, { recursive: true, force: true });
});

const get = (path: string, query: Record<string, string | number> = {}) =>
  request(viewer.app).get(path).query(query);

function sampleJson(relpath: string) {
  return JSON.parse(readFileSync(join(SAMPLE_CORPUS_DIR, relpath), 'utf8'));
}

describe('GET /api/corpus/topic-clusters', () => {
  it('returns the topic-cluster artifact as stored', async () => {
    const res = await get('/api/corpus/topic-clusters');
    expect(res.status).toBe(200);
    TopicClustersArtifact.parse(res.body);
    expect(res.body).toEqual(sampleJson(CLUSTERS));
  });

  it('answers 404 with available false when the corpus has no cluster file', async () => {
    const res = await get('/api/corpus/topic-clusters', { path: bare });
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.available).toBe(false);
    expect(res.body.detail).toContain('topic_clusters.json');
  });

  it('treats a cluster file that is a symlink out of the corpus as missing', async () => {
    const res = await get('/api/corpus/topic-clusters', { path: leaky });
    expect(res.status).toBe(404);
    expect(res.body.available).toBe(false);
  });

  it.each([
    ['truncated JSON', corrupt],
    ['a document without a clusters list', listless],
  ])('answers 422 with available false for %s', async (_why, root) => {
    const res = await get('/api/corpus/topic-clusters', { path: root });
    expect(res.status).toBe(422);
    expect(res.body.available).toBe(false);
  });

  it.each([
    ['a directory outside every root', () => outside],
    ['the filesystem root', () => '/'],
    ['a relative path climbing out', () => '../../../..'],
  ])('refuses %s with 403', async (_label, target) => {
    expect((await get('/api/corpus/topic-clusters', { path: target() })).status).toBe(403);
  });

  it('refuses URL-encoded traversal in path with 403', async () => {
    const res = await request(viewer.app).get('/api/corpus/topic-clusters?path=%2e%2e%2f%2e%2e');
    expect(res.status).toBe(403);
  });
});

/** The storylines of the sample file, computed here from the raw clusters. */
function sampleStorylines() {
  const clusters: {
    graph_compound_parent_id: string;
    members: { topic_id: string; lift_to_cluster: number }[];
  }[] = sampleJson(THEMES).data.clusters;
  return clusters.map((cluster) => {
    const top = Math.max(...cluster.members.map((m) => m.lift_to_cluster));
    const anchors = cluster.members.filter((m) => m.lift_to_cluster === top).map((m) => m.topic_id);
    return {
      id: cluster.graph_compound_parent_id,
      size: cluster.members.length,
      anchor: anchors.sort()[0],
    };
  });
}

describe('GET /api/corpus/storylines', () => {
  it('lists every storyline, unfloored, largest first with its anchor topic', async () => {
    const res = await get('/api/corpus/storylines');
    expect(res.status).toBe(200);
    const { items } = StorylineList.parse(res.body);
    const expected = sampleStorylines();
    expect(items.map((s) => s.id).sort()).toEqual(expected.map((s) => s.id).sort());
    expect(items.some((s) => s.size < 4)).toBe(true);
    expect(items.map((s) => s.size)).toEqual([...items.map((s) => s.size)].sort((a, b) => b - a));
    for (const storyline of items) {
      const raw = expected.find((s) => s.id === storyline.id);
      expect([storyline.size, storyline.anchor_topic_id]).toEqual([raw?.size, raw?.anchor]);
    }
  });

  it('applies a floor only when min_members asks for one', async () => {
    const res = await get('/api/corpus/storylines', { min_members: 4 });
    const { items } = StorylineList.parse(res.body);
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((s) => s.id).sort()).toEqual(
      sampleStorylines()
        .filter((s) => s.size >= 4)
        .map((s) => s.id)
        .sort(),
    );
  });

  it.each([
    ['missing', bare],
    ['unreadable', corrupt],
    ['a failed enrichment', failed],
  ])('answers 200 with an empty list when the storyline file is %s', async (_why, root) => {
    const res = await get('/api/corpus/storylines', { path: root });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [] });
  });

  it.each(['0', '-1', 'four'])('answers 400 naming query.min_members for %s', async (value) => {
    const res = await get('/api/corpus/storylines', { min_members: value });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].field).toBe('query.min_members');
  });

  it('refuses a path outside the roots with 403', async () => {
    expect((await get('/api/corpus/storylines', { path: outside })).status).toBe(403);
  });
});
