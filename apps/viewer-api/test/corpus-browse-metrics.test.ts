import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CorpusCoverage,
  type CorpusEpisodeListItem,
  CorpusRunSummaryList,
  CorpusStats,
  NodeEpisodesResponse,
  QueryActivityResponse,
  ResolveEpisodeArtifactsResponse,
  TOP_PERSONS_LIMIT_DEFAULT,
  TopPersonList,
} from '@podcast/contracts';
import { copySampleCorpusTo, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';
import { expectProblem, getEpisodePage, readJson } from './support/corpus-browse-fixture.js';

// Fixed so the 30-day window covers the sample's query log (2026-10-26 … 2026-11-15).
const NOW = new Date('2026-11-16T09:30:00Z');
const scratch = createScratch('viewer-corpus-metrics');
const roots = join(scratch.dir, 'roots');
const outside = join(scratch.dir, 'outside');
const t = buildViewerTestApp({ roots: [roots], now: () => NOW });
const { app } = t;

let all: CorpusEpisodeListItem[] = [];

beforeAll(async () => {
  mkdirSync(roots);
  mkdirSync(outside);
  all = (await getEpisodePage(app, { limit: 200 })).items;
});
afterAll(() => {
  t.close();
  scratch.remove();
});

// Every run.json of the feeds/<feed>/run_<tag>/ folders below root, sorted.
const runJsonFiles = (root: string) =>
  readdirSync(join(root, 'feeds'))
    .flatMap((feed) =>
      readdirSync(join(root, 'feeds', feed)).map((run) => `feeds/${feed}/${run}/run.json`),
    )
    .filter((relpath) => relpath.includes('/run_') && existsSync(join(root, relpath)))
    .sort();

const countBy = <T>(rows: T[], key: (row: T) => string | null) => {
  const counts = new Map<string | null, number>();
  for (const row of rows) {
    counts.set(key(row), (counts.get(key(row)) ?? 0) + 1);
  }
  return counts;
};

describe('GET /api/corpus/stats', () => {
  it('answers the publish-month histogram of the listed episodes, oldest month first', async () => {
    const res = await request(app).get('/api/corpus/stats');
    expect(res.status).toBe(200);
    const stats = CorpusStats.parse(res.body);
    expect(stats.episode_count).toBe(all.length);
    expect(stats.feed_count).toBe(4);
    const expected = countBy(all, (r) => r.publish_date?.slice(0, 7) ?? null);
    expect(stats.undated_episode_count).toBe(expected.get(null) ?? 0);
    const months = Object.keys(stats.publish_month_histogram);
    expect([...months].sort()).toEqual(months);
    for (const month of months) {
      expect(stats.publish_month_histogram[month]).toBe(expected.get(month));
    }
    const total = Object.values(stats.publish_month_histogram).reduce((a, b) => a + b, 0);
    expect(total + stats.undated_episode_count).toBe(all.length);
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    expectProblem(await request(app).get('/api/corpus/stats').query({ path: outside }), 403);
  });
});

describe('GET /api/corpus/coverage', () => {
  it('counts GI and KG sibling files per month and per feed', async () => {
    const res = await request(app).get('/api/corpus/coverage');
    expect(res.status).toBe(200);
    const coverage = CorpusCoverage.parse(res.body);
    const count = (rows: CorpusEpisodeListItem[]) => ({
      episodes: rows.length,
      with_gi: rows.filter((r) => r.has_gi).length,
      with_kg: rows.filter((r) => r.has_kg).length,
      with_both: rows.filter((r) => r.has_gi && r.has_kg).length,
    });
    expect(coverage.total).toEqual(count(all));
    expect(coverage.total.with_both).toBeLessThan(all.length);
    for (const { month, ...counts } of coverage.by_month) {
      expect(counts).toEqual(
        count(all.filter((r) => (r.publish_date?.slice(0, 7) ?? null) === month)),
      );
    }
    expect(coverage.by_feed).toHaveLength(4);
    for (const { feed_id, podcast_title, ...counts } of coverage.by_feed) {
      const rows = all.filter((r) => r.feed_id === feed_id);
      expect(counts).toEqual(count(rows));
      expect(podcast_title).toBe(rows[0]?.podcast_title);
    }
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    expectProblem(await request(app).get('/api/corpus/coverage').query({ path: outside }), 403);
  });
});

describe('GET /api/corpus/persons/top', () => {
  it('ranks named speakers by grounded insight count', async () => {
    const res = await request(app).get('/api/corpus/persons/top');
    expect(res.status).toBe(200);
    const { persons } = TopPersonList.parse(res.body);
    expect(persons.length).toBeGreaterThan(3);
    expect(persons.length).toBeLessThanOrEqual(TOP_PERSONS_LIMIT_DEFAULT);
    for (const [i, person] of persons.entries()) {
      expect(person.person_id).toMatch(/^person:/);
      expect(person.person_id).not.toMatch(/^person:speaker-/);
      expect(person.episode_count).toBeLessThanOrEqual(person.grounded_insight_count);
      const prev = persons[i - 1];
      if (prev !== undefined) {
        expect(prev.grounded_insight_count).toBeGreaterThanOrEqual(person.grounded_insight_count);
      }
    }
  });

  it('cuts the ranking at limit', async () => {
    const full = TopPersonList.parse((await request(app).get('/api/corpus/persons/top')).body);
    const res = await request(app).get('/api/corpus/persons/top').query({ limit: 2 });
    expect(TopPersonList.parse(res.body).persons).toEqual(full.persons.slice(0, 2));
  });

  it("lists at least the episodes of a person's grounded insights among the node's episodes", async () => {
    const [top] = TopPersonList.parse(
      (await request(app).get('/api/corpus/persons/top')).body,
    ).persons;
    const res = await request(app)
      .post('/api/corpus/node-episodes')
      .send({ node_id: top?.person_id });
    const related = NodeEpisodesResponse.parse(res.body);
    expect(related.total).toBeGreaterThanOrEqual(top?.episode_count ?? 1);
  });

  it('answers a repeated request from the snapshot cache and a changed corpus afresh', async () => {
    const root = copySampleCorpusTo(join(roots, 'persons-changing'));
    const ask = () => request(app).get('/api/corpus/persons/top').query({ path: root });
    const first = await ask();
    expect(TopPersonList.parse(first.body).persons.length).toBeGreaterThan(0);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const second = await ask();
    expect([second.body, second.headers.etag]).toEqual([first.body, etag]);
    expect((await ask().set('If-None-Match', etag)).status).toBe(304);

    for (const episode of (await t.corpus.get(root)).episodes) {
      if (episode.gi_relpath !== null && existsSync(join(root, episode.gi_relpath))) {
        unlinkSync(join(root, episode.gi_relpath));
      }
    }
    await t.refresh(root);
    const after = await ask();
    expect(TopPersonList.parse(after.body).persons).toEqual([]);
    expect(after.headers.etag).not.toBe(etag);
  });

  it.each(['0', '201', 'x'])('refuses limit=%s with 400 naming query.limit', async (limit) => {
    expectProblem(
      await request(app).get('/api/corpus/persons/top').query({ limit }),
      400,
      'query.limit',
    );
  });
});

describe('POST /api/corpus/resolve-episode-artifacts', () => {
  it('maps ids to their GI, KG and bridge paths and lists ids without GI as missing', async () => {
    const withGi = all.filter((r) => r.has_gi && r.episode_id !== null).slice(0, 2);
    const withoutGi = all.find((r) => !r.has_gi && r.episode_id !== null) as CorpusEpisodeListItem;
    const ids = [
      withGi[1]?.episode_id as string,
      'no-such-episode',
      `episode:${withGi[0]?.episode_id}`,
      withoutGi.episode_id as string,
      withGi[1]?.episode_id as string,
    ];
    const res = await request(app)
      .post('/api/corpus/resolve-episode-artifacts')
      .send({ episode_ids: ids });
    expect(res.status).toBe(200);
    const body = ResolveEpisodeArtifactsResponse.parse(res.body);
    expect(body.items.map((i) => i.episode_id)).toEqual([ids[0], ids[2]]);
    for (const [item, row] of [
      [body.items[0], withGi[1]],
      [body.items[1], withGi[0]],
    ] as const) {
      expect(item).toMatchObject({
        metadata_relpath: row?.metadata_relpath,
        gi_relative_path: row?.gi_relative_path,
        kg_relative_path: row?.kg_relative_path,
        bridge_relative_path: row?.bridge_relative_path,
      });
    }
    expect(body.missing_episode_ids).toEqual(['no-such-episode', withoutGi.episode_id]);
  });

  it.each([
    ['no episode_ids', {}],
    ['episode_ids that is not a list', { episode_ids: 'abc' }],
    ['an empty id', { episode_ids: [''] }],
  ])('refuses %s with 400 naming body.episode_ids', async (_label, body) => {
    expectProblem(
      await request(app).post('/api/corpus/resolve-episode-artifacts').send(body),
      400,
      'body.episode_ids',
    );
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    const res = await request(app)
      .post('/api/corpus/resolve-episode-artifacts')
      .send({ episode_ids: ['a'], path: outside });
    expectProblem(res, 403);
  });
});

describe('POST /api/corpus/node-episodes', () => {
  const nodeId = 'topic:green-infrastructure';
  const mentions = (row: { gi_relative_path: string | null; kg_relative_path: string | null }) =>
    [row.gi_relative_path, row.kg_relative_path]
      .filter((p): p is string => p !== null)
      .some((p) => readFileSync(join(SAMPLE_CORPUS_DIR, p), 'utf8').includes(nodeId));

  it('lists the episodes whose artifacts mention the node, newest first', async () => {
    const res = await request(app).post('/api/corpus/node-episodes').send({ node_id: nodeId });
    expect(res.status).toBe(200);
    const body = NodeEpisodesResponse.parse(res.body);
    expect(body.truncated).toBe(false);
    expect(body.total).toBe(body.items.length);
    const order = all.map((r) => r.metadata_relpath);
    const positions = body.items.map((i) => order.indexOf(i.metadata_relpath));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p > (positions[i - 1] as number)))).toBe(
      true,
    );
    const expected = all.filter(mentions).map((r) => r.metadata_relpath);
    expect(body.items.map((i) => i.metadata_relpath)).toEqual(expect.arrayContaining(expected));
    expect(expected.length).toBeGreaterThan(1);
  });

  it('stops at limit and reports truncated', async () => {
    const full = NodeEpisodesResponse.parse(
      (await request(app).post('/api/corpus/node-episodes').send({ node_id: nodeId })).body,
    );
    const res = await request(app)
      .post('/api/corpus/node-episodes')
      .send({ node_id: nodeId, limit: 1 });
    const cut = NodeEpisodesResponse.parse(res.body);
    expect(cut.items).toEqual(full.items.slice(0, 1));
    expect(cut.truncated).toBe(true);
    expect(cut.total).toBe(full.total);
    const exact = await request(app)
      .post('/api/corpus/node-episodes')
      .send({ node_id: nodeId, limit: full.total });
    expect(NodeEpisodesResponse.parse(exact.body).truncated).toBe(false);
  });

  it('answers an empty list for a node no episode mentions', async () => {
    const res = await request(app)
      .post('/api/corpus/node-episodes')
      .send({ node_id: 'org:nobody-at-all' });
    expect(NodeEpisodesResponse.parse(res.body)).toMatchObject({
      items: [],
      total: 0,
      truncated: false,
    });
  });

  it.each([
    ['episode:abc', 'body.node_id'],
    ['insight:abc', 'body.node_id'],
    ['personabc', 'body.node_id'],
    ['person:', 'body.node_id'],
  ])('refuses node_id %s with 400', async (node_id, field) => {
    expectProblem(
      await request(app).post('/api/corpus/node-episodes').send({ node_id }),
      400,
      field,
    );
  });

  it.each([0, 1001, 2.5])('refuses limit %s with 400 naming body.limit', async (limit) => {
    expectProblem(
      await request(app).post('/api/corpus/node-episodes').send({ node_id: nodeId, limit }),
      400,
      'body.limit',
    );
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    const res = await request(app)
      .post('/api/corpus/node-episodes')
      .send({ node_id: nodeId, path: outside });
    expectProblem(res, 403);
  });
});

