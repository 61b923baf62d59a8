import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import { createThumbnails } from '../src/artwork/thumbnails.js';
import { ART_STORE_DIR } from '../src/files/art-ref.js';
import { openRegularFile } from '../src/files/open-file.js';
import { readCorpusObject } from '../src/readers/lenient-parse.js';
import { makeTempDir } from './corpus-fixture.js';

const SAMPLE_ART = path.resolve(
  import.meta.dirname,
  '../../../corpus/sample/.podcast_scraper/corpus-art/sha256',
);

function firstSamplePng(): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  return walk(SAMPLE_ART).find((file) => file.endsWith('.png')) as string;
}

// Special files and symlinks a corpus may hold.
describe('special files in a corpus', () => {
  const temp = { dir: '' };

  beforeAll(async () => {
    temp.dir = await makeTempDir('special-files-');
  });

  afterAll(async () => {
    await rm(temp.dir, { recursive: true, force: true });
  });

  it('reads a FIFO named like metadata as an unreadable file instead of blocking', () => {
    const fifo = path.join(temp.dir, 'pipe.metadata.json');
    execFileSync('mkfifo', [fifo]);
    const read = readCorpusObject(fifo, memoryLogger().logger);
    expect(read?.record).toBeUndefined();
  });

  it('creates no folder outside the corpus through a symlinked derived/', async () => {
    const root = path.join(temp.dir, 'corpus');
    const outside = path.join(temp.dir, 'outside');
    const store = path.join(root, ART_STORE_DIR);
    mkdirSync(path.join(store, 'sha256'), { recursive: true });
    mkdirSync(outside);
    symlinkSync(outside, path.join(store, 'derived'));
    const ref = `${ART_STORE_DIR}/sha256/cover.png`;
    const source = path.join(root, ref);
    copyFileSync(firstSamplePng(), source);
    const thumbnail = await createThumbnails(memoryLogger().logger).thumbnailOf({
      root,
      ref,
      source,
      original: await openRegularFile(source, 'ref'),
    });
    // Served from memory; nothing was made through the link.
    expect(thumbnail.kind).toBe('memory');
    expect(existsSync(path.join(outside, 'thumb'))).toBe(false);
  });
});
