import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { generateCorpus } from '../src/index.js';
import { listTree, makeTempDir } from './corpus-tree.js';

/** The arguments corpus/sample was generated with (see its README). */
const SAMPLE = { feeds: 4, episodesPerFeed: 6 } as const;
const SAMPLE_DIR = join(import.meta.dirname, '../../../corpus/sample');

const temp = makeTempDir('sample');
afterAll(() => temp.remove());

describe('the checked-in corpus/sample', () => {
  it('is exactly what the generator produces now', async () => {
    expect(existsSync(SAMPLE_DIR)).toBe(true);
    await generateCorpus({ out: temp.path, ...SAMPLE, force: true });
    // Git does not keep mtimes, so compare names and content only.
    const contents = (root: string) =>
      listTree(root).map(({ relpath, kind, sha256 }) => ({ relpath, kind, sha256 }));
    expect(contents(SAMPLE_DIR)).toEqual(contents(temp.path));
  });

  it('stays under 2 MB', () => {
    const bytes = listTree(SAMPLE_DIR).reduce((sum, entry) => sum + entry.size, 0);
    expect(bytes).toBeLessThan(2_000_000);
  });
});
