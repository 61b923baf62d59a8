import { rmSync } from 'node:fs';
import { rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import type { CorpusRegistry } from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import {
  createQuietRegistry,
  makeStandardCorpus,
  metadataDoc,
  RUN_NEW,
  RUN_OLD,
  until,
  writeJson,
} from './corpus-fixture.js';
import { GI_1_0 } from './lineage-fixtures.js';

const titles = (snapshot: CorpusSnapshot) => snapshot.episodes.map((e) => e.title).sort();

describe('corpus registry refresh', () => {
  let registry: CorpusRegistry | undefined;
  afterEach(() => registry?.close());

  async function loaded(options: {
    watch: boolean;
    refreshIntervalMs: number;
    now?: () => Date;
    serveStale?: boolean;
  }) {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry(options);
    return { root, registry, first: await registry.get(root) };
  }

  it('reads every tracked file once on the first load', async () => {
    const { first } = await loaded({ watch: false, refreshIntervalMs: 0 });
    // 5 metadata files + 9 artifacts of winning episodes; the old run's GI and the orphan stay unread.
    expect(first.stats.filesRead).toBe(14);
  });

  it('keeps the same snapshot when a check finds nothing changed', async () => {
    const { root, registry, first } = await loaded({ watch: false, refreshIntervalMs: 0 });
    expect(await registry.get(root)).toBe(first);
    expect(await registry.refresh(root)).toBe(first);
  });

  it('picks up an added episode by reading only the new files', async () => {
    const { root, registry, first } = await loaded({ watch: false, refreshIntervalMs: 0 });
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0003 - three.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a3', title: 'Three' }),
    );
    await writeJson(root, `${RUN_NEW}/metadata/0003 - three.gi.json`, GI_1_0);
    const next = await registry.get(root);
    expect(next).not.toBe(first);
    expect(titles(next)).toContain('Three');
    expect(next.stats.filesRead).toBe(2);
    expect(next.findEpisodeById('a3')?.has_gi).toBe(true);
  });

  it('re-reads only a modified file on refresh', async () => {
    const { root, registry } = await loaded({ watch: false, refreshIntervalMs: 60_000 });
    await writeJson(
      root,
      'metadata/flat1.metadata.yml',
      metadataDoc({ feedId: 'show-c', episodeId: 'c1', title: 'Flat, renamed' }),
    );
    const next = await registry.refresh(root);
    expect(titles(next)).toContain('Flat, renamed');
    expect(next.stats.filesRead).toBe(1);
  });

  it('lists a rewritten artifact with its new size and mtime, reusing the unchanged rows', async () => {
    const { root, registry, first } = await loaded({ watch: false, refreshIntervalMs: 0 });
    const row = first.artifacts.find((entry) => entry.kind === 'gi');
    if (row === undefined) {
      throw new Error('the standard corpus has a GI file');
    }
    await writeJson(root, row.relative_path, { ...GI_1_0, padding: 'x'.repeat(64) });
    const when = new Date('2026-01-02T03:04:05.000Z');
    await utimes(path.join(root, row.relative_path), when, when);
    const next = await registry.refresh(root);
    const again = next.artifacts.find((entry) => entry.relative_path === row.relative_path);
    const { size } = await stat(path.join(root, row.relative_path));
    expect(again).toMatchObject({ size_bytes: size, mtime_utc: '2026-01-02T03:04:05.000Z' });
    expect(again?.size_bytes).not.toBe(row.size_bytes);
    expect(again?.publish_date).toBe(row.publish_date);
    const others = next.artifacts.filter((entry) => entry !== again);
    expect(others).toHaveLength(first.artifacts.length - 1);
    for (const entry of others) {
      expect(first.artifacts).toContain(entry);
    }
  });

  it("keeps a snapshot's artifact listing as of its load when the next sync runs before anyone read it", async () => {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 0 });
    const built = await registry.get(root);
    const listed = built.artifacts.map((entry) => entry.relative_path);
    registry.close();
    registry = createQuietRegistry({ watch: false, refreshIntervalMs: 0 });
    // Nothing reads this snapshot's listing before the next sync: it is built in the background or by that sync.
    const first = await registry.get(root);
    // Removed synchronously: an await here would let the background build run first.
    rmSync(path.join(root, listed[0] as string));
    const next = await registry.refresh(root);
    expect(first.artifacts.map((entry) => entry.relative_path)).toEqual(listed);
    expect(next.artifacts.map((entry) => entry.relative_path)).toEqual(listed.slice(1));
  });

  it('returns the cached snapshot without touching the disk inside the interval', async () => {
    let clock = 1_000_000;
    const { root, registry, first } = await loaded({
      watch: false,
      refreshIntervalMs: 2000,
      now: () => new Date(clock),
    });
    await writeJson(
      root,
      'metadata/new.metadata.json',
      metadataDoc({ episodeId: 'n1', title: 'New' }),
    );
    expect(await registry.get(root)).toBe(first);
    clock += 2000;
    expect(titles(await registry.get(root))).toContain('New');
  });

  it('notices an in-place edit through the directory watch', async () => {
    const { root, registry } = await loaded({ watch: true, refreshIntervalMs: 60_000 });
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0001 - one.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a1', title: 'One, edited' }),
    );
    await until(async () => titles(await registry.get(root)).includes('One, edited'));
    expect((await registry.get(root)).stats.filesRead).toBe(1);
  });

  it('drops a removed episode and lets the older run win again when a run is trashed', async () => {
    const { root, registry } = await loaded({ watch: false, refreshIntervalMs: 0 });
    await rm(path.join(root, 'metadata/flat1.metadata.yml'));
    await rename(path.join(root, RUN_NEW), path.join(root, '.trash/20260401T000000Z-run'));
    const next = await registry.get(root);
    expect(titles(next)).toEqual(['Bee', 'One (old run)']);
    const a1 = next.findEpisodeById('a1');
    expect(a1?.metadata_relpath.startsWith(RUN_OLD)).toBe(true);
    expect(a1 && next.graphOf(a1)?.schema_version).toBe('2.0');
    expect(next.stats.filesRead).toBe(1);
  });

  it('shares one load between concurrent callers', async () => {
    const root = await makeStandardCorpus();
    registry = createQuietRegistry({ watch: false });
    const [a, b, c] = await Promise.all([
      registry.get(root),
      registry.get(root),
      registry.get(root),
    ]);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(a.stats.filesRead).toBe(14);
  });

  it('drops the least recently used root past maxRoots and reloads it on demand', async () => {
    const [a, b] = [await makeStandardCorpus(), await makeStandardCorpus()];
    registry = createQuietRegistry({ watch: false, maxRoots: 1 });
    const first = await registry.get(a);
    await registry.get(b);
    const again = await registry.get(a);
    expect(again).not.toBe(first);
    expect(again.stats.filesRead).toBe(14);
  });
  it('with serveStale answers at once from the current snapshot and refreshes in the background', async () => {
    const { root, registry, first } = await loaded({
      watch: false,
      refreshIntervalMs: 0,
      serveStale: true,
    });
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0004 - four.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a4', title: 'Four' }),
    );
    // The due check starts, but this caller is not made to wait for it.
    expect(await registry.get(root)).toBe(first);
    let latest = first;
    for (let i = 0; i < 80 && latest === first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      latest = await registry.get(root);
    }
    expect(latest).not.toBe(first);
    expect(latest.episodes.map((e) => e.title)).toContain('Four');
  });
});
