import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { generateCorpus } from '../src/index.js';
import { listTree, makeTempDir } from './corpus-tree.js';

const base = makeTempDir('det-a');
const again = makeTempDir('det-b');
const otherSeed = makeTempDir('det-c');
const options = { feeds: 3, episodesPerFeed: 5, seed: 7, force: true };

beforeAll(async () => {
  await generateCorpus({ ...options, out: base.path });
});
afterAll(() => {
  for (const dir of [base, again, otherSeed]) {
    dir.remove();
  }
});

describe('generateCorpus determinism', () => {
  it('writes byte-identical trees with identical file and folder mtimes for the same arguments', async () => {
    await generateCorpus({ ...options, out: again.path });
    const first = listTree(base.path);
    expect(first.filter((e) => e.kind === 'file').length).toBeGreaterThan(100);
    expect(listTree(again.path)).toEqual(first);
  });

  it('writes different content for a different seed', async () => {
    await generateCorpus({ ...options, seed: 8, out: otherSeed.path });
    const hashes = (root: string) =>
      new Set(listTree(root).flatMap((e) => (e.kind === 'file' ? [e.sha256] : [])));
    const seven = hashes(base.path);
    const shared = [...hashes(otherSeed.path)].filter((hash) => seven.has(hash));
    expect(shared.length).toBeLessThan(5);
  });
});
