import { lstat, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RestoreResponse, RollbackAccepted, RollbackDryRun, TrashList } from '@podcast/contracts';
import type { TestDatabase } from '@podcast/testing';
import { indexEnvFor } from '@podcast/testing/index-suite';
import request from 'supertest';
import { buildViewerTestApp, type ViewerTestApp } from './support/build-viewer-test-app.js';
import { expectProblem } from './support/corpus-browse-fixture.js';
import {
  copySampleCorpus,
  viewerOverSampleCopy,
  waitForRebuild,
} from './support/sample-corpus-copy.js';

const TOKEN = 'operator-token-for-rollback-tests';
const AUTH = `Bearer ${TOKEN}`;
const t = viewerOverSampleCopy(TOKEN);

const SLOWWAVE_RUN = '20261115-084842_fb801546';
const SLOWWAVE_DIR = `feeds/rss_slowwave_fm_41ee8006/run_${SLOWWAVE_RUN}`;
const SLOWWAVE_COST = 0.509165;
const TOTAL_COST = 2.31349;
/** In both runs of belowthecurb; the newer run's copy is the catalog's. */
const TWICE_RUN_EPISODE = '92a76735-5a33-41da-8e0a-2e3c7de90492';

const exists = (relpath: string) =>
  lstat(path.join(t.corpus.root, relpath)).then(
    () => true,
    () => false,
  );

const deleteRun = (runId: string, query: Record<string, string> = {}) =>
  request(t.viewer.app).delete(`/api/corpus/runs/${runId}`).set('authorization', AUTH).query(query);

const deleteEpisode = (episodeId: string, query: Record<string, string> = {}) =>
  request(t.viewer.app)
    .delete(`/api/corpus/episodes/${encodeURIComponent(episodeId)}`)
    .set('authorization', AUTH)
    .query(query);

const restore = (trashId: string) =>
  request(t.viewer.app).post(`/api/corpus/trash/${trashId}/restore`).set('authorization', AUTH);

async function catalogIds(): Promise<string[]> {
  const res = await request(t.viewer.app).get('/api/corpus/episodes').query({ limit: 200 });
  expect(res.status).toBe(200);
  return res.body.items.map((item: { episode_id: string }) => item.episode_id);
}

async function manifestCost() {
  const manifest = JSON.parse(
    await readFile(path.join(t.corpus.root, 'corpus_manifest.json'), 'utf8'),
  );
  return manifest.cost_rollup;
}

describe('rollback routes: operator gate and validation', () => {
  it('fail closed without the operator token, and with a wrong one', async () => {
    for (const res of [
      await request(t.viewer.app)
        .delete(`/api/corpus/runs/${SLOWWAVE_RUN}`)
        .query({ confirm: SLOWWAVE_RUN }),
      await request(t.viewer.app)
        .delete('/api/corpus/episodes/x')
        .set('authorization', 'Bearer wrong-token-of-some-length'),
      await request(t.viewer.app).get('/api/corpus/trash'),
      await request(t.viewer.app).post('/api/corpus/trash/20260101T000000Z/restore'),
    ]) {
      expect(res.status).toBe(401);
    }
    const unset = buildViewerTestApp({ corpusDir: t.corpus.root });
    try {
      const res = await request(unset.app)
        .delete(`/api/corpus/runs/${SLOWWAVE_RUN}`)
        .set('authorization', AUTH)
        .query({ confirm: SLOWWAVE_RUN });
      expect([401, 403]).toContain(res.status);
    } finally {
      unset.close();
    }
    expect(await exists(SLOWWAVE_DIR)).toBe(true);
  });

  it('refuses a bad run_id, a missing or wrong confirm, bad dry_run and bad paths, naming the field', async () => {
    expectProblem(await deleteRun('run%20id', { confirm: 'run id' }), 400, 'run_id');
    expectProblem(await deleteRun('a%2Fb', { confirm: 'a/b' }), 400, 'run_id');
    expectProblem(await deleteRun('x'.repeat(201), { confirm: 'x'.repeat(201) }), 400, 'run_id');
    expectProblem(await deleteRun('a%00b'), 400, 'run_id');
    expectProblem(await deleteRun(SLOWWAVE_RUN), 400, 'confirm');
    expectProblem(await deleteRun(SLOWWAVE_RUN, { confirm: 'something-else' }), 400, 'confirm');
    expectProblem(await deleteRun(SLOWWAVE_RUN, { dry_run: 'maybe' }), 400, 'dry_run');
    expectProblem(
      await deleteRun(SLOWWAVE_RUN, { confirm: SLOWWAVE_RUN, path: '/etc' }),
      403,
      'path',
    );
    expectProblem(
      await deleteRun(SLOWWAVE_RUN, { confirm: SLOWWAVE_RUN, path: `${t.corpus.root}/.trash` }),
      403,
    );
    expectProblem(await deleteEpisode('ep-x'), 400, 'confirm');
    expectProblem(await deleteEpisode('e'.repeat(501), { confirm: 'x' }), 400, 'episode_id');
    expectProblem(await restore('yesterday'), 400, 'trash_id');
    expectProblem(await restore('20260101T000000Z'), 404, 'trash_id');
    expect(await exists(SLOWWAVE_DIR)).toBe(true);
  });

  it('answers 404 for a run or an episode the corpus does not have', async () => {
    expectProblem(
      await deleteRun('20990101-000000_deadbeef', { confirm: '20990101-000000_deadbeef' }),
      404,
      'run_id',
    );
    expectProblem(await deleteRun('20990101-000000_deadbeef', { dry_run: 'true' }), 404, 'run_id');
    expectProblem(
      await deleteEpisode('no-such-episode', { confirm: 'no-such-episode' }),
      404,
      'episode_id',
    );
  });
});

