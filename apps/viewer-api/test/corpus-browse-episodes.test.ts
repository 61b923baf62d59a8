import {
  existsSync,
  mkdirSync,
  readFileSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CORPUS_EPISODES_LIMIT_DEFAULT,
  CorpusEpisodeDetail,
  type CorpusEpisodeListItem,
  CorpusFeedList,
} from '@podcast/contracts';
import { copySampleCorpusTo, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';
import {
  expectProblem,
  getEpisodePage,
  readJson,
  walkEpisodes,
} from './support/corpus-browse-fixture.js';

const scratch = createScratch('viewer-corpus-episodes');
const outside = join(scratch.dir, 'outside');
const t = buildViewerTestApp({ roots: [join(scratch.dir, 'roots')] });
const { app } = t;

// Every row of the sample, in one page (the sample has far fewer than 200).
let all: CorpusEpisodeListItem[] = [];

beforeAll(async () => {
  mkdirSync(join(scratch.dir, 'roots'));
  mkdirSync(outside);
  all = (await getEpisodePage(app, { limit: 200 })).items;
});
afterAll(() => {
  t.close();
  scratch.remove();
});

const isNewestFirst = (rows: CorpusEpisodeListItem[]) =>
  rows.every((row, i) => {
    const prev = rows[i - 1];
    if (prev === undefined || row.publish_date === null) {
      return true;
    }
    return (
      prev.publish_date !== null &&
      (prev.publish_date > row.publish_date ||
        (prev.publish_date === row.publish_date && prev.metadata_relpath < row.metadata_relpath))
    );
  });

/** Topic labels of an episode's KG file, lower-cased (what topic_q searches besides the pills). */
function kgTopicLabels(row: CorpusEpisodeListItem): string[] {
  if (row.kg_relative_path === null) {
    return [];
  }
  const kg = readJson(join(SAMPLE_CORPUS_DIR, row.kg_relative_path)) as {
    nodes: { type: string; properties: { label?: string } }[];
  };
  return kg.nodes
    .filter((n) => n.type === 'Topic')
    .map((n) => (n.properties.label ?? '').toLowerCase());
}

describe('GET /api/corpus/feeds', () => {
  it('aggregates the four sample feeds by feed_id with their newest publish date', async () => {
    const res = await request(app).get('/api/corpus/feeds');
    expect(res.status).toBe(200);
    const body = CorpusFeedList.parse(res.body);
    expect(body.path).toBe(SAMPLE_CORPUS_DIR);
    const ids = body.feeds.map((f) => f.feed_id);
    expect(ids).toHaveLength(4);
    expect([...ids].sort()).toEqual(ids);
    for (const feed of body.feeds) {
      const rows = all.filter((r) => r.feed_id === feed.feed_id);
      expect(feed.episode_count).toBe(rows.length);
      expect(feed.latest_publish_date).toBe(rows[0]?.publish_date);
      expect(feed.title).toBe(rows[0]?.podcast_title);
    }
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    expectProblem(await request(app).get('/api/corpus/feeds').query({ path: outside }), 403);
  });
});

describe('GET /api/corpus/episodes', () => {
  it('lists every deduplicated episode newest first with empty cil_digest_topics', async () => {
    const page = await getEpisodePage(app, { limit: 200 });
    expect(page.items).toHaveLength(24);
    expect(page.next_cursor).toBeNull();
    expect(isNewestFirst(page.items)).toBe(true);
    expect(page.items.every((row) => row.cil_digest_topics.length === 0)).toBe(true);
    expect(new Set(page.items.map((r) => r.metadata_relpath)).size).toBe(24);
  });

  it('keeps only the newest run copy of an episode processed twice', () => {
    const copies = all.filter((r) => r.episode_id === '92a76735-5a33-41da-8e0a-2e3c7de90492');
    expect(copies).toHaveLength(1);
    expect(copies[0]?.metadata_relpath).toContain('run_20261112-134838_8bb39c72');
  });

  it(`answers ${CORPUS_EPISODES_LIMIT_DEFAULT} rows at most when no limit is given`, async () => {
    const page = await getEpisodePage(app, {});
    expect(page.limit).toBe(CORPUS_EPISODES_LIMIT_DEFAULT);
    expect(page.items).toEqual(all.slice(0, CORPUS_EPISODES_LIMIT_DEFAULT));
  });

  it.each([1, 5, 7, 23, 24])(
    'walks all pages of %i rows with the cursor without duplicates or gaps',
    async (limit) => {
      const { rows, pages } = await walkEpisodes(app, { limit });
      expect(rows.map((r) => r.metadata_relpath)).toEqual(all.map((r) => r.metadata_relpath));
      // The list looks one row ahead, so a full last page carries no cursor.
      expect(pages).toBe(Math.ceil(all.length / limit));
    },
  );

  it('returns a cursor only while more rows follow', async () => {
    const first = await getEpisodePage(app, { limit: 5 });
    expect(first.items).toHaveLength(5);
    expect(first.next_cursor).toEqual(expect.any(String));
    const last = await getEpisodePage(app, { limit: 200 });
    expect(last.next_cursor).toBeNull();
  });

  it('filters by title substring, ignoring case', async () => {
    const { rows } = await walkEpisodes(app, { q: 'JAZZ', limit: 2 });
    const expected = all.filter((r) => r.title.toLowerCase().includes('jazz'));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(rows).toEqual(expected);
  });

  it('filters by feed_id exactly', async () => {
    const feedId = all[all.length - 1]?.feed_id as string;
    const { rows } = await walkEpisodes(app, { feed_id: feedId, limit: 4 });
    expect(rows).toEqual(all.filter((r) => r.feed_id === feedId));
    expect(rows).toHaveLength(6);
    expect((await getEpisodePage(app, { feed_id: feedId.slice(0, -1) })).items).toEqual([]);
  });

  it('keeps episodes published on or after since', async () => {
    const since = '2026-05-01';
    const { rows } = await walkEpisodes(app, { since, limit: 3 });
    const expected = all.filter((r) => r.publish_date !== null && r.publish_date >= since);
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    expect(rows).toEqual(expected);
  });

  it('matches topic_q against topic pills and KG topic labels', async () => {
    const needle = 'dreaming';
    const expected = all.filter(
      (r) =>
        r.topics.some((pill) => pill.toLowerCase().includes(needle)) ||
        kgTopicLabels(r).some((label) => label.includes(needle)),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(all.length);
    const { rows } = await walkEpisodes(app, { topic_q: 'Dreaming', limit: 2 });
    expect(rows).toEqual(expected);
  });

  it('keeps only episodes a multi-member topic cluster lists when topic_cluster_only=true', async () => {
    const clusters = readJson(join(SAMPLE_CORPUS_DIR, 'search', 'topic_clusters.json')) as {
      clusters: { members: { episode_ids?: string[] }[] }[];
    };
    const listed = new Set(
      clusters.clusters
        .filter((c) => c.members.length >= 2)
        .flatMap((c) => c.members.flatMap((m) => m.episode_ids ?? [])),
    );
    const expected = all.filter((r) => r.episode_id !== null && listed.has(r.episode_id));
    expect(expected.length).toBeLessThan(all.length);
    const { rows } = await walkEpisodes(app, { topic_cluster_only: 'true', limit: 5 });
    expect(rows).toEqual(expected);
    const unfiltered = await walkEpisodes(app, { topic_cluster_only: 'false', limit: 50 });
    expect(unfiltered.rows).toEqual(all);
  });

  it('combines filters (all must match)', async () => {
    const page = await getEpisodePage(app, { q: 'the', since: '2026-01-01', limit: 200 });
    const expected = all.filter(
      (r) => r.title.toLowerCase().includes('the') && (r.publish_date ?? '') >= '2026-01-01',
    );
    expect(page.items).toEqual(expected);
  });

  it.each([
    ['0', 'query.limit'],
    ['201', 'query.limit'],
    ['ten', 'query.limit'],
  ])('refuses limit=%s with 400 naming the field', async (limit, field) => {
    expectProblem(await request(app).get('/api/corpus/episodes').query({ limit }), 400, field);
  });

  const forged = (payload: unknown) =>
    Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
  it.each([
    ['text that is no cursor', 'not a cursor!'],
    ['base64 of something else', Buffer.from('hello').toString('base64url')],
    ['a cursor of an unknown version', forged({ v: 9, d: '2026-01-01', r: 'a.json' })],
    ['a cursor with a bad date', forged({ v: 1, d: '2026-1-1', r: 'a.json' })],
    ['a cursor without a path', forged({ v: 1, d: null, r: '' })],
  ])('refuses %s with 400 naming query.cursor', async (_label, cursor) => {
    const problem = expectProblem(
      await request(app).get('/api/corpus/episodes').query({ cursor }),
      400,
      'query.cursor',
    );
    expect(problem.errors?.[0]?.field).toBe('query.cursor');
  });

  it.each(['2026-13-01', '2026-02-30', '2026-1-1', 'yesterday'])(
    'refuses since=%s with 400 naming query.since',
    async (since) => {
      expectProblem(
        await request(app).get('/api/corpus/episodes').query({ since }),
        400,
        'query.since',
      );
    },
  );

  it('refuses a topic_cluster_only that is not a boolean with 400', async () => {
    expectProblem(
      await request(app).get('/api/corpus/episodes').query({ topic_cluster_only: 'maybe' }),
      400,
      'query.topic_cluster_only',
    );
  });
});

describe('GET /api/corpus/episodes on a corpus that changes', () => {
  const root = join(scratch.dir, 'roots', 'changing');

  /** A new episode beside `template`, with its own id, title and date. */
  function addEpisode(template: CorpusEpisodeListItem, stem: string, date: string): string {
    const source = join(root, template.metadata_relpath);
    const metadata = readJson(source) as { episode: Record<string, unknown> };
    metadata.episode.episode_id = `added-${stem}`;
    metadata.episode.guid = `added-${stem}`;
    metadata.episode.title = `Added ${stem}`;
    metadata.episode.published_date = `${date}T12:00:00Z`;
    const relpath = join(template.metadata_relpath, '..', `${stem}.metadata.json`);
    writeFileSync(join(root, relpath), JSON.stringify(metadata));
    return relpath;
  }

  it('neither repeats nor skips rows when episodes are added or removed between pages', async () => {
    copySampleCorpusTo(root);
    const before = (await getEpisodePage(app, { path: root, limit: 200 })).items;
    const first = await getEpisodePage(app, { path: root, limit: 10 });
    const cursorRow = first.items[9] as CorpusEpisodeListItem;

    // One row sorts before the cursor (newer), one after it; the cursor row itself is removed.
    addEpisode(cursorRow, 'zz-newest', '2027-01-01');
    const later = addEpisode(cursorRow, 'zz-oldest', '2020-01-01');
    unlinkSync(join(root, cursorRow.metadata_relpath));
    await t.refresh(root);

    const rest = await walkEpisodes(app, {
      path: root,
      limit: 4,
      cursor: first.next_cursor as string,
    });
    const seen = [...first.items, ...rest.rows].map((r) => r.metadata_relpath);
    expect(new Set(seen).size).toBe(seen.length);
    const expected = [...before.map((r) => r.metadata_relpath), later].filter(
      (p) => !p.includes('zz-newest'),
    );
    expect(seen).toEqual(expected);
    expect(existsSync(join(root, cursorRow.metadata_relpath))).toBe(false);
  });
});

describe('GET /api/corpus/episodes on a flat corpus', () => {
  it('selects the episodes whose metadata names no feed with an empty feed_id', async () => {
    const root = join(scratch.dir, 'roots', 'flat');
    mkdirSync(join(root, 'metadata'), { recursive: true });
    const write = (stem: string, feed: object) =>
      writeFileSync(
        join(root, 'metadata', `${stem}.metadata.json`),
        JSON.stringify({
          feed,
          episode: { title: stem, episode_id: stem, published_date: '2026-01-02T00:00:00Z' },
        }),
      );
    write('with-feed', { title: 'Show', feed_id: 'show-1' });
    write('no-feed', { title: 'Loose' });
    const bare = await getEpisodePage(app, { path: root, feed_id: '' });
    expect(bare.items.map((r) => r.title)).toEqual(['no-feed']);
    const named = await getEpisodePage(app, { path: root, feed_id: 'show-1' });
    expect(named.items.map((r) => r.title)).toEqual(['with-feed']);
    expect((await getEpisodePage(app, { path: root })).items).toHaveLength(2);
  });
});

describe('GET /api/corpus/episodes soft failures', () => {
  it('answers an empty page for topic_cluster_only=true when the cluster file is missing', async () => {
    const root = copySampleCorpusTo(join(scratch.dir, 'roots', 'no-clusters'));
    unlinkSync(join(root, 'search', 'topic_clusters.json'));
    const page = await getEpisodePage(app, { path: root, topic_cluster_only: 'true' });
    expect(page.items).toEqual([]);
    expect(page.next_cursor).toBeNull();
  });

  it('answers an empty page for topic_cluster_only=true when the cluster file is corrupt', async () => {
    const root = copySampleCorpusTo(join(scratch.dir, 'roots', 'bad-clusters'));
    writeFileSync(join(root, 'search', 'topic_clusters.json'), '{"clusters": [');
    const page = await getEpisodePage(app, { path: root, topic_cluster_only: 'true' });
    expect(page.items).toEqual([]);
  });
});

describe('corpus path confinement on /api/corpus/episodes', () => {
  beforeAll(() => {
    writeFileSync(join(outside, 'secret.txt'), 'secret');
    symlinkSync(outside, join(scratch.dir, 'roots', 'link-out'));
  });

  it.each([
    ['a directory outside every root', () => outside],
    ['the filesystem root', () => '/'],
    ['a path climbing out of the default root', () => `${SAMPLE_CORPUS_DIR}/../..`],
    ['a symlink inside a root leading outside', () => join(scratch.dir, 'roots', 'link-out')],
  ])('refuses %s with 403', async (_label, target) => {
    expectProblem(await request(app).get('/api/corpus/episodes').query({ path: target() }), 403);
  });

  it('refuses a URL-encoded climb out of the default root with 403', async () => {
    const res = await request(app).get(
      `/api/corpus/episodes?path=${encodeURIComponent(SAMPLE_CORPUS_DIR)}%2f%2e%2e%2f%2e%2e`,
    );
    expectProblem(res, 403);
  });
});

describe('GET /api/corpus/episodes/detail', () => {
  it('answers the list row plus every summary bullet and the artifact paths', async () => {
    const row = all.find((r) => r.has_summary && r.has_gi) as CorpusEpisodeListItem;
    const res = await request(app)
      .get('/api/corpus/episodes/detail')
      .query({ metadata_relpath: row.metadata_relpath });
    expect(res.status).toBe(200);
    const detail = CorpusEpisodeDetail.parse(res.body);
    expect(detail).toMatchObject({ ...row, cil_digest_topics: expect.any(Array) });
    const metadata = readJson(join(SAMPLE_CORPUS_DIR, row.metadata_relpath)) as {
      summary: { bullets: string[] };
    };
    expect(detail.summary_bullets).toEqual(metadata.summary.bullets);
    expect(detail.gi_relative_path).toBe(row.metadata_relpath.replace('.metadata.', '.gi.'));
  });

  it('carries the digest topic pills of the episode, clustered topics first', async () => {
    const row = all.find((r) => r.has_kg && r.has_gi) as CorpusEpisodeListItem;
    const res = await request(app)
      .get('/api/corpus/episodes/detail')
      .query({ metadata_relpath: row.metadata_relpath });
    const pills = CorpusEpisodeDetail.parse(res.body).cil_digest_topics;
    expect(pills.length).toBeGreaterThan(0);
    const artifacts = [row.gi_relative_path, row.kg_relative_path, row.bridge_relative_path]
      .filter((p): p is string => p !== null)
      .map((p) => readFileSync(join(SAMPLE_CORPUS_DIR, p), 'utf8'))
      .join('\n');
    for (const pill of pills) {
      expect(artifacts).toContain(`"${pill.topic_id}"`);
      expect(pill.in_topic_cluster).toBe(pill.topic_cluster_compound_id !== null);
    }
    const clusteredFirst = [...pills].sort(
      (a, b) => Number(b.in_topic_cluster) - Number(a.in_topic_cluster),
    );
    expect(pills).toEqual(clusteredFirst);
    expect(pills.some((p) => p.topic_cluster_compound_id?.startsWith('tc:'))).toBe(true);
  });

  it('keeps the pills without cluster marks when the cluster file is missing', async () => {
    const root = copySampleCorpusTo(join(scratch.dir, 'roots', 'detail-no-clusters'));
    unlinkSync(join(root, 'search', 'topic_clusters.json'));
    const row = all.find((r) => r.has_kg && r.has_gi) as CorpusEpisodeListItem;
    const res = await request(app)
      .get('/api/corpus/episodes/detail')
      .query({ path: root, metadata_relpath: row.metadata_relpath });
    const pills = CorpusEpisodeDetail.parse(res.body).cil_digest_topics;
    expect(pills.length).toBeGreaterThan(0);
    expect(pills.every((p) => !p.in_topic_cluster && p.topic_cluster_compound_id === null)).toBe(
      true,
    );
  });

  it('answers 400 naming query.metadata_relpath when it is missing', async () => {
    expectProblem(
      await request(app).get('/api/corpus/episodes/detail'),
      400,
      'query.metadata_relpath',
    );
  });

  it.each([
    ['a climbing path', '../sample/feeds/x.metadata.json'],
    ['an absolute path', '/etc/passwd'],
  ])('refuses %s with 400', async (_label, metadataRelpath) => {
    expectProblem(
      await request(app)
        .get('/api/corpus/episodes/detail')
        .query({ metadata_relpath: metadataRelpath }),
      400,
      'metadata_relpath',
    );
  });

  it('answers 404 for a file that is no catalog episode', async () => {
    expectProblem(
      await request(app)
        .get('/api/corpus/episodes/detail')
        .query({ metadata_relpath: 'feeds/none/metadata/none.metadata.json' }),
      404,
    );
  });

  it('answers 404 for the older run copy that deduplication dropped', async () => {
    const kept = all.find(
      (r) => r.episode_id === '92a76735-5a33-41da-8e0a-2e3c7de90492',
    ) as CorpusEpisodeListItem;
    const dropped = kept.metadata_relpath
      .replace('run_20261112-134838_8bb39c72', 'run_20260516-130124_ba6084f7')
      .replace('_8bb39c72.metadata', '_ba6084f7.metadata');
    expect(readFileSync(join(SAMPLE_CORPUS_DIR, dropped)).length).toBeGreaterThan(0);
    expectProblem(
      await request(app).get('/api/corpus/episodes/detail').query({ metadata_relpath: dropped }),
      404,
    );
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    const res = await request(app)
      .get('/api/corpus/episodes/detail')
      .query({ path: outside, metadata_relpath: all[0]?.metadata_relpath as string });
    expectProblem(res, 403);
  });
});
