import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { EpisodeRecord } from '../src/records/episode-record.js';
import type { CorpusRegistry } from '../src/snapshot/corpus-registry.js';
import { retryDelayMs, saveDelayAfter, savePlanFor } from '../src/snapshot/corpus-root.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  createQuietRegistry,
  makeStandardCorpus,
  metadataDoc,
  RUN_NEW,
  RUN_OLD,
  retitleNewestOne,
  servedOf,
  setMtime,
  until,
  writeJson,
} from './corpus-fixture.js';
import { GI_1_0, KG_1_2 } from './lineage-fixtures.js';

const titles = (snapshot: CorpusSnapshot) => snapshot.episodes.map((e) => e.title);
// "Within about 2 s", with slack for a machine shared by parallel suites.
const SEEN_WITHIN_MS = 5000;

describe('corpus registry with a watcher', () => {
  let registry: CorpusRegistry | undefined;
  afterEach(() => registry?.close());

  /** A loaded registry that walks only on watch events; `refreshIntervalMs: 0` would walk on every get without one. */
  async function watched() {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({
      watch: true,
      refreshIntervalMs: 0,
      rescanIntervalMs: 3_600_000,
    });
    await registry.get(root);
    const status = () => registry?.describe().find((s) => s.root === root);
    return { root, registry, status };
  }

  it('does no walk for an unchanged corpus, however often it is asked', async () => {
    const { root, registry, status } = await watched();
    expect(status()?.watching).toBe(true);
    const before = status();
    for (let i = 0; i < 20; i++) {
      await registry.get(root);
    }
    expect(status()?.syncs).toBe(before?.syncs);
    expect(status()?.dirsStatted).toBe(before?.dirsStatted);
  });

  it('sees a new episode in a bounded wait, statting only the changed directory', async () => {
    const { root, registry, status } = await watched();
    const statted = status()?.dirsStatted ?? 0;
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0009 - nine.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a9', title: 'Nine' }),
    );
    await until(async () => titles(await registry.get(root)).includes('Nine'), SEEN_WITHIN_MS);
    const latest = await registry.get(root);
    expect(latest.stats.filesRead).toBe(1);
    // Only directories named by events are visited; the standard corpus has more than ten.
    expect((status()?.dirsStatted ?? 0) - statted).toBeLessThan(4);
  });

  it('sees a changed episode in a bounded wait', async () => {
    const { root, registry } = await watched();
    const before = await registry.get(root);
    await retitleNewestOne(root, 'One, retitled');
    await until(
      async () => titles(await registry.get(root)).includes('One, retitled'),
      SEEN_WITHIN_MS,
    );
    const after = await registry.get(root);
    expect(after.stats.filesRead).toBe(1);
    // A retitle touches no artifact: the listing and the parsed layers are the ones before.
    expect(after).not.toBe(before);
    expect(after.artifacts).toBe(before.artifacts);
    const two = after.findEpisodeById('a2') as EpisodeRecord;
    expect(after.graphOf(two)).toBe(before.graphOf(two));
    // Its lookups give the new record; the snapshot before keeps the old one.
    const one = after.findEpisodeById('a1') as EpisodeRecord;
    expect(one.title).toBe('One, retitled');
    expect(after.findEpisodeBySlug(one.slug)).toBe(one);
    expect(after.findEpisodeByRelpath(one.metadata_relpath)).toBe(one);
    expect(before.findEpisodeById('a1')?.title).toBe('One');
  });

  it('sees a removed episode in a bounded wait', async () => {
    const { root, registry } = await watched();
    const first = await registry.get(root);
    expect(titles(first)).toContain('Flat');
    await rm(path.join(root, 'metadata/flat1.metadata.yml'));
    await until(async () => !titles(await registry.get(root)).includes('Flat'), SEEN_WITHIN_MS);
  });

  it('sees an episode written into a directory created after the load', async () => {
    const { root, registry } = await watched();
    await writeJson(
      root,
      'feeds/show-z/run_20260501-100000_cccc3333/metadata/0001 - zed.metadata.json',
      metadataDoc({ feedId: 'show-z', episodeId: 'z1', title: 'Zed' }),
    );
    await until(async () => titles(await registry.get(root)).includes('Zed'), SEEN_WITHIN_MS);
  });

  it('watches the directories a change brings and stops watching those it takes away', async () => {
    const { root, registry, status } = await watched();
    const watchedAtLoad = status()?.watchedDirs ?? 0;
    const run = 'feeds/show-z/run_20260501-100000_cccc3333';
    await writeJson(
      root,
      `${run}/metadata/0001 - zed.metadata.json`,
      metadataDoc({ feedId: 'show-z', episodeId: 'z1', title: 'Zed' }),
    );
    await until(async () => titles(await registry.get(root)).includes('Zed'), SEEN_WITHIN_MS);
    expect(status()?.watchedDirs).toBe(watchedAtLoad + 3); // the feed, its run, its metadata
    // A second file in the new folder is seen through the folder's own watch.
    await writeJson(
      root,
      `${run}/metadata/0002 - zed two.metadata.json`,
      metadataDoc({ feedId: 'show-z', episodeId: 'z2', title: 'Zed two' }),
    );
    await until(async () => titles(await registry.get(root)).includes('Zed two'), SEEN_WITHIN_MS);
    await rm(path.join(root, 'feeds/show-z'), { recursive: true });
    await until(async () => !titles(await registry.get(root)).includes('Zed'), SEEN_WITHIN_MS);
    // The removed folders' watches may close a moment after the snapshot without them is served.
    await until(async () => status()?.watchedDirs === watchedAtLoad, SEEN_WITHIN_MS).catch(
      () => undefined,
    );
    expect(status()?.watchedDirs).toBe(watchedAtLoad);
  });

  it.each([
    ['watching', true],
    ['walking', false],
  ])(
    'after a run of changes serves exactly what a fresh load serves (%s)',
    async (_mode, watch) => {
      const root = await makeStandardCorpus();
      registry = createQuietRegistry({
        watch,
        refreshIntervalMs: 0,
        rescanIntervalMs: 3_600_000,
      });
      const changed = registry;
      await changed.get(root);
      const fresh = async () => {
        const other = createQuietRegistry({ watch: false });
        try {
          return servedOf(await other.get(root));
        } finally {
          other.close();
        }
      };
      const settled = async (check: (s: CorpusSnapshot) => boolean) => {
        await until(async () => check(await changed.get(root)), SEEN_WITHIN_MS);
        expect(servedOf(await changed.get(root))).toEqual(await fresh());
      };
      await writeJson(
        root,
        `${RUN_NEW}/metadata/0004 - four.metadata.json`,
        metadataDoc({ feedId: 'show-a', episodeId: 'a4', title: 'Four', published: '2026-04-04' }),
      );
      await writeJson(root, `${RUN_NEW}/metadata/0004 - four.gi.json`, GI_1_0);
      await settled((s) => s.findEpisodeById('a4')?.has_gi === true);
      // A new publish date moves the episode and dates its artifacts' rows anew.
      await writeJson(
        root,
        `${RUN_NEW}/metadata/0004 - four.metadata.json`,
        metadataDoc({ feedId: 'show-a', episodeId: 'a4', title: 'Four', published: '2026-05-05' }),
      );
      await settled((s) => s.findEpisodeById('a4')?.publish_date === '2026-05-05');
      // A sibling that comes to a known episode changes its record, not the winners.
      await writeJson(root, `${RUN_NEW}/metadata/0004 - four.kg.json`, KG_1_2);
      await settled((s) => s.findEpisodeById('a4')?.has_kg === true);
      // The losing copy of a1 turns unreadable, then readable again: the winners stay the
      // same while the copies and the hidden artifacts change.
      // Replaced by rename, so a walk sees the directory move however old the file is.
      const oldOne = path.join(root, `${RUN_OLD}/metadata/0001 - one.metadata.json`);
      const replace = async (text: string) => {
        await writeFile(`${oldOne}.tmp`, text);
        await rename(`${oldOne}.tmp`, oldOne);
      };
      const copiesOfA1 = (s: CorpusSnapshot) =>
        s.copiesOf(s.findEpisodeById('a1') as EpisodeRecord);
      const oldText = await readFile(oldOne, 'utf8');
      await replace('{ not json');
      await settled((s) => copiesOfA1(s).length === 1);
      await replace(oldText);
      await settled((s) => copiesOfA1(s).length === 2);
      await rm(path.join(root, `${RUN_NEW}/metadata/0004 - four.gi.json`));
      await settled((s) => s.findEpisodeById('a4')?.has_gi === false);
      // Trashing the newer run lets the older run's copy of a1 win again.
      await rename(path.join(root, RUN_NEW), path.join(root, 'feeds/show-a/.trashed-run'));
      await settled((s) => s.findEpisodeById('a4') === undefined);
      await rename(path.join(root, 'feeds/show-a/.trashed-run'), path.join(root, RUN_NEW));
      await settled((s) => s.findEpisodeById('a4') !== undefined);
    },
  );

  it('forgets every file of a run that went, its files long settled (walking)', async () => {
    const root = await makeStandardCorpus();
    // Older than the racy window: no file is re-statted as recent, so only the
    // walk's listing changes can tell the sync which files went.
    const hourAgo = Date.now() / 1000 - 3600;
    for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) {
        await setMtime(root, path.relative(root, path.join(entry.parentPath, entry.name)), hourAgo);
      }
    }
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 0 });
    expect((await registry.get(root)).findEpisodeById('a4')).toBeUndefined();
    const before = await registry.get(root);
    expect(before.artifacts.some((a) => a.relative_path.startsWith(RUN_NEW))).toBe(true);
    await rename(path.join(root, RUN_NEW), path.join(root, 'feeds/show-a/.trashed-run'));
    const after = await registry.get(root);
    expect(after.artifacts.some((a) => a.relative_path.startsWith(RUN_NEW))).toBe(false);
    const other = createQuietRegistry({ watch: false });
    try {
      expect(servedOf(after)).toEqual(servedOf(await other.get(root)));
    } finally {
      other.close();
    }
  });

  it('sees a settled file at the corpus root replaced by rename (walking)', async () => {
    const root = await makeStandardCorpus();
    // The root holds no episodes, but a GI file there is tracked and listed (an orphan).
    const relpath = 'root-orphan.gi.json';
    await writeJson(root, relpath, GI_1_0);
    const hourAgo = Date.now() / 1000 - 3600;
    await setMtime(root, relpath, hourAgo);
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 0 });
    const rowOf = (s: CorpusSnapshot) => s.artifacts.find((a) => a.relative_path === relpath);
    const before = rowOf(await registry.get(root));
    expect(before).toBeDefined();
    // A rename moves the root's mtime, so the walk lists the root again; the
    // file's own mtime stays settled, so only that listing can ask for its stat.
    await writeJson(root, `${relpath}.tmp`, { ...GI_1_0, note: 'replaced, and longer' });
    await setMtime(root, `${relpath}.tmp`, hourAgo + 60);
    await rename(path.join(root, `${relpath}.tmp`), path.join(root, relpath));
    const after = rowOf(await registry.get(root));
    expect(after?.size_bytes).toBeGreaterThan(before?.size_bytes ?? Number.POSITIVE_INFINITY);
    expect(after?.mtime_utc).not.toBe(before?.mtime_utc);
  });

  it('runs a full rescan once the safety interval has passed', async () => {
    let clock = 1_000_000;
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({
      watch: true,
      rescanIntervalMs: 60_000,
      now: () => new Date(clock),
    });
    await registry.get(root);
    const syncs = registry.describe()[0]?.syncs ?? 0;
    await registry.get(root);
    expect(registry.describe()[0]?.syncs).toBe(syncs);
    clock += 60_000;
    await registry.get(root);
    expect(registry.describe()[0]?.syncs).toBe(syncs + 1);
    expect(registry.describe()[0]?.lastFullScanAt).toBe(new Date(clock).toISOString());
  });

  it('runs the safety rescan on its own timer, with no request asking', async () => {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({
      watch: true,
      rescanIntervalMs: 100,
    });
    await registry.get(root);
    const first = registry.describe()[0];
    expect(first?.watching).toBe(true);
    await until(
      async () => (registry?.describe()[0]?.syncs ?? 0) >= (first?.syncs ?? 0) + 2,
      SEEN_WITHIN_MS,
    );
    expect(registry.describe()[0]?.lastFullScanAt).not.toBe(first?.lastFullScanAt);
  });
});

