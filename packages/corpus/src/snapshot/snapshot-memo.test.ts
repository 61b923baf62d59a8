import { describe, expect, it } from '@jest/globals';
import { createDerivedValues } from '../caches/derived-values.js';
import type { CorpusSnapshot } from './corpus-snapshot.js';
import { perSnapshotInSlices, warmUpSnapshot } from './snapshot-memo.js';

/** A `superseded` that never turns true: the snapshot stays the newest. */
const current = () => false;

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
    warmUpSnapshot(snapshotOf('/corpus', lasting), current, (err) => errors.push(err));
    expect(built).toEqual([]); // not asked yet: nothing is built in the background
    await memoOf(snapshotOf('/corpus', lasting));
    const next = snapshotOf('/corpus', lasting);
    warmUpSnapshot(next, current, (err) => errors.push(err));
    warmUpSnapshot(snapshotOf('/corpus/feeds', lasting), current, (err) => errors.push(err));
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
      warmUpSnapshot(next, current, (err) => {
        errors.push(err);
        resolve();
      });
    });
    expect((errors[0] as Error).message).toBe('warm-up fails');
    fail = false;
    await expect(memoOf(next)).resolves.toBe('built');
  });

  it('stops a warm build nobody waits for once a newer snapshot replaced its own', async () => {
    let steps = 0;
    let finished = 0;
    const memoOf = perSnapshotInSlices(async (_s, slicer) => {
      for (let i = 0; i < 100; i++) {
        await slicer.yieldIfDue();
        steps++;
      }
      finished++;
      return 'built';
    }, 'warm_superseded');
    const lasting = createDerivedValues();
    await memoOf(snapshotOf('/corpus', lasting));
    const [stale, kept] = [snapshotOf('/corpus', lasting), snapshotOf('/corpus', lasting)];
    let replaced = false;
    const errors: unknown[] = [];
    steps = 0;
    warmUpSnapshot(
      stale,
      () => replaced,
      (err) => errors.push(err),
    );
    warmUpSnapshot(
      kept,
      () => replaced,
      (err) => errors.push(err),
    );
    const joined = memoOf(kept); // a request waits for this one: it always finishes
    replaced = true;
    await expect(joined).resolves.toBe('built');
    expect(finished).toBe(2); // the first snapshot's and the kept one's; the stale one stopped
    expect(steps).toBeLessThan(200);
    expect(errors).toEqual([]); // a stopped build is no failure
    await expect(memoOf(stale)).resolves.toBe('built'); // asked later: built again, in full
  });
});
