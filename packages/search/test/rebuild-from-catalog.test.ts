import type { ChildProcess } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  type IndexLocation,
  ingestCorpus,
  openIndexWriter,
  openPgIndexWriter,
} from '@podcast/corpus-index';
import { defaultVectorCacheFile } from '@podcast/providers';
import { createTestDatabase } from '@podcast/testing';
import { pino } from 'pino';
import { TIER_TABLES } from '../src/documents/index-document.js';
import {
  type IndexMeta,
  indexPathsOf,
  type RebuildEvent,
  readIndexMeta,
  startRebuild,
} from '../src/index.js';
import { loadLanceDb } from '../src/store/lance-tables.js';
import { copySampleCorpus } from './sample-copy.js';

const embedding = { kind: 'static_word_vectors' as const, cacheFile: defaultVectorCacheFile() };
const now = () => new Date();
const logger = pino({ level: 'silent' });

/** Every row of every tier without its vector, in one order: what a search can find. */
async function rowsOf(root: string): Promise<string[]> {
  const db = await (await loadLanceDb()).connect(indexPathsOf(root).lanceDir);
  const rows: string[] = [];
  for (const name of Object.values(TIER_TABLES)) {
    const table = await db.openTable(name);
    for (const row of await table.query().limit(1_000_000).toArray()) {
      const { vector, ...fields } = row as Record<string, unknown>;
      rows.push(JSON.stringify({ table: name, ...fields, dims: (vector as unknown[]).length }));
    }
  }
  return rows.sort();
}

interface Built {
  rows: string[];
  fingerprints: string;
  meta: IndexMeta | undefined;
}

describe('a search index build from the corpus index catalog', () => {
  let corpus: Awaited<ReturnType<typeof copySampleCorpus>>;
  let fromSnapshot: Built;
  const builders = new Set<ChildProcess>();

  const build = async (from?: IndexLocation): Promise<RebuildEvent | undefined> => {
    const start = await startRebuild(corpus.root, embedding, true, now, builders, undefined, from);
    return start.status === 'started' ? start.finished : undefined;
  };
  const built = async (): Promise<Built> => {
    const paths = indexPathsOf(corpus.root);
    const meta = await readIndexMeta(paths.meta);
    return {
      rows: await rowsOf(corpus.root),
      fingerprints: await readFile(paths.fingerprints, 'utf8'),
      meta: meta && { ...meta, last_updated: '' },
    };
  };

  beforeAll(async () => {
    corpus = await copySampleCorpus();
    expect(await build()).toMatchObject({ event: 'rebuild_finished', episodes_embedded: 24 });
    fromSnapshot = await built();
  }, 120_000);
  afterAll(() => corpus.remove());

  it('writes the same rows, fingerprints and counts from an SQLite index', async () => {
    const file = path.join(path.dirname(corpus.root), 'index', 'corpus.sqlite');
    await mkdir(path.dirname(file));
    const writer = await openIndexWriter(file, logger);
    await ingestCorpus({ db: writer.db, root: corpus.root, logger });
    await writer.close();
    expect(await build({ file })).toMatchObject({
      event: 'rebuild_finished',
      episodes_embedded: 24,
    });
    const fromIndex = await built();
    expect(fromIndex.rows.length).toBeGreaterThan(500);
    expect(fromIndex).toEqual(fromSnapshot);
  }, 120_000);

  it('writes the same rows, fingerprints and counts from a PostgreSQL index', async () => {
    const database = await createTestDatabase();
    try {
      const writer = await openPgIndexWriter(database.url, logger);
      await ingestCorpus({ db: writer.db, root: corpus.root, logger });
      await writer.close();
      expect(await build({ url: database.url })).toMatchObject({
        event: 'rebuild_finished',
        episodes_embedded: 24,
      });
      expect(await built()).toEqual(fromSnapshot);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('fails the build, and keeps the index, while the corpus index has no catalog', async () => {
    const before = await readIndexMeta(indexPathsOf(corpus.root).meta);
    const missing = { file: path.join(path.dirname(corpus.root), 'index', 'none.sqlite') };
    expect(await build(missing)).toMatchObject({
      event: 'rebuild_failed',
      error: 'the corpus index has no catalog to build from yet',
    });
    expect(await readIndexMeta(indexPathsOf(corpus.root).meta)).toEqual(before);
  }, 60_000);
});
