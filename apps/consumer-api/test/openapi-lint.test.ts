import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { toOpenApiPath } from '@podcast/http-kit';
import { lintOpenApiDocument } from '@podcast/testing';
import request from 'supertest';
import { consumerRoutes } from '../src/routes/index.js';
import { buildTestApp, type TestApp } from './support/build-test-app.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(() => t.close());

it('serves an OpenAPI document that passes redocly lint: no error, no warning', async () => {
  const doc = (await request(t.app).get('/openapi.json')).body;
  const paths = new Set(consumerRoutes.map((route) => toOpenApiPath(route.path)));
  expect(Object.keys(doc.paths).sort()).toEqual([...paths].sort());
  expect(await lintOpenApiDocument(doc)).toEqual([]);
}, 60_000);
