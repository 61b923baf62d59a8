import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { generateCorpus } from '../src/index.js';
import { listTree, makeTempDir } from './corpus-tree.js';

/** The arguments corpus/sample was generated with (see its README). */
const SAMPLE = { feeds: 4, episodesPerFeed: 6 } as const;
const SAMPLE_DIR = join(import.meta.dirname, '../../../corpus/sample');

const temp = makeTempDir('sample');

// State the servers write into a corpus they serve (`pnpm start` runs on the
// sample): the thumbnail cache, the seeded operator file, app and job state.
// It is git-ignored and is not the generator's output.
const RUNTIME_STATE = [
  /^\.podcast_scraper\/corpus-art\/derived(\/|$)/,
  /^viewer_operator\.yaml$/,
  /^\.(viewer|app)(\/|$)/,
];
const isGenerated = (relpath: string) => !RUNTIME_STATE.some((re) => re.test(relpath));
afterAll(() => temp.remove());

describe('the checked-in corpus/sample', () => {
  it('is exactly what the generator produces now', async () => {
    expect(existsSync(SAMPLE_DIR)).toBe(true);
    await generateCorpus({ out: temp.path, ...SAMPLE, force: true });
    // Git does not keep mtimes, so compare names and content only.
    const contents = (root: string) =>
      listTree(root)
        .filter(({ relpath }) => isGenerated(relpath))
        .map(({ relpath, kind, sha256 }) => ({ relpath, kind, sha256 }));
    expect(contents(SAMPLE_DIR)).toEqual(contents(temp.path));
  });

  it('stays under 2 MB', () => {
    const bytes = listTree(SAMPLE_DIR).reduce((sum, entry) => sum + entry.size, 0);
    expect(bytes).toBeLessThan(2_000_000);
  });
});