describe('run rollback and restore', () => {
  it('a dry run lists the run’s files and episodes and moves nothing', async () => {
    const res = await deleteRun(SLOWWAVE_RUN, { dry_run: 'true' });
    expect(res.status).toBe(200);
    const body = RollbackDryRun.parse(res.body);
    expect(body).toMatchObject({ dry_run: true, scope: 'run', run_id: SLOWWAVE_RUN });
    expect(body.would_remove).toContain(`${SLOWWAVE_DIR}/run.json`);
    expect(body.would_remove.every((f) => f.startsWith(`${SLOWWAVE_DIR}/`))).toBe(true);
    expect(body.episodes).toHaveLength(6);
    expect(await exists(SLOWWAVE_DIR)).toBe(true);
  });

  it('moves the run to the trash, re-aggregates the cost, and restores it all', async () => {
    const before = await catalogIds();
    const res = await deleteRun(SLOWWAVE_RUN, { confirm: SLOWWAVE_RUN });
    expect(res.status).toBe(202);
    const body = RollbackAccepted.parse(res.body);
    expect(body).toMatchObject({
      dry_run: false,
      scope: 'run',
      run_id: SLOWWAVE_RUN,
      removed: [SLOWWAVE_DIR],
      episodes_dropped: 6,
      catalog_episode_count: before.length - 6,
      rebuild: { status: 'not_indexed', poll: null },
    });
    expect(body.cost_rollup_total_usd).toBeCloseTo(TOTAL_COST - SLOWWAVE_COST, 6);
    expect(await exists(SLOWWAVE_DIR)).toBe(false);
    expect(await exists(`.trash/${body.trash_id}/${SLOWWAVE_DIR}/run.json`)).toBe(true);
    expect(await exists(`.trash/${body.trash_id}/rollback.json`)).toBe(true);
    expect(await catalogIds()).toHaveLength(before.length - 6);
    const cost = await manifestCost();
    expect(cost.total_cost_usd).toBeCloseTo(TOTAL_COST - SLOWWAVE_COST, 6);
    const slowwave = cost.by_feed.find((f: { feed_url: string }) =>
      f.feed_url.includes('slowwave'),
    );
    expect(slowwave.cost_usd).toBe(0);
    expect(cost.by_stage.transcription).toBe(1.4735);

    const trash = await request(t.viewer.app).get('/api/corpus/trash').set('authorization', AUTH);
    expect(trash.status).toBe(200);
    expect(TrashList.parse(trash.body).items[0]).toMatchObject({
      id: body.trash_id,
      scope: 'run',
      target_id: SLOWWAVE_RUN,
      moves: 1,
      in_trash: 1,
    });
    // The same run is gone now: 404, not a second trash entry.
    expectProblem(await deleteRun(SLOWWAVE_RUN, { confirm: SLOWWAVE_RUN }), 404);

    const restored = await restore(body.trash_id);
    expect(restored.status).toBe(200);
    expect(RestoreResponse.parse(restored.body)).toMatchObject({
      restored: [SLOWWAVE_DIR],
      conflicts: [],
      emptied: true,
      catalog_episode_count: before.length,
    });
    expect(restored.body.cost_rollup_total_usd).toBeCloseTo(TOTAL_COST, 6);
    expect((await catalogIds()).sort()).toEqual([...before].sort());
    expect(await exists(`.trash/${body.trash_id}`)).toBe(false);
    expectProblem(await restore(body.trash_id), 404);
  });
});

