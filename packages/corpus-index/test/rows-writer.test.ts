import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import Database from 'better-sqlite3';
import { startRowsWriter } from '../src/rows-writer.js';

// A first build's rows writer on its way (ingest.test.ts): here, what its caller sees when it fails.
describe('the rows writer of a first build', () => {
  const { logger } = memoryLogger();
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'rows-writer-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('throws a failed batch at the next write and at drain, and still closes', async () => {
    // A database without the index's tables: forgetting an episode fails in the worker.
    const file = path.join(dir, 'empty.sqlite');
    new Database(file).close();
    const writer = startRowsWriter(file, logger);
    if (writer === undefined) {
      throw new Error('the worker script is not built');
    }
    await writer.write(['feeds/a/metadata/one.metadata.json'], []);
    await expect(writer.write(['feeds/a/metadata/two.metadata.json'], [])).rejects.toThrow(
      /^corpus index rows not written: no such table/,
    );
    await expect(writer.drain()).rejects.toThrow(/no such table/);
    await writer.close();
  });

  it('throws when its worker cannot open the file, and closes', async () => {
    const writer = startRowsWriter(path.join(dir, 'missing', 'index.sqlite'), logger);
    if (writer === undefined) {
      throw new Error('the worker script is not built');
    }
    await writer.write([], []);
    await expect(writer.drain()).rejects.toThrow(/unable to open|directory does not exist/);
    await writer.close();
  });

  it('is not started without its built script', () => {
    expect(
      startRowsWriter(path.join(dir, 'x.sqlite'), logger, { script: path.join(dir, 'none.js') }),
    ).toBeUndefined();
  });
});
