import {
  mkdirSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CorpusDocument,
  CorpusEnrichmentList,
  type CorpusEpisodeListItem,
  StoredEnrichmentEnvelope,
} from '@podcast/contracts';
import { copySampleCorpusTo, createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';
import request from 'supertest';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';
import { expectProblem, getEpisodePage, readJson } from './support/corpus-browse-fixture.js';

const scratch = createScratch('viewer-corpus-documents');
const roots = join(scratch.dir, 'roots');
const outside = join(scratch.dir, 'outside');
const SECRET = 'outside-secret-value';
const t = buildViewerTestApp({ roots: [roots] });
const { app } = t;

// A copy of the sample whose files the tests below break one by one.
let broken = '';
let all: CorpusEpisodeListItem[] = [];

beforeAll(async () => {
  mkdirSync(roots);
  mkdirSync(outside);
  writeFileSync(
    join(outside, 'envelope.json'),
    JSON.stringify({ enricher_id: 'leak', status: 'ok', data: SECRET }),
  );
  broken = copySampleCorpusTo(join(roots, 'broken'));
  all = (await getEpisodePage(app, { limit: 200 })).items;
});
afterAll(() => {
  t.close();
  scratch.remove();
});

describe.each([
  ['/api/corpus/documents/manifest', 'corpus_manifest.json'],
  ['/api/corpus/documents/run-summary', 'corpus_run_summary.json'],
])('GET %s', (route, file) => {
  it(`answers ${file} as stored`, async () => {
    const res = await request(app).get(route);
    expect(res.status).toBe(200);
    expect(CorpusDocument.parse(res.body)).toEqual(readJson(join(SAMPLE_CORPUS_DIR, file)));
  });

  it(`answers 404 when ${file} is missing`, async () => {
    const root = join(roots, `missing-${file}`);
    mkdirSync(root);
    const problem = expectProblem(await request(app).get(route).query({ path: root }), 404);
    expect(problem.detail).toContain(file);
  });

  it(`answers 422 when ${file} is not a JSON object`, async () => {
    const root = join(roots, `corrupt-${file}`);
    mkdirSync(root);
    writeFileSync(join(root, file), '{"schema_version": "1.1.0",');
    expectProblem(await request(app).get(route).query({ path: root }), 422, file);
    writeFileSync(join(root, file), '[1, 2]');
    expectProblem(await request(app).get(route).query({ path: root }), 422, file);
  });

  it(`refuses a ${file} that is a symlink leading outside the root with 403`, async () => {
    const root = join(roots, `link-${file}`);
    mkdirSync(root);
    symlinkSync(join(outside, 'envelope.json'), join(root, file));
    const res = await request(app).get(route).query({ path: root });
    expectProblem(res, 403);
    expect(res.text).not.toContain(SECRET);
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    expectProblem(await request(app).get(route).query({ path: outside }), 403);
  });
});

describe('GET /api/corpus/enrichments', () => {
  it('lists every corpus-scope envelope with its status, skipping run_summary.json', async () => {
    const res = await request(app).get('/api/corpus/enrichments');
    expect(res.status).toBe(200);
    const { enrichments } = CorpusEnrichmentList.parse(res.body);
    const dir = join(SAMPLE_CORPUS_DIR, 'enrichments');
    const files = readdirSync(dir).filter((f) => f.endsWith('.json') && f !== 'run_summary.json');
    expect(enrichments.map((e) => e.file)).toEqual(files.sort().map((f) => `enrichments/${f}`));
    const latest = Object.keys(
      (readJson(join(dir, 'run_summary.json')) as { per_enricher: object }).per_enricher,
    );
    for (const item of enrichments) {
      const envelope = readJson(join(SAMPLE_CORPUS_DIR, item.file)) as Record<string, unknown>;
      expect(item).toEqual({
        enricher_id: envelope.enricher_id,
        enricher_version: envelope.enricher_version,
        schema_version: envelope.schema_version,
        status: envelope.status,
        file: item.file,
        size_bytes: statSync(join(SAMPLE_CORPUS_DIR, item.file)).size,
        computed_at: envelope.computed_at,
        produced_by_latest_run: latest.includes(item.enricher_id),
      });
    }
    expect(enrichments.find((e) => e.enricher_id === 'topic_consensus')?.status).toBe('failed');
  });

  it('answers an empty list when the corpus has no enrichments folder', async () => {
    const root = join(roots, 'no-enrichments');
    mkdirSync(root);
    const res = await request(app).get('/api/corpus/enrichments').query({ path: root });
    expect(CorpusEnrichmentList.parse(res.body).enrichments).toEqual([]);
  });

  it('leaves out corrupt files, non-envelopes and symlinks', async () => {
    const dir = join(broken, 'enrichments');
    writeFileSync(join(dir, 'half_written.json'), '{"enricher_id": "half_written"');
    writeFileSync(join(dir, 'notes.json'), '{"hello": "world"}');
    symlinkSync(join(outside, 'envelope.json'), join(dir, 'leak.json'));
    const res = await request(app).get('/api/corpus/enrichments').query({ path: broken });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(SECRET);
    const ids = CorpusEnrichmentList.parse(res.body).enrichments.map((e) => e.enricher_id);
    expect(ids).not.toContain('half_written');
    expect(ids).not.toContain('leak');
    expect(ids).toContain('topic_theme_clusters');
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    const res = await request(app).get('/api/corpus/enrichments').query({ path: outside });
    expectProblem(res, 403);
    expect(res.text).not.toContain(SECRET);
  });
});

describe('GET /api/corpus/enrichments/{enricher_id}', () => {
  it.each(['topic_theme_clusters', 'topic_consensus'])(
    'answers the %s envelope as stored',
    async (id) => {
      const res = await request(app).get(`/api/corpus/enrichments/${id}`);
      expect(res.status).toBe(200);
      const envelope = StoredEnrichmentEnvelope.parse(res.body);
      expect(envelope).toEqual(readJson(join(SAMPLE_CORPUS_DIR, 'enrichments', `${id}.json`)));
    },
  );

  it.each(['topic-similarity', 'topic.similarity', '%2e%2e', 'a%20b'])(
    'refuses the id %s with 400 naming params.enricher_id',
    async (id) => {
      expectProblem(
        await request(app).get(`/api/corpus/enrichments/${id}`),
        400,
        'params.enricher_id',
      );
    },
  );

  it('answers 404 for an enricher without a file', async () => {
    expectProblem(await request(app).get('/api/corpus/enrichments/topic_similarity'), 404);
  });

  it('answers 404 for run_summary, which is no envelope', async () => {
    expectProblem(await request(app).get('/api/corpus/enrichments/run_summary'), 404);
  });

  it('answers 422 for an envelope file that is not valid JSON', async () => {
    writeFileSync(join(broken, 'enrichments', 'torn.json'), '{"enricher_id": ');
    const res = await request(app).get('/api/corpus/enrichments/torn').query({ path: broken });
    expectProblem(res, 422, 'enrichments/torn.json');
  });

  it('refuses an envelope that is a symlink leading outside the root with 403', async () => {
    symlinkSync(join(outside, 'envelope.json'), join(broken, 'enrichments', 'linked.json'));
    const res = await request(app).get('/api/corpus/enrichments/linked').query({ path: broken });
    expectProblem(res, 403);
    expect(res.text).not.toContain(SECRET);
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    const res = await request(app)
      .get('/api/corpus/enrichments/topic_consensus')
      .query({ path: outside });
    expectProblem(res, 403);
  });
});

describe('GET /api/corpus/episode/enrichments/{enricher_id}', () => {
  const enrichmentFile = (row: CorpusEpisodeListItem, id: string) =>
    row.metadata_relpath.replace(
      /metadata\/([^/]+)\.metadata\.json$/,
      `metadata/enrichments/$1.${id}.json`,
    );
  const withGi = () => all.find((r) => r.has_gi && r.has_transcript) as CorpusEpisodeListItem;

  it.each(['insight_sentiment', 'insight_density'])(
    'answers the %s output of one episode as stored',
    async (id) => {
      const row = withGi();
      const res = await request(app)
        .get(`/api/corpus/episode/enrichments/${id}`)
        .query({ metadata_relpath: row.metadata_relpath });
      expect(res.status).toBe(200);
      expect(StoredEnrichmentEnvelope.parse(res.body)).toEqual(
        readJson(join(SAMPLE_CORPUS_DIR, enrichmentFile(row, id))),
      );
    },
  );

  it('answers 400 naming query.metadata_relpath when it is missing', async () => {
    expectProblem(
      await request(app).get('/api/corpus/episode/enrichments/insight_sentiment'),
      400,
      'query.metadata_relpath',
    );
  });

  it('refuses a bad enricher id with 400', async () => {
    const res = await request(app)
      .get('/api/corpus/episode/enrichments/insight-sentiment')
      .query({ metadata_relpath: withGi().metadata_relpath });
    expectProblem(res, 400, 'params.enricher_id');
  });

  it('refuses a climbing metadata_relpath with 400', async () => {
    const res = await request(app)
      .get('/api/corpus/episode/enrichments/insight_sentiment')
      .query({
        metadata_relpath: `${withGi().metadata_relpath}/../../../../../../x.metadata.json`,
      });
    expectProblem(res, 400, 'metadata_relpath');
  });

  it('answers 404 for an unknown episode', async () => {
    const res = await request(app)
      .get('/api/corpus/episode/enrichments/insight_sentiment')
      .query({ metadata_relpath: 'metadata/none.metadata.json' });
    expectProblem(res, 404);
  });

  it('answers 404 for an episode without that enrichment', async () => {
    const row = all.find((r) => !r.has_gi) as CorpusEpisodeListItem;
    const res = await request(app)
      .get('/api/corpus/episode/enrichments/insight_sentiment')
      .query({ metadata_relpath: row.metadata_relpath });
    expectProblem(res, 404, 'insight_sentiment');
  });

  it('refuses an enrichment file that is a symlink leading outside the root with 403', async () => {
    const row = withGi();
    const file = join(broken, enrichmentFile(row, 'insight_sentiment'));
    unlinkSync(file);
    symlinkSync(join(outside, 'envelope.json'), file);
    const res = await request(app)
      .get('/api/corpus/episode/enrichments/insight_sentiment')
      .query({ path: broken, metadata_relpath: row.metadata_relpath });
    expectProblem(res, 403);
    expect(res.text).not.toContain(SECRET);
  });

  it('answers 404 once the enrichment file is removed', async () => {
    const row = withGi();
    rmSync(join(broken, enrichmentFile(row, 'insight_density')));
    const res = await request(app)
      .get('/api/corpus/episode/enrichments/insight_density')
      .query({ path: broken, metadata_relpath: row.metadata_relpath });
    expectProblem(res, 404);
  });

  it('refuses a path outside the corpus roots with 403', async () => {
    const res = await request(app)
      .get('/api/corpus/episode/enrichments/insight_sentiment')
      .query({ path: outside, metadata_relpath: withGi().metadata_relpath });
    expectProblem(res, 403);
  });
});