describe('episode rollback', () => {
  it('moves every copy of the episode, so an older run’s copy cannot take its place', async () => {
    const before = await catalogIds();
    const dry = RollbackDryRun.parse(
      (await deleteEpisode(TWICE_RUN_EPISODE, { dry_run: 'true' })).body,
    );
    const runs = new Set(dry.would_remove.map((f) => f.split('/').slice(0, 3).join('/')));
    expect(runs.size).toBe(2);
    expect(dry.would_remove.every((f) => path.posix.basename(f).startsWith('0003 - '))).toBe(true);
    expect(dry.would_remove.some((f) => f.includes('/transcripts/'))).toBe(true);
    expect(dry.would_remove.some((f) => f.includes('/enrichments/'))).toBe(true);

    const res = await deleteEpisode(TWICE_RUN_EPISODE, { confirm: TWICE_RUN_EPISODE });
    expect(res.status).toBe(202);
    const body = RollbackAccepted.parse(res.body);
    expect(body).toMatchObject({
      scope: 'episode',
      episode_id: TWICE_RUN_EPISODE,
      episodes_dropped: 1,
    });
    expect(body.removed.sort()).toEqual([...dry.would_remove].sort());
    const after = await catalogIds();
    expect(after).toHaveLength(before.length - 1);
    expect(after).not.toContain(TWICE_RUN_EPISODE);
    // A run's cost stays with the run while the run stays.
    expect(body.cost_rollup_total_usd).toBeCloseTo(TOTAL_COST, 6);

    expect((await restore(body.trash_id)).status).toBe(200);
    expect(await catalogIds()).toContain(TWICE_RUN_EPISODE);
  });

  it('answers 409 while another process holds the rebuild gate, moving nothing', async () => {
    const lock = path.join(t.corpus.root, 'search', 'rebuild.lock');
    await mkdir(path.dirname(lock), { recursive: true });
    await writeFile(
      lock,
      JSON.stringify({ pid: process.pid, host: hostname(), started_at: new Date().toISOString() }),
    );
    try {
      expectProblem(await deleteEpisode(TWICE_RUN_EPISODE, { confirm: TWICE_RUN_EPISODE }), 409);
      expectProblem(await deleteRun(SLOWWAVE_RUN, { confirm: SLOWWAVE_RUN }), 409);
      // A dry run changes nothing, so it still answers.
      expect((await deleteRun(SLOWWAVE_RUN, { dry_run: 'true' })).status).toBe(200);
    } finally {
      await rename(lock, `${lock}.released`);
    }
    expect(await catalogIds()).toContain(TWICE_RUN_EPISODE);
  });

  it('with an index: rebuilds it without the episode, and two concurrent rollbacks never run at once', async () => {
    const started = await request(t.viewer.app)
      .post('/api/index/rebuild')
      .set('authorization', AUTH);
    expect(started.status).toBe(202);
    expectProblem(await deleteEpisode(TWICE_RUN_EPISODE, { confirm: TWICE_RUN_EPISODE }), 409);
    await waitForRebuild(t.viewer.app, t.corpus.root);
    const both = await Promise.all([
      deleteEpisode(TWICE_RUN_EPISODE, { confirm: TWICE_RUN_EPISODE }),
      deleteRun(SLOWWAVE_RUN, { confirm: SLOWWAVE_RUN }),
    ]);
    const statuses = both.map((r) => r.status).sort();
    // Each either ran alone behind the gate (202) or found it taken (409).
    expect(statuses[0]).toBe(202);
    expect(statuses.every((s) => s === 202 || s === 409)).toBe(true);
    const accepted = both
      .filter((r) => r.status === 202)
      .map((r) => RollbackAccepted.parse(r.body));
    expect(accepted[0]?.rebuild.status).toBe('in_progress');
    const stats = await waitForRebuild(t.viewer.app, t.corpus.root);
    expect(stats.rebuild_last_error ?? null).toBeNull();
    const search = await request(t.viewer.app)
      .get('/api/search')
      .query({ q: 'flood risk history', top_k: 50 });
    expect(search.status).toBe(200);
    if (accepted.some((a) => a.scope === 'episode')) {
      const ids = search.body.results.map((hit: { episode_id: string }) => hit.episode_id);
      expect(ids.some((id: string) => id.endsWith(TWICE_RUN_EPISODE))).toBe(false);
    }
    for (const entry of accepted) {
      expect((await restore(entry.trash_id)).status).toBe(200);
    }
  }, 120_000);
});

