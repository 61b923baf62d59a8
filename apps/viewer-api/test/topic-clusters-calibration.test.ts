import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { TopicClustersArtifact, TopicClustersRebuildOutcome } from '@podcast/contracts';
import request from 'supertest';
import { viewerOverSampleCopy, waitForRebuild } from './support/sample-corpus-copy.js';

/*
 * A topic-cluster rebuild must not wipe the themes of a corpus that ships
 * the pipeline's clusters. The sample copy here loses, from its KG files,
 * one topic of every pair whose vectors (the server's default embedding)
 * reach the reference's 0.75, as on the pipeline's app-validation corpus,
 * where that threshold found no cluster in our vectors.
 */

const TOKEN = 'operator-token-for-cluster-calibration';
const AUTH = `Bearer ${TOKEN}`;
const REFERENCE_THRESHOLD = 0.75;

const t = viewerOverSampleCopy(TOKEN);

interface KgFile {
  nodes: Array<{ id: string; type: string; properties: Record<string, unknown> }>;
  edges: Array<{ from: string; to: string }>;
}

async function kgFiles(root: string): Promise<string[]> {
  const names = await readdir(root, { recursive: true });
  return names.filter((name) => name.endsWith('.kg.json')).map((name) => path.join(root, name));
}

const cosine = (a: Float32Array, b: Float32Array) =>
  a.reduce((sum, v, i) => sum + v * (b[i] ?? 0), 0);

/** Topic ids to drop so that no two left reach `threshold` in the server's embedding. */
async function topicsAtOrAbove(texts: Map<string, string>, threshold: number) {
  const ids = [...texts.keys()].sort();
  const search = t.viewer.ctx.search;
  if (search === undefined) {
    throw new Error('the viewer has no search service');
  }
  const vectors = await search.embed(ids.map((id) => texts.get(id) as string));
  const dropped = new Set<string>();
  ids.forEach((id, i) => {
    for (let j = 0; j < i; j++) {
      const kept = ids[j] as string;
      if (
        !dropped.has(kept) &&
        cosine(vectors[i] as Float32Array, vectors[j] as Float32Array) >= threshold
      ) {
        dropped.add(id);
        return;
      }
    }
  });
  return dropped;
}

/** Removes from every KG file the topics whose vectors the reference's threshold would group. */
async function dropReferenceClusters(root: string): Promise<number> {
  const files = await kgFiles(root);
  const kgs = await Promise.all(
    files.map(async (file) => JSON.parse(await readFile(file, 'utf8')) as KgFile),
  );
  const texts = new Map<string, string>();
  for (const node of kgs.flatMap((kg) => kg.nodes)) {
    if (node.type === 'Topic') {
      const { label, description } = node.properties as { label: string; description?: string };
      texts.set(node.id, description ? `${label}. ${description}` : label);
    }
  }
  const dropped = await topicsAtOrAbove(texts, REFERENCE_THRESHOLD);
  await Promise.all(
    files.map((file, i) => {
      const kg = kgs[i] as KgFile;
      kg.nodes = kg.nodes.filter((node) => !dropped.has(node.id));
      kg.edges = kg.edges.filter((edge) => !dropped.has(edge.from) && !dropped.has(edge.to));
      return writeFile(file, JSON.stringify(kg));
    }),
  );
  return dropped.size;
}

/** Starts a clustering and waits until the artifact route reports its end. */
async function rebuildAndWait(query: Record<string, string>) {
  const res = await request(t.viewer.app)
    .post('/api/corpus/topic-clusters/rebuild')
    .set('authorization', AUTH)
    .query(query);
  expect(res.status).toBe(202);
  for (let i = 0; i < 400; i++) {
    const polled = await request(t.viewer.app).get(res.body.poll);
    if (polled.body.last_rebuild?.started_at === res.body.started_at) {
      return { accepted: res.body, artifact: TopicClustersArtifact.parse(polled.body) };
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error('the clustering did not end');
}

const withoutRecord = ({ last_rebuild: _record, ...file }: TopicClustersArtifact) => file;

describe('topic-cluster rebuild thresholds and the shipped clusters', () => {
  it('starts from a corpus with the shipped clusters, some topics dropped, and an index', async () => {
    expect(await dropReferenceClusters(t.corpus.root)).toBeGreaterThan(0);
    await t.viewer.refresh(t.corpus.root);
    const shipped = await request(t.viewer.app).get('/api/corpus/topic-clusters');
    expect(shipped.body.clusters.length).toBeGreaterThan(0);
    expect(shipped.body.last_rebuild).toBeUndefined();
    const started = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', AUTH);
    expect(started.status).toBe(202);
    expect(await waitForRebuild(t.viewer.app, t.corpus.root)).toMatchObject({ available: true });
  }, 120_000);

  it("groups topics at the embedding model's default that the reference's 0.75 leaves apart", async () => {
    const { accepted, artifact } = await rebuildAndWait({});
    expect(accepted).toMatchObject({ threshold_source: 'model', force: false });
    expect(accepted.threshold).toBeLessThan(REFERENCE_THRESHOLD);
    const record = TopicClustersRebuildOutcome.parse(artifact.last_rebuild);
    expect(record).toMatchObject({
      outcome: 'written',
      reason: null,
      threshold: accepted.threshold,
    });
    expect(record.cluster_count).toBeGreaterThan(0);
    expect(artifact.clusters).toHaveLength(record.cluster_count as number);
    expect(artifact.threshold).toBe(accepted.threshold);
    const listed = await request(t.viewer.app)
      .get('/api/corpus/episodes')
      .query({ topic_cluster_only: 'true', limit: 200 });
    expect(listed.body.items.length).toBeGreaterThan(0);
  }, 60_000);

  it('keeps the file and says why when a rebuild finds no cluster', async () => {
    const before = (await request(t.viewer.app).get('/api/corpus/topic-clusters')).body;
    const { accepted, artifact } = await rebuildAndWait({ threshold: String(REFERENCE_THRESHOLD) });
    expect(accepted).toMatchObject({ threshold: REFERENCE_THRESHOLD, threshold_source: 'request' });
    expect(artifact.last_rebuild).toMatchObject({ outcome: 'kept', cluster_count: 0 });
    expect(artifact.last_rebuild?.reason).toMatch(/found 0 clusters .* was kept \(force=true/);
    expect(withoutRecord(artifact)).toEqual(withoutRecord(before));
    expect(artifact.clusters.length).toBeGreaterThan(0);
  }, 60_000);

  it('writes the empty set when forced', async () => {
    const { accepted, artifact } = await rebuildAndWait({
      threshold: String(REFERENCE_THRESHOLD),
      force: 'true',
    });
    expect(accepted.force).toBe(true);
    expect(artifact.last_rebuild).toMatchObject({ outcome: 'written', reason: null, force: true });
    expect(artifact).toMatchObject({ cluster_count: 0, clusters: [] });
  }, 60_000);
});
