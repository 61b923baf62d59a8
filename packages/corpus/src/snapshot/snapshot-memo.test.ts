import { describe, expect, it } from '@jest/globals';
import type { CorpusSnapshot } from './corpus-snapshot.js';
import { createDerivedValues, perSnapshotInSlices, warmUpSnapshot } from './snapshot-memo.js';

/** The parts of a snapshot these memos read: its root, its own values and its root's lasting ones. */
function snapshotOf(root: string, lasting = createDerivedValues()): CorpusSnapshot {
  return { root, derived: createDerivedValues(), lasting } as unknown as CorpusSnapshot;
}

describe('perSnapshotInSlices', () => {
  it('shares one build between the callers of a snapshot', async () => {
    let builds = 0;
    const memoOf = perSnapshotInSlices(async (s) => `${s.root}#${++builds}`, 'test_value');
    const snapshot = snapshotOf('/corpus');
    const [a, b] = await Promise.all([memoOf(snapshot), memoOf(snapshot)]);
    expect([a, b]).toEqual(['/corpus#1', '/corpus#1']);
  });

  it('drops a failed build, so the next caller builds again', async () => {
    let builds = 0;
    const memoOf = perSnapshotInSlices(async () => {
      builds++;
      if (builds === 1) {
        throw new Error('first build fails');
      }
      return builds;
    }, 'flaky_value');
    const snapshot = snapshotOf('/corpus');
    await expect(memoOf(snapshot)).rejects.toThrow('first build fails');
    await expect(memoOf(snapshot)).resolves.toBe(2);
  });

  it("warms a root's later snapshots once one of its snapshots was asked, and no other root's", async () => {
    const built: string[] = [];
    const memoOf = perSnapshotInSlices(async (s) => {
      built.push(s.root);
    }, 'warm_value');
    const lasting = createDerivedValues();
    const errors: unknown[] = [];
    warmUpSnapshot(snapshotOf('/corpus', lasting), (err) => errors.push(err));
    expect(built).toEqual([]); // not asked yet: nothing is built in the background
    await memoOf(snapshotOf('/corpus', lasting));
    const next = snapshotOf('/corpus', lasting);
    warmUpSnapshot(next, (err) => errors.push(err));
    warmUpSnapshot(snapshotOf('/corpus/feeds', lasting), (err) => errors.push(err));
    await memoOf(next); // the warm-up's build, not a second one
    expect(built).toEqual(['/corpus', '/corpus']);
    expect(errors).toEqual([]);
  });

  it('reports a failed warm-up and builds the value again on its next request', async () => {
    let fail = false;
    const memoOf = perSnapshotInSlices(async () => {
      if (fail) {
        throw new Error('warm-up fails');
      }
      return 'built';
    }, 'warm_flaky');
    const lasting = createDerivedValues();
    await memoOf(snapshotOf('/corpus', lasting));
    fail = true;
    const next = snapshotOf('/corpus', lasting);
    const errors: unknown[] = [];
    await new Promise<void>((resolve) => {
      warmUpSnapshot(next, (err) => {
        errors.push(err);
        resolve();
      });
    });
    expect((errors[0] as Error).message).toBe('warm-up fails');
    fail = false;
    await expect(memoOf(next)).resolves.toBe('built');
  });
});