describe.each(['sqlite', 'postgres'] as const)('rollback on the corpus index in %s', (dialect) => {
  const own = {} as {
    corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
    viewer: ViewerTestApp;
    dataDir: string;
    database: TestDatabase | undefined;
  };
  beforeAll(async () => {
    own.corpus = await copySampleCorpus();
    // Never the checked-in sample: the case moves and restores a run.
    expect(own.corpus.root).toEqual(expect.any(String));
    own.dataDir = await mkdtemp(path.join(tmpdir(), 'viewer-rollback-index-'));
    const { env, database } = await indexEnvFor(dialect, own.dataDir);
    own.database = database;
    own.viewer = buildViewerTestApp({ corpusDir: own.corpus.root, operatorToken: TOKEN, env });
  });
  afterAll(async () => {
    await own.viewer?.close();
    await own.database?.close();
    await own.corpus?.remove();
    await rm(own.dataDir, { recursive: true, force: true });
  });

  it('plans as the projection does, and rolls back and restores without loading it', async () => {
    const projection = buildViewerTestApp({
      corpusDir: own.corpus.root,
      operatorToken: TOKEN,
      env: { CORPUS_INDEX: 'projection' },
    });
    const as = (app: typeof projection.app, method: 'delete' | 'post', url: string) =>
      request(app)[method](url).set('authorization', AUTH);
    try {
      for (const url of [
        `/api/corpus/runs/${SLOWWAVE_RUN}`,
        `/api/corpus/episodes/${encodeURIComponent(TWICE_RUN_EPISODE)}`,
        '/api/corpus/episodes/no-such-episode',
      ]) {
        const indexed = await as(own.viewer.app, 'delete', url).query({ dry_run: 'true' });
        const projected = await as(projection.app, 'delete', url).query({ dry_run: 'true' });
        const answer = (res: request.Response) => ({
          url,
          status: res.status,
          body: { ...res.body, request_id: undefined },
        });
        expect(answer(indexed)).toEqual(answer(projected));
      }
      expect(own.viewer.ctx.corpusIndex).toBeDefined();
      const res = await as(own.viewer.app, 'delete', `/api/corpus/runs/${SLOWWAVE_RUN}`).query({
        confirm: SLOWWAVE_RUN,
      });
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ episodes_dropped: 6 });
      const listed = await request(own.viewer.app)
        .get('/api/corpus/episodes')
        .query({ limit: 200 });
      expect(listed.body.items).toHaveLength(res.body.catalog_episode_count);
      const restored = await as(
        own.viewer.app,
        'post',
        `/api/corpus/trash/${res.body.trash_id}/restore`,
      );
      expect(restored.status).toBe(200);
      expect(restored.body.catalog_episode_count).toBe(res.body.catalog_episode_count + 6);
      // No answer here loaded the projection.
      expect(own.viewer.corpus.describe()).toEqual([]);
    } finally {
      await projection.close();
    }
  });
});

describe('restore after an interrupted rollback', () => {
  const own = viewerOverSampleCopy(TOKEN);

  const metadata = 'feeds/rss_slowwave_fm_41ee8006/run_20261115-084842_fb801546/metadata';
  const gi = `${metadata}/0004 - Shift Work, Explained_fb801546.gi.json`;
  const kg = `${metadata}/0004 - Shift Work, Explained_fb801546.kg.json`;

  async function journal(id: string, moves: string[]) {
    const dir = path.join(own.corpus.root, '.trash', id);
    await mkdir(dir, { recursive: true });
    const doc = {
      schema: 1,
      id,
      scope: 'episode',
      target_id: 'ep',
      created_at: '2026-11-25T00:00:00Z',
      moves,
      episodes: [],
    };
    await writeFile(path.join(dir, 'rollback.json'), JSON.stringify(doc));
    return dir;
  }

  it('moves back what had moved, skips what had not, and keeps a path whose place is taken', async () => {
    const dir = await journal('20261125T000000Z', [gi, kg]);
    await mkdir(path.join(dir, metadata), { recursive: true });
    await rename(path.join(own.corpus.root, gi), path.join(dir, gi));
    const res = await request(own.viewer.app)
      .post('/api/corpus/trash/20261125T000000Z/restore')
      .set('authorization', AUTH);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ restored: [gi], conflicts: [], emptied: true });
    expect(await lstat(path.join(own.corpus.root, gi)).then(() => true)).toBe(true);

    const kept = await journal('20261125T000001Z', [kg]);
    await mkdir(path.join(kept, metadata), { recursive: true });
    await writeFile(path.join(kept, kg), '{}');
    const conflict = await request(own.viewer.app)
      .post('/api/corpus/trash/20261125T000001Z/restore')
      .set('authorization', AUTH);
    expect(conflict.body).toMatchObject({ restored: [], conflicts: [kg], emptied: false });
    expect(await readFile(path.join(kept, kg), 'utf8')).toBe('{}');
  });

  it('refuses a journal whose paths climb out of the corpus', async () => {
    await journal('20261125T000002Z', ['../../outside.txt']);
    const res = await request(own.viewer.app)
      .post('/api/corpus/trash/20261125T000002Z/restore')
      .set('authorization', AUTH);
    expectProblem(res, 404, 'trash_id');
  });
});