describe('GET /api/corpus/query-activity', () => {
  const logDays = () => {
    const days = new Map<string, number>();
    const text = readFileSync(join(SAMPLE_CORPUS_DIR, 'search', 'query_log.jsonl'), 'utf8');
    for (const line of text.split('\n').filter((l) => l.trim() !== '')) {
      const day = (JSON.parse(line) as { ts: string }).ts.slice(0, 10);
      days.set(day, (days.get(day) ?? 0) + 1);
    }
    return days;
  };

  it('answers 30 zero-filled UTC days ending today, oldest first, by default', async () => {
    const res = await request(app).get('/api/corpus/query-activity');
    expect(res.status).toBe(200);
    const body = QueryActivityResponse.parse(res.body);
    expect(body.days).toBe(30);
    expect(body.daily).toHaveLength(30);
    expect(body.daily[29]?.date).toBe('2026-11-16');
    expect(body.daily[0]?.date).toBe('2026-10-18');
    const counts = logDays();
    for (const day of body.daily) {
      expect(day.count).toBe(counts.get(day.date) ?? 0);
    }
    expect(body.daily.some((d) => d.count === 0)).toBe(true);
    expect(body.total).toBe([...counts.values()].reduce((a, b) => a + b, 0));
  });

  it('answers exactly `days` rows', async () => {
    const res = await request(app).get('/api/corpus/query-activity').query({ days: 2 });
    const body = QueryActivityResponse.parse(res.body);
    expect(body.daily).toEqual([
      { date: '2026-11-15', count: logDays().get('2026-11-15') },
      { date: '2026-11-16', count: 0 },
    ]);
    const year = await request(app).get('/api/corpus/query-activity').query({ days: 365 });
    expect(QueryActivityResponse.parse(year.body).daily).toHaveLength(365);
  });

  it.each(['0', '366', 'week'])('refuses days=%s with 400 naming query.days', async (days) => {
    expectProblem(
      await request(app).get('/api/corpus/query-activity').query({ days }),
      400,
      'query.days',
    );
  });

  it('answers zeros when the corpus has no query log', async () => {
    const root = copySampleCorpusTo(join(roots, 'no-log'));
    unlinkSync(join(root, 'search', 'query_log.jsonl'));
    const res = await request(app).get('/api/corpus/query-activity').query({ path: root });
    const body = QueryActivityResponse.parse(res.body);
    expect(body.total).toBe(0);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.every((d) => d.count === 0)).toBe(true);
  });

  it('answers zeros when the query log is a symlink leading out of the corpus', async () => {
    const root = copySampleCorpusTo(join(roots, 'linked-log'));
    const log = join(root, 'search', 'query_log.jsonl');
    const target = join(outside, 'query_log.jsonl');
    renameSync(log, target);
    symlinkSync(target, log);
    expect(logDays().size).toBeGreaterThan(0);
    const res = await request(app).get('/api/corpus/query-activity').query({ path: root });
    expect(res.status).toBe(200);
    const body = QueryActivityResponse.parse(res.body);
    expect(body.total).toBe(0);
    expect(body.daily).toHaveLength(30);
    expect(body.daily.every((d) => d.count === 0)).toBe(true);
  });

  it('skips corrupt lines and events of other kinds', async () => {
    const root = join(roots, 'odd-log');
    mkdirSync(join(root, 'search'), { recursive: true });
    const lines = [
      '{"ts":"2026-11-16T01:00:00Z","schema":1,"event_type":"search_query","query_type":"semantic"}',
      '{"ts":"2026-11-16T02:00:00Z","schema":1,"event_type":"search_query"',
      'not json',
      '{"ts":"2026-11-16T03:00:00Z","schema":1,"event_type":"index_rebuild"}',
      '',
      '{"ts":"2026-11-15T23:59:59Z","schema":1,"event_type":"search_query","query_type":"semantic"}',
    ];
    writeFileSync(join(root, 'search', 'query_log.jsonl'), lines.join('\n'));
    const res = await request(app).get('/api/corpus/query-activity').query({ path: root, days: 2 });
    expect(QueryActivityResponse.parse(res.body).daily).toEqual([
      { date: '2026-11-15', count: 1 },
      { date: '2026-11-16', count: 1 },
    ]);
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    expectProblem(
      await request(app).get('/api/corpus/query-activity').query({ path: outside }),
      403,
    );
  });
});

