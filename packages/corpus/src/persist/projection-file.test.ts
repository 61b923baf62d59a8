import { mkdtemp, rm, truncate } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readProjectionFile, writeProjectionFile } from './projection-file.js';

const noPause = async () => undefined;

describe('projection file', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'projection-file-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  // 600 rows make five frames of a few KB each.
  const rows = Array.from({ length: 600 }, (_, i) => ['m', `feeds/f/run/metadata/${i}.json`, i]);

  it('reads back every row whatever the read-ahead, frames split across chunks included', async () => {
    const file = path.join(dir, 'a.projection');
    await writeProjectionFile(file, '/corpus', rows, noPause);
    for (const readAhead of [7, 100, 4096, 1 << 20]) {
      const read = await readProjectionFile(file, '/corpus', noPause, undefined, readAhead);
      expect(read.ok).toBe(true);
      expect(read.ok && read.rows).toEqual(rows);
    }
  });

  it('finds a file cut short corrupt, at any read-ahead', async () => {
    const file = path.join(dir, 'b.projection');
    const bytes = await writeProjectionFile(file, '/corpus', rows, noPause);
    await truncate(file, bytes - 20);
    for (const readAhead of [7, 4096, 1 << 20]) {
      const read = await readProjectionFile(file, '/corpus', noPause, undefined, readAhead);
      expect(read).toMatchObject({ ok: false, miss: 'corrupt' });
    }
  });
});
