import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type EpisodeFacts, snapshotFacts } from '@podcast/enrichment';
import { copySampleCorpus, createTestDatabase, type SampleCorpusCopy } from '@podcast/testing';
import { pino } from 'pino';
import { indexFactsReader } from '../src/cli/index-facts.js';

const logger = pino({ level: 'silent' });

describe('an enrichment run reading its facts from the corpus index', () => {
  let copy: SampleCorpusCopy;
  let fromSnapshot: EpisodeFacts[];
  beforeAll(async () => {
    copy = copySampleCorpus('index-facts');
    fromSnapshot = await snapshotFacts(copy.corpusDir, logger);
  });
  afterAll(() => copy.remove());

  it('builds an SQLite index where none is, and reads the facts a snapshot gives', async () => {
    const file = path.join(copy.dir, 'data', 'corpus-index', 'corpus.sqlite');
    const facts = await indexFactsReader({ file }, logger)(copy.corpusDir);
    expect(fromSnapshot.length).toBe(24);
    expect(facts.some((episode) => episode.insights.length > 0)).toBe(true);
    expect(facts).toEqual(fromSnapshot);
    // A second run reads the built file again.
    expect(await indexFactsReader({ file }, logger)(copy.corpusDir)).toEqual(fromSnapshot);
  }, 60_000);

  it('reads the same facts from a PostgreSQL index', async () => {
    const database = await createTestDatabase();
    try {
      const facts = await indexFactsReader({ url: database.url }, logger)(copy.corpusDir);
      expect(facts).toEqual(fromSnapshot);
    } finally {
      await database.close();
    }
  }, 60_000);
});