describe('retryDelayMs', () => {
  it('doubles from the settle delay with each failure in a row, up to a minute', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n, 100))).toEqual([200, 400, 800, 1600]);
    expect(retryDelayMs(12, 100)).toBe(60_000);
    expect(retryDelayMs(1_000, 100)).toBe(60_000);
    expect(retryDelayMs(1, 0)).toBe(2);
  });
});

describe('saveDelayAfter', () => {
  it('waits the save delay after quick saves and ten times the last save after slow ones', () => {
    expect(saveDelayAfter(0, 5000)).toBe(5000);
    expect(saveDelayAfter(120, 5000)).toBe(5000);
    expect(saveDelayAfter(4800, 5000)).toBe(48_000);
  });
});

describe('savePlanFor', () => {
  const delays = { settleMs: 5000, quietMs: 300_000, lastSaveMs: 0 };

  it('saves a few changes once the root has been quiet, and many once they settle', () => {
    expect(savePlanFor(1, 400_000, delays)).toEqual({ whenQuiet: true, delayMs: 300_000 });
    // 0.1 % of 400,000 tracked files: 400 changes.
    expect(savePlanFor(399, 400_000, delays).whenQuiet).toBe(true);
    expect(savePlanFor(400, 400_000, delays)).toEqual({ whenQuiet: false, delayMs: 5000 });
    // Small corpora: 100 changes at least.
    expect(savePlanFor(99, 4000, delays).whenQuiet).toBe(true);
    expect(savePlanFor(100, 4000, delays).whenQuiet).toBe(false);
    expect(savePlanFor(1, 40, { ...delays, minChanges: 1 }).whenQuiet).toBe(false);
  });

  it('never saves sooner than ten times the last save took', () => {
    const slow = { ...delays, lastSaveMs: 40_000 };
    expect(savePlanFor(400, 400_000, slow)).toEqual({ whenQuiet: false, delayMs: 400_000 });
    expect(savePlanFor(1, 400_000, slow)).toEqual({ whenQuiet: true, delayMs: 400_000 });
  });
});
