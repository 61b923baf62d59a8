import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  callingTests,
  declaringFiles,
  ROUTES_DOC,
  routesMarkdown,
  routeTables,
} from '../scripts/routes-doc.js';

describe('docs/ROUTES.md', () => {
  // Loading both apps' route tables is the slow part: done once for the file.
  let doc = '';
  beforeAll(async () => {
    doc = routesMarkdown(await routeTables());
  }, 60_000);

  it('finds a declaration by its literal method and path, and tests by the filled path', () => {
    const route = { method: 'put', path: '/api/app/playback/{slug}', auth: 'session' };
    const sources = new Map([
      ['a.ts', "defineRoute({\n  method: 'get',\n  path: '/api/app/playback/{slug}',\n})"],
      ['b.ts', "defineRoute({\n  method: 'put',\n  path: '/api/app/playback/{slug}',\n})"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      ['c.ts', "defineRoute({ method: 'put', path: `/api/app/${x}` })"],
    ]);
    expect(declaringFiles(route, sources)).toEqual(['b.ts']);
    const tests = new Map([
      ['t1.test.ts', "put('/api/app/playback/ep-1').send({})"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text under test
      ['t2.test.ts', 'put(`/api/app/playback/${slug}?x=1`)'],
      ['t3.test.ts', "put('/api/app/playback/ep-1/extra')"],
    ]);
    expect(callingTests(route, tests)).toEqual(['t1.test.ts', 't2.test.ts']);
  });

  it('declares every route literally, in exactly one file', () => {
    const rows = doc
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| method'));
    expect(rows.length).toBeGreaterThan(150);
    expect(rows.filter((row) => row.includes('**not found**') || /\.ts`, `/.test(row))).toEqual([]);
  });

  it('gives each operation a file of its own', () => {
    const declared = doc
      .split('\n')
      .filter((line) => line.startsWith('| ') && !line.startsWith('| method'))
      .map((row) => row.split(' | ')[3]);
    const shared = declared.filter((file, at) => declared.indexOf(file) !== at);
    expect([...new Set(shared)]).toEqual([]);
  });

  it('is up to date (run `pnpm routes:doc`)', () => {
    expect(readFileSync(ROUTES_DOC, 'utf8')).toBe(doc);
  });
});
