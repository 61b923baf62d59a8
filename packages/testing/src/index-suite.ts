import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from '@jest/globals';
import request from 'supertest';
import { SAMPLE_CORPUS_DIR } from './sample-corpus.js';
import { createTestDatabase, type TestDatabase } from './test-database.js';

/** What supertest sends a request to. */
type App = Parameters<typeof request>[0];

/*
 * The shared part of the API suites that hold the corpus index's answers
 * to the projection's: the index's environment per engine, the answer as
 * compared, and the 503 while another process holds the lock of an unbuilt
 * index. A subpath of its own (`@podcast/testing/index-suite`): it imports
 * @jest/globals, which only loads under jest.
 */

export type IndexDialect = 'sqlite' | 'postgres';

/** The index's own environment: an SQLite file under `DATA_DIR`, or a PostgreSQL database. */
export type IndexEnv = { CORPUS_INDEX: 'sqlite'; DATA_DIR: string } | { CORPUS_INDEX_URL: string };

/** The environment for `dialect`, with the throwaway database behind a PostgreSQL one. */
export async function indexEnvFor(
  dialect: IndexDialect,
  dataDir: string,
): Promise<{ env: IndexEnv; database: TestDatabase | undefined }> {
  if (dialect === 'sqlite') {
    return { env: { CORPUS_INDEX: 'sqlite', DATA_DIR: dataDir }, database: undefined };
  }
  // Not the server's C locale: the index's own collation must give the projection's order.
  const database = await createTestDatabase(undefined, { icuLocale: 'en-US' });
  return { env: { CORPUS_INDEX_URL: database.url }, database };
}

/** An API under test as both apps' test builders give it: the express app, its context, its close. */
export interface IndexedTestApp {
  app: App;
  ctx: { corpusIndex?: { isIngester(): boolean; view(): unknown } | undefined };
  close(): Promise<void>;
}

/**
 * Status, type and body, with the request id (which differs per request)
 * left out; an answer that is not JSON (a feed, a transcript) by its text.
 */
export async function answerOf(app: IndexedTestApp, url: string) {
  const res = await request(app.app).get(url).buffer(true);
  const { request_id: _requestId, ...body } = res.body as Record<string, unknown>;
  const text = res.type.includes('json') ? {} : { text: res.text };
  return { url, status: res.status, type: res.type, body, ...text };
}

/** Asserts that every URL answers alike from both apps; returns the statuses seen, sorted. */
export async function expectSameAnswers(
  projection: IndexedTestApp,
  indexed: IndexedTestApp,
  urls: readonly string[],
): Promise<number[]> {
  const statuses = new Set<number>();
  for (const url of urls) {
    const expected = await answerOf(projection, url);
    expect(await answerOf(indexed, url)).toEqual(expected);
    statuses.add(expected.status);
  }
  return [...statuses].sort();
}

/** Another process's ingest lock, as `openIngestLock` of @podcast/corpus-index opens it. */
interface HeldLock {
  tryAcquire(nowMs: number): boolean;
  release(): void;
  close(): void;
}

type Env = Record<string, string>;

export interface UnbuiltIndexCase {
  /** DATA_DIR of the app's SQLite index over the sample corpus. */
  dataDir: string;
  /** The index file the app opens for `env` (its lock is `<file>.lock`). */
  indexFileOf: (env: Env) => string | undefined;
  openLock: (lockFile: string, staleMs: number) => HeldLock;
  /** Starts the app on `env` with the index timing given (a short heartbeat). */
  start: (
    env: Env,
    corpusIndex: { heartbeatMs: number },
  ) => IndexedTestApp | Promise<IndexedTestApp>;
  url: string;
  /** Checks the answer once the index is built. */
  served: (body: Record<string, unknown>) => void;
}

/**
 * One test: while another process holds the lock of an unbuilt SQLite
 * index, `url` answers 503 with Retry-After; once the lock is free the app
 * takes it, builds the index and serves.
 */
export function itAnswers503UntilBuilt(testCase: UnbuiltIndexCase): void {
  it('answers 503 with Retry-After, then serves once the lock is free and the build is done', async () => {
    const { url } = testCase;
    const env = {
      CORPUS_DIR: SAMPLE_CORPUS_DIR,
      CORPUS_INDEX: 'sqlite',
      DATA_DIR: testCase.dataDir,
      // Requests do not wait for the build: the other process never makes it.
      CORPUS_LOAD_WAIT_MS: '1',
    };
    const indexFile = testCase.indexFileOf(env) as string;
    mkdirSync(path.dirname(indexFile), { recursive: true });
    // Another process's lock, as far as the app can tell: it is held and renewed.
    const lock = testCase.openLock(`${indexFile}.lock`, 60_000);
    expect(lock.tryAcquire(Date.now())).toBe(true);
    const app = await testCase.start(env, { heartbeatMs: 100 });
    try {
      const early = await request(app.app).get(url);
      expect(early.status).toBe(503);
      expect(early.headers['retry-after']).toBe('5');
      expect(app.ctx.corpusIndex?.isIngester()).toBe(false);

      lock.release();
      const deadline = Date.now() + 10_000;
      while (app.ctx.corpusIndex?.view() === undefined && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const later = await request(app.app).get(url);
      expect(later.status).toBe(200);
      testCase.served(later.body as Record<string, unknown>);
    } finally {
      lock.close();
      await app.close();
    }
  });
}
