import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import { createCorpusCaches } from '../src/caches/corpus-caches.js';
import type { SyncDeps } from '../src/snapshot/corpus-cache.js';
import { buildCorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import { createCorpusState } from '../src/snapshot/corpus-state.js';
import { type SyncRequest, syncCorpusState } from '../src/snapshot/corpus-sync.js';
import { createTimeSlicer } from '../src/snapshot/time-slicer.js';
import { makeStandardCorpus, RUN_NEW } from './corpus-fixture.js';
import { GI_2_0 } from './lineage-fixtures.js';

/**
 * A snapshot derives its artifact listing and its copy of the layer values
 * in steps after it is published, on the event loop. The next sync must
 * finish the old snapshot's steps before it changes the state they read:
 * on a small corpus the steps are done by the time its walk returns, on a
 * large one they may not be.
 */
describe('the steps a published snapshot still has to run', () => {
  const full = (): SyncRequest => ({
    full: true,
    trusted: false,
    dirtyFiles: new Set(),
    dirtyDirs: new Set(),
  });

  async function loadedState() {
    const root = await makeStandardCorpus();
    const state = createCorpusState(root);
    const deps: SyncDeps = {
      logger: memoryLogger().logger,
      nowMs: Date.now(),
      concurrency: 4,
      slicer: createTimeSlicer(),
      parseAheadMin: 1000,
    };
    const caches = createCorpusCaches();
    const snapshotAfterSync = async () => {
      const { winners, counters } = await syncCorpusState(state, full(), deps);
      const stats = { ...counters, durationMs: 0, metadataFiles: state.metadata.size };
      return buildCorpusSnapshot({ state, winners, stats, loadedAt: new Date(), caches });
    };
    return { root, state, snapshotAfterSync };
  }

  it('keeps the layers of a snapshot nobody read when the next sync changes one', async () => {
    const { root, snapshotAfterSync } = await loadedState();
    const first = await snapshotAfterSync();
    // No await between the publish and the next sync's start (its walk lets the steps run).
    writeFileSync(path.join(root, RUN_NEW, 'metadata/0001 - one.gi.json'), JSON.stringify(GI_2_0));
    const next = await snapshotAfterSync();
    const inFirst = first.findEpisodeById('a1');
    const inNext = next.findEpisodeById('a1');
    expect(inFirst && first.graphOf(inFirst)?.schema_version).toBe('3.1');
    expect(inNext && next.graphOf(inNext)?.schema_version).toBe('2.0');
  });

  it("has the steps finished by the state's beforeChange, which a sync runs before its first change", async () => {
    const { state, snapshotAfterSync } = await loadedState();
    const first = await snapshotAfterSync();
    const episode = first.findEpisodeById('a1');
    const gi = episode?.gi_relpath ?? '';
    const stored = state.artifacts.get(gi);
    expect(stored?.value).toBeTruthy();
    // What a sync does when its walk returned before the steps ran: finish them, then change the state.
    state.beforeChange?.();
    state.beforeChange = undefined;
    if (stored !== undefined) {
      stored.value = null; // re-read, and found unreadable
      state.artifactsVersion++;
    }
    expect(episode && first.graphOf(episode)?.schema_version).toBe('3.1');
    expect(first.artifacts.some((entry) => entry.relative_path === gi)).toBe(true);
  });
});
