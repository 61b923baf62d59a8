import { resolve } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { HealthResponse } from '@podcast/contracts';
import { createCorpusRegistry } from '@podcast/corpus';
import { toOpenApiPath } from '@podcast/http-kit';
import { pino } from 'pino';
import request from 'supertest';
import { buildViewerApp } from '../src/app.js';
import { loadViewerConfig } from '../src/env.js';
import { viewerRoutes } from '../src/routes/index.js';

const sample = resolve(import.meta.dirname, '../../../corpus/sample');
const logger = pino({ level: 'silent' });
const corpus = createCorpusRegistry({ logger, watch: false });
const app = buildViewerApp({
  config: loadViewerConfig({ CORPUS_DIR: sample }),
  corpus,
  logger,
  now: () => new Date('2026-11-21T12:00:00Z'),
});

afterAll(() => corpus.close());

describe('GET /api/health', () => {
  it('reports ok with capability flags true only for mounted route families', async () => {
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    const body = HealthResponse.parse(res.body);
    expect(body.status).toBe('ok');
    expect(body.artifacts_api).toBe(true);
    const paths = viewerRoutes.map((r) => r.path);
    // A flag may only be true when a route of its family is registered.
    expect(body.jobs_api).toBe(paths.some((p) => p.startsWith('/api/jobs')));
    expect(body.search_api).toBe(paths.some((p) => p.startsWith('/api/search')));
    expect(body.corpus_digest_api).toBe(paths.includes('/api/corpus/digest'));
    expect(body.feeds_api).toBe(paths.includes('/api/feeds'));
  });
});

describe('GET /openapi.json and /docs', () => {
  it('lists every declared route with its method', async () => {
    const doc = (await request(app).get('/openapi.json')).body;
    expect(doc.openapi).toBe('3.1.0');
    for (const route of viewerRoutes) {
      const entry = doc.paths[toOpenApiPath(route.path)];
      expect(entry?.[route.method]).toBeDefined();
    }
  });

  it('serves the interactive docs page without any external asset', async () => {
    const res = await request(app).get('/docs/');
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/https?:\/\/(cdn|unpkg|fonts)\./);
  });
});

describe('configuration', () => {
  it('refuses to start without CORPUS_DIR, naming the variable', () => {
    expect(() => loadViewerConfig({})).toThrow(/CORPUS_DIR/);
  });

  it('refuses a malformed PORT, naming the variable', () => {
    expect(() => loadViewerConfig({ CORPUS_DIR: sample, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('always allows the default root and adds CORPUS_ROOTS entries', () => {
    const config = loadViewerConfig({ CORPUS_DIR: sample, CORPUS_ROOTS: '/srv/a:/srv/b' });
    expect(config.corpusRoots.allowed).toEqual([sample, '/srv/a', '/srv/b']);
  });
});
