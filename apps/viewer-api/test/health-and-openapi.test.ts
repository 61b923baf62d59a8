import { afterAll, describe, expect, it } from '@jest/globals';
import { HealthResponse } from '@podcast/contracts';
import { buildOpenApiDocument, mountedRoutes, routeGroup, toOpenApiPath } from '@podcast/http-kit';
import { lintOpenApiDocument, SAMPLE_CORPUS_DIR as sample } from '@podcast/testing';
import request from 'supertest';
import type { ViewerCtx } from '../src/context.js';
import { loadViewerConfig, type ViewerConfig } from '../src/env.js';
import { capabilityFlags } from '../src/routes/capabilities.js';
import { withCorpusPathErrors } from '../src/routes/corpus-path-errors.js';
import { viewerRouteGroups, viewerRoutes } from '../src/routes/index.js';
import { buildViewerTestApp } from './support/build-viewer-test-app.js';

const viewer = buildViewerTestApp({ now: () => new Date('2026-11-21T12:00:00Z') });
const app = viewer.app;

afterAll(() => viewer.close());

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

describe('route groups', () => {
  it('turns a flag on only when its conditional group is mounted', () => {
    const jobs = routeGroup<ViewerCtx, ViewerConfig>({
      name: 'jobs',
      routes: [{ ...(viewerRoutes[0] as (typeof viewerRoutes)[number]), path: '/api/jobs' }],
      mountIf: (config) => config.redisUrl !== undefined,
    });
    const groups = [...viewerRouteGroups, jobs];
    const config = loadViewerConfig({ CORPUS_DIR: sample });
    expect(capabilityFlags(mountedRoutes(groups, config)).jobs_api).toBe(false);
    const withRedis = loadViewerConfig({ CORPUS_DIR: sample, REDIS_URL: 'redis://127.0.0.1:6379' });
    expect(capabilityFlags(mountedRoutes(groups, withRedis)).jobs_api).toBe(true);
    expect(mountedRoutes(viewerRouteGroups, config)).toEqual(viewerRoutes);
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

  it('passes redocly lint with every route group mounted: no error, no warning', async () => {
    const all = viewerRouteGroups.flatMap((group) => group.routes).map(withCorpusPathErrors);
    const served = (await request(app).get('/openapi.json')).body;
    const full = buildOpenApiDocument(all, served.info);
    expect(Object.keys(full.paths ?? {}).length).toBeGreaterThan(Object.keys(served.paths).length);
    expect(await lintOpenApiDocument(served)).toEqual([]);
    expect(await lintOpenApiDocument(full)).toEqual([]);
  }, 60_000);

  it('serves the interactive docs page without any external asset', async () => {
    const res = await request(app).get('/docs/');
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/https?:\/\/(cdn|unpkg|fonts)\./);
    expect(res.headers['content-security-policy']).toMatch(
      /^default-src 'none'; script-src 'self';/,
    );
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
