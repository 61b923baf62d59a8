import { readFileSync } from 'node:fs';
import { expect } from '@jest/globals';
import { CorpusEpisodeList, type CorpusEpisodeListItem, Problem } from '@podcast/contracts';
import type { Express } from 'express';
import request from 'supertest';

export function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Asserts a problem+json answer with `status`, and that `field` (if given) is named in detail. */
export function expectProblem(res: request.Response, status: number, field?: string): Problem {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  const problem = Problem.parse(res.body);
  if (field !== undefined) {
    expect(problem.detail).toContain(field);
  }
  return problem;
}

type ListQuery = Record<string, string | number | boolean>;

/** One page of GET /api/corpus/episodes, validated against its response schema. */
export async function getEpisodePage(app: Express, query: ListQuery): Promise<CorpusEpisodeList> {
  const res = await request(app).get('/api/corpus/episodes').query(query);
  expect(res.status).toBe(200);
  return CorpusEpisodeList.parse(res.body);
}

/** Every row of the list, following next_cursor until it is null. */
export async function walkEpisodes(
  app: Express,
  query: ListQuery,
): Promise<{ rows: CorpusEpisodeListItem[]; pages: number }> {
  const rows: CorpusEpisodeListItem[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page: CorpusEpisodeList = await getEpisodePage(
      app,
      cursor === null ? query : { ...query, cursor },
    );
    rows.push(...page.items);
    cursor = page.next_cursor;
    pages++;
    expect(pages).toBeLessThan(500);
  } while (cursor !== null);
  return { rows, pages };
}
