import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateCorpus } from '../src/index.js';
import { filesEndingWith, makeTempDir, readJson } from './corpus-tree.js';

const temp = makeTempDir('flat');
beforeAll(async () => {
  await generateCorpus({
    out: temp.path,
    feeds: 1,
    episodesPerFeed: 5,
    layout: 'flat',
    force: true,
  });
});
afterAll(() => temp.remove());

describe('flat layout', () => {
  it('puts metadata/ and transcripts/ at the root, with no feeds/ and no run.json', () => {
    const metadata = filesEndingWith(temp.path, '.metadata.json');
    expect(metadata).toHaveLength(5);
    expect(metadata.every((relpath) => relpath.startsWith('metadata/'))).toBe(true);
    expect(existsSync(join(temp.path, 'feeds'))).toBe(false);
    expect(filesEndingWith(temp.path, 'run.json')).toEqual([]);
  });

  it('resolves transcript_file_path against the corpus root', () => {
    const paths = filesEndingWith(temp.path, '.metadata.json')
      .map(
        (relpath) =>
          readJson<{ content: { transcript_file_path?: string } }>(join(temp.path, relpath)).content
            .transcript_file_path,
      )
      .filter((path): path is string => path !== undefined);
    expect(paths.length).toBeGreaterThan(2);
    for (const path of paths) {
      expect(existsSync(join(temp.path, path))).toBe(true);
    }
  });
});
