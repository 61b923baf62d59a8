import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { type CorpusRegistry, createCorpusRegistry } from '../src/snapshot/corpus-registry.js';
import { retryDelayMs } from '../src/snapshot/corpus-root.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  makeTempDir,
  memoryLogger,
  metadataDoc,
  RUN_NEW,
  servedOf,
  until,
  writeJson,
  writeStandardCorpus,
} from './corpus-fixture.js';
import { GI_1_0 } from './lineage-fixtures.js';

const titles = (snapshot: CorpusSnapshot) => snapshot.episodes.map((e) => e.title);
// "Within about 2 s" (issue 8), with slack for a machine shared by parallel suites.
const SEEN_WITHIN_MS = 5000;

describe('corpus registry with a watcher', () => {
  let registry: CorpusRegistry | undefined;
  afterEach(() => registry?.close());

  /** A loaded registry that walks only on watch events; `refreshIntervalMs: 0` would walk on every get without one. */
  async function watched() {
    const root = await makeTempDir();
    await writeStandardCorpus(root);
    registry = createCorpusRegistry({
      logger: memoryLogger().logger,
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
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0001 - one.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a1', title: 'One, retitled' }),
    );
    await until(
      async () => titles(await registry.get(root)).includes('One, retitled'),
      SEEN_WITHIN_MS,
    );
    expect((await registry.get(root)).stats.filesRead).toBe(1);
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

  it.each([
    ['watching', true],
    ['walking', false],
  ])(
    'after a run of changes serves exactly what a fresh load serves (%s)',
    async (_mode, watch) => {
      const root = await makeTempDir();
      await writeStandardCorpus(root);
      const logger = memoryLogger().logger;
      registry = createCorpusRegistry({
        logger,
        watch,
        refreshIntervalMs: 0,
        rescanIntervalMs: 3_600_000,
      });
      const changed = registry;
      await changed.get(root);
      const fresh = async () => {
        const other = createCorpusRegistry({ logger: memoryLogger().logger, watch: false });
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
      await rm(path.join(root, `${RUN_NEW}/metadata/0004 - four.gi.json`));
      await settled((s) => s.findEpisodeById('a4')?.has_gi === false);
      // Trashing the newer run lets the older run's copy of a1 win again.
      await rename(path.join(root, RUN_NEW), path.join(root, 'feeds/show-a/.trashed-run'));
      await settled((s) => s.findEpisodeById('a4') === undefined);
      await rename(path.join(root, 'feeds/show-a/.trashed-run'), path.join(root, RUN_NEW));
      await settled((s) => s.findEpisodeById('a4') !== undefined);
    },
  );

  it('runs a full rescan once the safety interval has passed', async () => {
    let clock = 1_000_000;
    const root = await makeTempDir();
    await writeStandardCorpus(root);
    registry = createCorpusRegistry({
      logger: memoryLogger().logger,
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
    const root = await makeTempDir();
    await writeStandardCorpus(root);
    registry = createCorpusRegistry({
      logger: memoryLogger().logger,
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
