import { describe, expect, it } from '@jest/globals';
import { TopicClustersArtifact } from '@podcast/contracts';
import request from 'supertest';
import { expectProblem } from './support/corpus-browse-fixture.js';
import { viewerOverSampleCopy, waitForRebuild } from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-cluster-tests';
const AUTH = `Bearer ${TOKEN}`;

const t = viewerOverSampleCopy(TOKEN);

const rebuildClusters = (query: Record<string, string> = {}) =>
  request(t.viewer.app)
    .post('/api/corpus/topic-clusters/rebuild')
    .set('authorization', AUTH)
    .query(query);

describe('POST /api/corpus/topic-clusters/rebuild', () => {
  it('needs the operator token', async () => {
    const res = await request(t.viewer.app).post('/api/corpus/topic-clusters/rebuild');
    expect(res.status).toBe(401);
  });

  it('refuses a threshold outside (0.05, 1] or not a number, naming it', async () => {
    for (const threshold of ['0', '1.5', 'high', '-0.7', '0.5\u0000']) {
      expectProblem(await rebuildClusters({ threshold }), 400, 'threshold');
    }
  });

  it('refuses a path with an overlong name, a hidden folder or a malformed escape', async () => {
    expectProblem(
      await rebuildClusters({ path: `${t.corpus.root}/${'n'.repeat(300)}` }),
      400,
      'path',
    );
    expectProblem(await rebuildClusters({ path: `${t.corpus.root}/.app` }), 403, 'path');
    const escaped = await request(t.viewer.app)
      .post('/api/corpus/topic-clusters/rebuild?path=%FF')
      .set('authorization', AUTH);
    expect(escaped.status).toBeGreaterThanOrEqual(400);
    expect(escaped.status).toBeLessThan(500);
  });

  it('answers 503 without a vector index, and 409 while an index rebuild runs', async () => {
    expectProblem(await rebuildClusters(), 503);
    const started = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', AUTH);
    expect(started.status).toBe(202);
    expectProblem(await rebuildClusters(), 409);
    expect(await waitForRebuild(t.viewer.app, t.corpus.root)).toMatchObject({ available: true });
  }, 120_000);

  it('replaces topic_clusters.json from the index vectors, which the cluster routes then serve', async () => {
    // Two at once: one starts, the other is told a clustering runs.
    const both = await Promise.all([
      rebuildClusters({ threshold: '0.8' }),
      rebuildClusters({ threshold: '0.8' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const res = both.find((r) => r.status === 202) as (typeof both)[number];
    expect(res.body).toMatchObject({ status: 'accepted', path: t.corpus.root, threshold: 0.8 });
    let artifact = { threshold: 0 } as Record<string, unknown>;
    for (let i = 0; i < 200 && artifact.threshold !== 0.8; i++) {
      await new Promise((done) => setTimeout(done, 25));
      artifact = (await request(t.viewer.app).get(res.body.poll)).body;
    }
    const parsed = TopicClustersArtifact.parse(artifact);
    expect(artifact).toMatchObject({ schema_version: '2', threshold: 0.8 });
    const clusters = artifact.clusters as {
      graph_compound_parent_id: string;
      member_count: number;
      members: { topic_id: string; similarity_to_centroid: number; episode_ids: string[] }[];
    }[];
    expect(parsed).toBeDefined();
    expect(clusters.length).toBe(artifact.cluster_count);
    expect(clusters.length).toBeGreaterThan(0);
    for (const cluster of clusters) {
      expect(cluster.graph_compound_parent_id).toMatch(/^tc:[a-z0-9-]+$/);
      expect(cluster.member_count).toBeGreaterThanOrEqual(2);
      expect(cluster.members).toHaveLength(cluster.member_count);
      for (const member of cluster.members) {
        expect(member.topic_id).toMatch(/^topic:/);
        expect(member.similarity_to_centroid).toBeGreaterThan(0);
        expect(member.episode_ids.length).toBeGreaterThan(0);
      }
    }
    const ids = clusters.map((cluster) => cluster.graph_compound_parent_id);
    expect(new Set(ids).size).toBe(ids.length);
    // An episode's topic pills mark the clusters of the new file.
    const member = clusters[0]?.members[0] as { topic_id: string; episode_ids: string[] };
    const list = await request(t.viewer.app).get('/api/corpus/episodes').query({ limit: 200 });
    const row = list.body.items.find(
      (item: { episode_id: string }) => item.episode_id === member.episode_ids[0],
    );
    const detail = await request(t.viewer.app)
      .get('/api/corpus/episodes/detail')
      .query({ metadata_relpath: row.metadata_relpath });
    expect(detail.status).toBe(200);
    const pills = detail.body.cil_digest_topics as {
      topic_id: string;
      topic_cluster_compound_id: string | null;
    }[];
    expect(pills.find((pill) => pill.topic_id === member.topic_id)).toMatchObject({
      topic_cluster_compound_id: clusters[0]?.graph_compound_parent_id,
    });
    for (const pill of pills) {
      expect(
        pill.topic_cluster_compound_id === null || ids.includes(pill.topic_cluster_compound_id),
      ).toBe(true);
    }
  }, 60_000);
});
