import { mkdtemp, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { nextFrameRows, readProjectionFile, writeProjectionFile } from './projection-file.js';

const noPause = async () => undefined;

/** A stand-in for the store's codec: each frame's rows as JSON. */
const encode = (rows: unknown[]) => Buffer.from(JSON.stringify(rows));
function collector() {
  const rows: unknown[] = [];
  const decode = (body: Buffer) => {
    const frame = JSON.parse(body.toString('utf8')) as unknown[];
    rows.push(...frame);
    return frame.length;
  };
  return { rows, decode };
}

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
    await writeProjectionFile(file, '/corpus', rows, noPause, encode);
    for (const readAhead of [7, 100, 4096, 1 << 20]) {
      const read = collector();
      const answer = await readProjectionFile(file, '/corpus', noPause, read.decode, readAhead);
      expect(answer).toMatchObject({ ok: true, rows: rows.length });
      expect(read.rows).toEqual(rows);
    }
  });

  it('takes fewer rows a frame while frames are slow to encode, and more again once they are quick', async () => {
    expect(nextFrameRows(128, 40)).toBe(64);
    expect(nextFrameRows(1, 40)).toBe(1);
    expect(nextFrameRows(8, 1)).toBe(16);
    expect(nextFrameRows(128, 0)).toBe(128);
    expect(nextFrameRows(32, 3)).toBe(32);
    // An encoder that spends 1 ms a row over the first 300 rows: frames shrink under it, then grow back.
    const sizes: number[] = [];
    let encoded = 0;
    const slow = (frame: unknown[]) => {
      sizes.push(frame.length);
      if (encoded < 300) {
        const until = performance.now() + frame.length;
        while (performance.now() < until) {}
      }
      encoded += frame.length;
      return encode(frame);
    };
    const file = path.join(dir, 'slow.projection');
    await writeProjectionFile(file, '/corpus', rows, noPause, slow);
    expect(sizes[0]).toBe(128);
    expect(Math.min(...sizes)).toBeLessThanOrEqual(8);
    expect(sizes.at(-1)).toBeGreaterThan(8);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(rows.length);
    const read = collector();
    expect(await readProjectionFile(file, '/corpus', noPause, read.decode)).toMatchObject({
      ok: true,
      rows: rows.length,
    });
    expect(read.rows).toEqual(rows);
  });

  it('finds a file cut short corrupt, at any read-ahead', async () => {
    const file = path.join(dir, 'b.projection');
    const bytes = await writeProjectionFile(file, '/corpus', rows, noPause, encode);
    await truncate(file, bytes - 20);
    for (const readAhead of [7, 4096, 1 << 20]) {
      const read = await readProjectionFile(
        file,
        '/corpus',
        noPause,
        collector().decode,
        readAhead,
      );
      expect(read).toMatchObject({ ok: false, miss: 'corrupt' });
    }
  });

  it('finds a frame its decoder cannot read corrupt, and a file of another format stale', async () => {
    const file = path.join(dir, 'c.projection');
    await writeProjectionFile(file, '/corpus', rows, noPause, encode);
    const failing = () => {
      throw new Error('not a row');
    };
    expect(await readProjectionFile(file, '/corpus', noPause, failing)).toMatchObject({
      ok: false,
      miss: 'corrupt',
      reason: 'not a row',
    });
    const text = await readFile(file);
    const headerLength = text.readUInt32LE(0);
    const header = JSON.parse(text.subarray(4, 4 + headerLength).toString('utf8'));
    const older = Buffer.from(JSON.stringify({ ...header, format: 4 }).padEnd(headerLength));
    older.copy(text, 4);
    await writeFile(file, text);
    expect(await readProjectionFile(file, '/corpus', noPause, collector().decode)).toMatchObject({
      ok: false,
      miss: 'stale',
    });
  });
});