describe('GET /api/corpus/runs/summary', () => {
  it('summarises every run.json, newest created_at first', async () => {
    const res = await request(app).get('/api/corpus/runs/summary');
    expect(res.status).toBe(200);
    const body = CorpusRunSummaryList.parse(res.body);
    const files = runJsonFiles(SAMPLE_CORPUS_DIR);
    expect(body.run_files).toBe(files.length);
    expect(body.runs.map((r) => r.relative_path).sort()).toEqual(files);
    const created = body.runs.map((r) => r.created_at as string);
    expect([...created].sort().reverse()).toEqual(created);
    for (const run of body.runs) {
      const stored = readJson(join(SAMPLE_CORPUS_DIR, run.relative_path)) as {
        run_id: string;
        created_at: string;
        metrics: Record<string, number>;
      };
      expect(run).toMatchObject({
        run_id: stored.run_id,
        created_at: stored.created_at,
        feed_id: run.relative_path.split('/')[1],
        run_duration_seconds: stored.metrics.run_duration_seconds,
        episodes_scraped_total: stored.metrics.episodes_scraped_total,
        errors_total: stored.metrics.errors_total,
        cost_usd: stored.metrics.cost_usd,
      });
    }
  });

  it('leaves out an unreadable run.json and ignores runs under dot-directories', async () => {
    const root = copySampleCorpusTo(join(roots, 'odd-runs'));
    const [broken] = runJsonFiles(root);
    writeFileSync(join(root, broken as string), '{"run_id": ');
    mkdirSync(join(root, '.trash', '20260101T000000Z', 'run_x'), { recursive: true });
    writeFileSync(join(root, '.trash', '20260101T000000Z', 'run_x', 'run.json'), '{"run_id":"x"}');
    const res = await request(app).get('/api/corpus/runs/summary').query({ path: root });
    const body = CorpusRunSummaryList.parse(res.body);
    expect(body.runs.map((r) => r.relative_path)).not.toContain(broken);
    expect(body.runs.some((r) => r.relative_path.startsWith('.trash'))).toBe(false);
    expect(body.runs).toHaveLength(body.run_files - 1);
  });

  it('answers an empty list for a corpus without runs', async () => {
    const root = join(roots, 'empty');
    mkdirSync(root);
    const res = await request(app).get('/api/corpus/runs/summary').query({ path: root });
    expect(CorpusRunSummaryList.parse(res.body)).toMatchObject({ runs: [], run_files: 0 });
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    expectProblem(await request(app).get('/api/corpus/runs/summary').query({ path: outside }), 403);
  });
});
