import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { ART_STORE_DIR } from '../files/art-ref.js';
import { openRegularFile } from '../files/open-file.js';
import { createThumbnails } from './thumbnails.js';

let root: string;
const lines: string[] = [];
const logger = pino(
  { level: 'warn' },
  new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  }),
);
const attempts = () => lines.filter((l) => l.includes('could not be rendered')).length;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'thumbnails-'));
  await mkdir(path.join(root, ART_STORE_DIR), { recursive: true });
  for (const name of ['a', 'b', 'c']) {
    await writeFile(path.join(root, ART_STORE_DIR, `${name}.png`), `not a PNG: ${name}`);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('createThumbnails failure memo', () => {
  it('keeps at most maxFailures versions, dropping the oldest', async () => {
    const thumbnails = createThumbnails(logger, 2);
    const thumb = async (name: string) => {
      const ref = `${ART_STORE_DIR}/${name}.png`;
      const source = path.join(root, ref);
      const original = await openRegularFile(source, 'ref');
      await expect(thumbnails.thumbnailOf({ root, ref, source, original })).rejects.toThrow(
        'could not be decoded',
      );
    };
    for (const name of ['a', 'b', 'a', 'c']) {
      await thumb(name);
    }
    expect(attempts()).toBe(3);
    expect(thumbnails.failedCount()).toBe(2);
    await thumb('b'); // still remembered
    expect(attempts()).toBe(3);
    await thumb('a'); // the oldest, dropped when c came in
    expect(attempts()).toBe(4);
  });
});
