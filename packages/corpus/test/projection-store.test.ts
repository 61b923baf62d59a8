import { existsSync } from 'node:fs';
import {
  appendFile,
  copyFile,
  open,
  readFile,
  rm,
  stat,
  truncate,
  utimes,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from '@jest/globals';
import { ageTree, memoryLogger } from '@podcast/testing';
import { ByteWriter } from '../src/snapshot/bytes.js';
import {
  type CorpusRegistry,
  type CorpusRegistryOptions,
  createCorpusRegistry,
} from '../src/snapshot/corpus-registry.js';
import type { CorpusSnapshot } from '../src/snapshot/corpus-snapshot.js';
import { siblingRelpath } from '../src/snapshot/corpus-state.js';
import { projectionFileOf, writeProjectionFile } from '../src/snapshot/projection-file.js';
import { createProjectionStore } from '../src/snapshot/projection-store.js';
import { createValueEncoder } from '../src/snapshot/value-codec.js';
import {
  makeTempDir,
  metadataDoc,
  RUN_NEW,
  RUN_OLD,
  servedOf,
  setMtime,
  until,
  writeJson,
  writeStandardCorpus,
} from './corpus-fixture.js';
import { GI_1_0 } from './lineage-fixtures.js';

/*
 * The persisted projection (CORPUS_CACHE_DIR): a restart over an unchanged
 * corpus parses nothing and derives the same snapshot; anything changed
 * since the save is re-read; a corrupt or foreign file is never served.
 */

const registries: CorpusRegistry[] = [];
afterEach(() => {
  for (const registry of registries.splice(0)) {
    registry.close();
  }
});

async function corpus(): Promise<{ root: string; cacheDir: string }> {
  const root = await makeTempDir();
  await writeStandardCorpus(root);
  ageTree(root);
  return { root, cacheDir: path.join(await makeTempDir('projection-'), 'cache') };
}

function registryAt(
  cacheDir: string,
  logger = memoryLogger().logger,
  saveDelayMs = 60_000,
  parseAheadMin = 1000,
  saving: Pick<
    CorpusRegistryOptions,
    'cacheQuietSaveMs' | 'cacheSaveMinChanges' | 'cacheSaveRetryMs'
  > = {},
) {
  const registry = createCorpusRegistry({
    logger,
    watch: false,
    refreshIntervalMs: 60_000,
    cacheDir,
    cacheSaveDelayMs: saveDelayMs,
    parseAheadMin,
    ...saving,
  });
  registries.push(registry);
  return registry;
}

/** A first load that is saved, then the registry closed: what a restart finds. */
async function savedCold(root: string, cacheDir: string): Promise<CorpusSnapshot> {
  const registry = registryAt(cacheDir);
  const cold = await registry.get(root);
  await registry.persist(root);
  expect(registry.projection()).toMatchObject({ saves: 1, misses: 1, last_error: null });
  // The save does not fill the pool the first sync emptied (with every relpath, it held more than 20).
  expect(registry.describe()[0]?.pooledStrings).toBeLessThan(10);
  return cold;
}

/** A store over `cacheDir` and the state it restores for `root` (which must load). */
async function restored(root: string, cacheDir: string) {
  const store = createProjectionStore({
    dir: cacheDir,
    logger: memoryLogger().logger,
    pause: async () => undefined,
  });
  const state = await store.load(root);
  if (state === undefined) {
    throw new Error('the saved projection did not load');
  }
  return { store, state };
}

/** Among `values`, each group of equal ones (there is at least one) is a single frozen value. */
function expectEqualOnesIdentical(values: Iterable<object>): void {
  const byContent = new Map<string, object[]>();
  for (const value of values) {
    const key = JSON.stringify(value);
    byContent.set(key, [...(byContent.get(key) ?? []), value]);
  }
  const repeated = [...byContent.values()].filter((same) => same.length > 1);
  expect(repeated.length).toBeGreaterThan(0);
  for (const [first, ...others] of repeated) {
    expect(Object.isFrozen(first)).toBe(true);
    for (const other of others) {
      expect(other).toBe(first);
    }
  }
}

/** Equal short id lists of insights, and equal graph topics, are each one shared, frozen value; the fixture has some. */
function expectShared(snapshot: CorpusSnapshot): void {
  const graphs = snapshot.episodes.map((episode) => snapshot.graphOf(episode));
  const insights = graphs.flatMap((graph) => graph?.insights ?? []);
  expectEqualOnesIdentical(
    insights
      .flatMap((insight) => [insight.topicIds, insight.personIds, insight.orgIds])
      .filter((list) => list.length > 0),
  );
  expectEqualOnesIdentical(graphs.flatMap((graph) => graph?.topics ?? []));
}

describe('persisted corpus projection', () => {
  it('restarts over an unchanged corpus without parsing a file, serving the same snapshot', async () => {
    const { root, cacheDir } = await corpus();
    // Two more episodes with the same GI, so equal id lists occur in different files.
    for (const n of ['7', '8']) {
      const stem = `${RUN_NEW}/metadata/000${n} - twin`;
      await writeJson(
        root,
        `${stem}.metadata.json`,
        metadataDoc({ feedId: 'show-t', episodeId: `t${n}` }),
      );
      await writeJson(root, `${stem}.gi.json`, GI_1_0);
    }
    ageTree(root);
    const cold = await savedCold(root, cacheDir);
    expect(cold.stats.filesRead).toBeGreaterThan(10);
    const registry = registryAt(cacheDir);
    const warm = await registry.get(root);
    expect(warm.stats.filesRead).toBe(0);
    expect(warm.stats.filesStatted).toBeGreaterThanOrEqual(cold.stats.filesRead);
    expect(servedOf(warm)).toEqual(servedOf(cold));
    expect(registry.projection()).toMatchObject({ hits: 1, misses: 0 });
    // Restored values share their lists again, as parsed ones do (the tables).
    expectShared(warm);
    expectShared(cold);
    // The pool served the load and was emptied after it: what it holds now
    // is the few run paths the snapshot's records pooled (more than 20 before).
    expect(registry.describe()[0]?.pooledStrings).toBeLessThan(10);
    // Nothing moved, so nothing is written again.
    await registry.persist(root);
    expect(registry.projection()?.saves).toBe(0);
  });

  /** The standard corpus plus an episode whose GI holds texts longer than the pool's strings, and a float. */
  async function corpusWithLongTexts(): Promise<{ root: string; cacheDir: string }> {
    const { root, cacheDir } = await corpus();
    const long = (word: string) => `${word} `.repeat(60).trim();
    const gi = structuredClone(GI_1_0) as { nodes: Array<{ properties: Record<string, unknown> }> };
    for (const node of gi.nodes) {
      if (typeof node.properties.text === 'string') {
        node.properties.text = long(node.properties.text);
      }
    }
    const stem = `${RUN_NEW}/metadata/0007 - long`;
    await writeJson(
      root,
      `${stem}.metadata.json`,
      metadataDoc({ feedId: 'show-l', episodeId: 'l7' }),
    );
    await writeJson(root, `${stem}.gi.json`, gi);
    ageTree(root);
    return { root, cacheDir };
  }

  const packedOf = (registry: CorpusRegistry) => registry.describe()[0]?.packedArtifacts ?? -1;

  it('keeps restored GI, KG and bridge values as stored bytes until one is read, then builds it once', async () => {
    const { root, cacheDir } = await corpusWithLongTexts();
    const cold = await savedCold(root, cacheDir);
    const registry = registryAt(cacheDir);
    const warm = await registry.get(root);
    expect(registry.projection()).toMatchObject({ hits: 1, misses: 0 });
    expect(warm.stats.filesRead).toBe(0);
    const layers = warm.episodes.filter((e) => e.has_gi).length;
    expect(packedOf(registry)).toBeGreaterThanOrEqual(layers);
    expect(registry.describe()[0]?.packedBytes).toBeGreaterThan(1000);
    const before = packedOf(registry);
    const episode = warm.findEpisodeById('l7');
    if (episode === undefined) {
      throw new Error('the long episode is missing');
    }
    const graph = warm.graphOf(episode);
    expect(graph).toEqual(cold.graphOf(cold.findEpisodeById('l7') as typeof episode));
    expect(JSON.stringify(graph)).toContain('Drains clog in spring Drains');
    expect(warm.graphOf(episode)).toBe(graph); // built once, then kept
    expect(packedOf(registry)).toBe(before - 1);
    expect(servedOf(warm)).toEqual(servedOf(cold));
    expect(packedOf(registry)).toBe(0);
    expect(registry.describe()[0]?.packedBytes).toBe(0);
  });

  it('saves a restored state whose values were never read without building them for good', async () => {
    const { root, cacheDir } = await corpusWithLongTexts();
    await savedCold(root, cacheDir);
    const registry = registryAt(cacheDir);
    await registry.get(root);
    const packed = packedOf(registry);
    expect(packed).toBeGreaterThan(3);
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0001 - one.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a1', title: 'One, again' }),
    );
    await registry.refresh(root);
    await registry.persist(root);
    expect(registry.projection()).toMatchObject({ saves: 1, last_error: null });
    expect(packedOf(registry)).toBe(packed);
    const again = registryAt(cacheDir);
    const third = await again.get(root);
    expect(again.projection()).toMatchObject({ hits: 1, misses: 0 });
    expect(third.findEpisodeById('a1')?.title).toBe('One, again');
    const fresh = await registryAt(path.join(cacheDir, 'elsewhere')).get(root);
    expect(servedOf(third)).toEqual(servedOf(fresh));
  });

  // The stored versions are statted by the sync (a small corpus), or checked by a worker while the file is read.
  describe.each([
    ['statted by the first sync', 1000],
    ['checked while the projection is read', 1],
  ])('with stored versions %s', (_how, parseAheadMin) => {
    it('re-reads on restart exactly the files changed, added or removed since the save', async () => {
      const { root, cacheDir } = await corpus();
      await savedCold(root, cacheDir);
      const two = `${RUN_NEW}/metadata/0002 - two.metadata.yaml`;
      await rm(path.join(root, two));
      const one = `${RUN_NEW}/metadata/0001 - one.metadata.json`;
      await writeJson(
        root,
        one,
        metadataDoc({ feedId: 'show-a', episodeId: 'a1', title: 'One, renamed' }),
      );
      await writeJson(
        root,
        `${RUN_NEW}/metadata/0003 - three.metadata.json`,
        metadataDoc({ feedId: 'show-a', episodeId: 'a3', title: 'Three' }),
      );
      await writeJson(root, `${RUN_NEW}/metadata/0003 - three.gi.json`, GI_1_0);
      const warm = await registryAt(cacheDir, undefined, undefined, parseAheadMin).get(root);
      const titles = warm.episodes.map((e) => e.title).sort();
      expect(titles).toContain('One, renamed');
      expect(titles).toContain('Three');
      expect(titles).not.toContain('Two');
      // The renamed metadata and the two new files; the removed episode's siblings are released.
      expect(warm.stats.filesRead).toBe(3);
      expect(warm.findEpisodeById('a3')?.has_gi).toBe(true);
      const fresh = registryAt(path.join(cacheDir, 'elsewhere'));
      expect(servedOf(warm)).toEqual(servedOf(await fresh.get(root)));
    });

    it('serves on restart what a fresh load serves after a run went and another came', async () => {
      const { root, cacheDir } = await corpus();
      const cold = await savedCold(root, cacheDir);
      await rm(path.join(root, RUN_OLD), { recursive: true });
      const added = 'feeds/show-a/run_20270101-000000/metadata/0009 - nine';
      await writeJson(
        root,
        `${added}.metadata.json`,
        metadataDoc({ feedId: 'show-a', episodeId: 'a9', title: 'Nine' }),
      );
      await writeJson(root, `${added}.gi.json`, GI_1_0);
      const warm = await registryAt(cacheDir, undefined, undefined, parseAheadMin).get(root);
      const fresh = await registryAt(path.join(cacheDir, 'elsewhere')).get(root);
      expect(servedOf(warm)).toEqual(servedOf(fresh));
      expect(servedOf(warm)).not.toEqual(servedOf(cold));
      expect(warm.findEpisodeById('a9')?.has_gi).toBe(true);
      expect(warm.stats.filesRead).toBe(2);
    });

    it('sees a file rewritten in place with the same size', async () => {
      const { root, cacheDir } = await corpus();
      const cold = await savedCold(root, cacheDir);
      const file = path.join(root, `${RUN_NEW}/metadata/0001 - one.metadata.json`);
      const handle = await open(file, 'r+');
      const text = (await handle.readFile('utf8')).replace('"One"', '"Uno"');
      await handle.write(text, 0);
      await handle.close();
      const warm = await registryAt(cacheDir, undefined, undefined, parseAheadMin).get(root);
      expect(warm.findEpisodeById('a1')?.title).toBe('Uno');
      expect(cold.findEpisodeById('a1')?.title).toBe('One');
      expect(warm.stats.filesRead).toBe(1);
    });
  });

  it.each([
    ['a flipped byte', flipMiddleByte, /fails its CRC check|claims more bytes/],
    [
      'a truncated file',
      (file: string) => stat(file).then((s) => truncate(file, s.size - 7)),
      /claims more bytes than the file holds|ends before its end frame/,
    ],
    ['a file of garbage', (file: string) => writeFile(file, 'not a projection at all'), /header/],
    ['an empty file', (file: string) => writeFile(file, ''), /no header/],
    ['a frame length of 800 MB', claimHugeFirstFrame, /claims more bytes than the file holds/],
    [
      'bytes after the end frame',
      (file: string) => appendFile(file, 'tail'),
      /follow the end frame/,
    ],
  ])(
    'rebuilds from the corpus after %s, removing the corrupt file',
    async (_label, damage, reason) => {
      const { root, cacheDir } = await corpus();
      const cold = await savedCold(root, cacheDir);
      const file = projectionFileOf(cacheDir, root);
      await damage(file);
      const { logger, lines } = memoryLogger();
      const registry = registryAt(cacheDir, logger);
      const rebuilt = await registry.get(root);
      expect(rebuilt.stats.filesRead).toBe(cold.stats.filesRead);
      expect(servedOf(rebuilt)).toEqual(servedOf(cold));
      expect(registry.projection()).toMatchObject({ hits: 0, misses: 1 });
      const warning = lines.find((line) => line.msg === 'corpus projection corrupt; rebuilding');
      expect(String(warning?.reason)).toMatch(reason);
      expect(existsSync(file)).toBe(false);
      await registry.persist(root);
      expect((await registryAt(cacheDir).get(root)).stats.filesRead).toBe(0);
    },
  );

  // The row's value names string N (its last byte) while the frame's table holds one string:
  // a metadata value, read at once, and a GI value, checked and kept as bytes (a long text stays inline).
  it.each([
    ['a metadata value', 18, 'x.metadata.json', 'only', 7],
    ['a GI value it keeps as bytes', 19, 'x.gi.json', { nodes: [1.5, 'a'.repeat(200), 'last'] }, 9],
  ])(
    'rebuilds when the frames are intact but %s names a string its tables lack',
    async (_what, rowKind, name, value, wrong) => {
      const { root, cacheDir } = await corpus();
      const cold = await savedCold(root, cacheDir);
      const file = projectionFileOf(cacheDir, root);
      const encode = () => {
        const values = createValueEncoder(128);
        const body = new ByteWriter(64);
        body.byte(rowKind);
        body.uint(0); // named by its text, not by a listing
        body.text(`feeds/show/run/metadata/${name}`);
        body.float(1);
        body.float(1);
        values.write(body, value);
        const frame = new ByteWriter(64);
        values.writeNew(frame);
        frame.bytes(body.view());
        const bytes = Buffer.from(frame.view());
        bytes[bytes.length - 1] = wrong; // the last string's number, the last byte
        return bytes;
      };
      await writeProjectionFile(file, root, [1], async () => undefined, encode);
      const { logger, lines } = memoryLogger();
      const registry = registryAt(cacheDir, logger);
      const rebuilt = await registry.get(root);
      expect(servedOf(rebuilt)).toEqual(servedOf(cold));
      expect(rebuilt.stats.filesRead).toBe(cold.stats.filesRead);
      expect(registry.projection()).toMatchObject({ hits: 0, misses: 1 });
      const warning = lines.find((line) => line.msg === 'corpus projection corrupt; rebuilding');
      expect(String(warning?.reason)).toMatch(`names string ${wrong} of 1`);
      expect(existsSync(file)).toBe(false);
    },
  );

  it('rebuilds when a file row names a listed file the listings do not hold', async () => {
    const { root, cacheDir } = await corpus();
    const cold = await savedCold(root, cacheDir);
    const file = projectionFileOf(cacheDir, root);
    // One listing of one metadata file, then a row naming the second listed file.
    const encode = () => {
      const body = new ByteWriter(64);
      body.byte(16); // a directory row
      body.text('feeds/show/run/metadata');
      body.float(1);
      body.byte(1);
      body.texts([]);
      body.texts(['0001 - one.metadata.json']);
      body.byte(1);
      body.byte(18); // a metadata row
      body.uint(2);
      body.float(1);
      body.float(1);
      createValueEncoder(128).write(body, null);
      return Buffer.from(body.view());
    };
    await writeProjectionFile(file, root, [1, 2], async () => undefined, encode);
    const { logger, lines } = memoryLogger();
    const registry = registryAt(cacheDir, logger);
    const rebuilt = await registry.get(root);
    expect(servedOf(rebuilt)).toEqual(servedOf(cold));
    expect(registry.projection()).toMatchObject({ hits: 0, misses: 1 });
    const warning = lines.find((line) => line.msg === 'corpus projection corrupt; rebuilding');
    expect(String(warning?.reason)).toMatch(/names listed file 2 of 1/);
    expect(existsSync(file)).toBe(false);
  });

  it('names each listed file by its place, not its path, and keeps the path of one no listing names', async () => {
    const { root, cacheDir } = await corpus();
    await savedCold(root, cacheDir);
    const { store, state } = await restored(root, cacheDir);
    const listed = [...state.metadata.keys(), ...state.artifacts.keys()];
    expect(listed.length).toBeGreaterThan(10);
    const bytes = await readFile(projectionFileOf(cacheDir, root));
    expect(listed.filter((relpath) => bytes.includes(relpath))).toEqual([]);
    // A file the listings do not name (a listing lost between two walks) keeps its path.
    const stray = 'feeds/elsewhere/metadata/0001 - stray.metadata.json';
    const [, some] = [...state.metadata][0] ?? [];
    state.metadata.set(stray, { ...(some as NonNullable<typeof some>), stable: true });
    for (const entry of [...state.metadata.values(), ...state.artifacts.values()]) {
      entry.stable = true;
    }
    await store.save(state);
    expect(store.status()).toMatchObject({ saves: 1, last_error: null });
    expect((await readFile(projectionFileOf(cacheDir, root))).includes(stray)).toBe(true);
    const again = await store.load(root);
    expect(again?.metadata.get(stray)?.value).toEqual(some?.value);
    expect([...(again?.metadata.keys() ?? [])].sort()).toEqual([...state.metadata.keys()].sort());
    expect([...(again?.artifacts.keys() ?? [])].sort()).toEqual([...state.artifacts.keys()].sort());
  });

  it('gives each restored metadata file the sibling paths its own listing names', async () => {
    const { root, cacheDir } = await corpus();
    await savedCold(root, cacheDir);
    const { state } = await restored(root, cacheDir);
    const files = [...state.metadata];
    expect(files.length).toBeGreaterThan(3);
    for (const [relpath, file] of files) {
      expect(file.siblings).toEqual(
        (['gi', 'kg', 'bridge'] as const).map((kind) => siblingRelpath(relpath, kind)),
      );
    }
    const present = files.flatMap(([, file]) => file.siblings ?? []);
    expect(present.filter((sibling) => state.artifacts.has(sibling)).length).toBeGreaterThan(3);
  });

  it('names every stored directory before the first stored file version, and every file once', async () => {
    const { root, cacheDir } = await corpus();
    const cold = await savedCold(root, cacheDir);
    const store = createProjectionStore({
      dir: cacheDir,
      logger: memoryLogger().logger,
      pause: async () => undefined,
    });
    const seen: string[] = [];
    const versions: string[] = [];
    const state = await store.load(root, {
      listed: (dirs, files) => seen.push(`listed ${[...dirs].length} ${files}`),
      stored: (files) => {
        seen.push('stored');
        versions.push(...files.relpaths);
        expect(files.versions).toHaveLength(2 * files.relpaths.length);
      },
    });
    expect(state).toBeDefined();
    // The files they list, tracked or not: what the version check decides to start on.
    const named = [...(state?.dirs.values() ?? [])].reduce((n, l) => n + l.files.length, 0);
    expect(named).toBeGreaterThanOrEqual(versions.length);
    expect(seen[0]).toBe(`listed ${state?.dirs.size} ${named}`);
    expect(seen.filter((call) => call.startsWith('listed'))).toHaveLength(1);
    expect(versions.sort()).toEqual(
      [...(state?.metadata.keys() ?? []), ...(state?.artifacts.keys() ?? [])].sort(),
    );
    expect(versions.length).toBeGreaterThanOrEqual(cold.stats.filesRead);
  });

  it('never serves a projection written for another root', async () => {
    const a = await corpus();
    const b = await corpus();
    await writeJson(
      b.root,
      `${RUN_NEW}/metadata/0009 - nine.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a9', title: 'Only in B' }),
    );
    await savedCold(a.root, a.cacheDir);
    await copyFile(projectionFileOf(a.cacheDir, a.root), projectionFileOf(a.cacheDir, b.root));
    const { logger, lines } = memoryLogger();
    const registry = registryAt(a.cacheDir, logger);
    const snapshot = await registry.get(b.root);
    expect(snapshot.findEpisodeById('a9')?.title).toBe('Only in B');
    expect(snapshot.stats.filesRead).toBeGreaterThan(10);
    expect(registry.projection()).toMatchObject({ hits: 0, misses: 1 });
    expect(lines.some((line) => line.msg === 'corpus projection stale; rebuilding')).toBe(true);
  });

  it('serves the corpus when the cache folder cannot be written, says why, and saves once it can', async () => {
    const { root } = await corpus();
    const blocker = path.join(await makeTempDir('projection-'), 'a-file');
    await writeFile(blocker, 'not a folder');
    const { logger, lines } = memoryLogger();
    const registry = registryAt(path.join(blocker, 'cache'), logger, 60_000, 1000, {
      cacheSaveRetryMs: 50,
    });
    expect((await registry.get(root)).episodes.length).toBeGreaterThan(0);
    await registry.persist(root);
    expect(registry.projection()?.last_error).toMatch(/ENOTDIR|EEXIST/);
    const refusals = () => lines.filter((line) => line.msg === 'corpus projection not saved');
    // Tried again on a backoff with nothing changed in the corpus: 50 ms, then 100 ms.
    await until(async () => refusals().length >= 3);
    // Space comes back: the next retry saves, and the health flag clears.
    await rm(blocker);
    await until(async () => registry.projection()?.saves === 1);
    expect(registry.projection()?.last_error).toBeNull();
    expect(lines.some((line) => line.msg === 'corpus projection saved again')).toBe(true);
    registry.close();
    expect((await registryAt(path.join(blocker, 'cache')).get(root)).stats.filesRead).toBe(0);
  });

  it('removes temporary files a crashed save left over an hour ago, not fresh ones', async () => {
    const { root, cacheDir } = await corpus();
    await savedCold(root, cacheDir);
    const file = projectionFileOf(cacheDir, root);
    const abandoned = `${file}.4242.1700000000000.tmp`;
    const inFlight = `${file}.4243.${Date.now()}.tmp`;
    await writeFile(abandoned, 'half a projection');
    await writeFile(inFlight, 'another process is writing this');
    const twoHoursAgo = Date.now() / 1000 - 7200;
    await utimes(abandoned, twoHoursAgo, twoHoursAgo);
    await registryAt(cacheDir).get(root);
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(inFlight)).toBe(true);
  });

  it('saves by itself once changes past the bound have settled', async () => {
    const { root, cacheDir } = await corpus();
    const registry = registryAt(cacheDir, memoryLogger().logger, 20, undefined, {
      cacheSaveMinChanges: 1,
    });
    await registry.get(root);
    await until(async () => registry.projection()?.saves === 1);
    await writeJson(
      root,
      `${RUN_NEW}/metadata/0003 - three.metadata.json`,
      metadataDoc({ feedId: 'show-a', episodeId: 'a3', title: 'Three' }),
    );
    await registry.refresh(root);
    await until(async () => registry.projection()?.saves === 2);
  });

  it('saves a few changes only once the root has been quiet, each change waiting again', async () => {
    const { root, cacheDir } = await corpus();
    const registry = registryAt(cacheDir, memoryLogger().logger, 20, undefined, {
      cacheQuietSaveMs: 600,
    });
    const started = Date.now();
    await registry.get(root); // a first load: fewer changes than the bound, so saved when quiet
    await until(async () => registry.projection()?.saves === 1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    const add = async (n: number) => {
      const relpath = `${RUN_NEW}/metadata/000${n} - new.metadata.json`;
      await writeJson(
        root,
        relpath,
        metadataDoc({ feedId: 'show-a', episodeId: `a${n}`, title: `New ${n}` }),
      );
      // Old enough to be stored (a file written in the last 2 s is read again by a restart).
      await setMtime(root, relpath, Date.now() / 1000 - 3600);
    };
    await add(3);
    await registry.refresh(root);
    await new Promise((resolve) => setTimeout(resolve, 350));
    await add(4); // the quiet wait starts again
    await registry.refresh(root);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(registry.projection()?.saves).toBe(1); // 700 ms after the first change, 350 after the last
    await until(async () => registry.projection()?.saves === 2);
    // Both changes are in the save: a restart reads nothing.
    registry.close();
    const restarted = await registryAt(cacheDir).get(root);
    expect(restarted.stats.filesRead).toBe(0);
    expect(restarted.findEpisodeById('a4')?.title).toBe('New 4');
  });
});

/** Overwrites the first frame's length field with 800 MB, far past the file's end. */
async function claimHugeFirstFrame(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  const prefix = Buffer.alloc(4);
  await handle.read(prefix, 0, 4, 0);
  const length = Buffer.alloc(4);
  length.writeUInt32LE(800 * 2 ** 20);
  await handle.write(length, 0, 4, 4 + prefix.readUInt32LE());
  await handle.close();
}

async function flipMiddleByte(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  const { size } = await handle.stat();
  const byte = Buffer.alloc(1);
  await handle.read(byte, 0, 1, Math.floor(size / 2));
  byte[0] = (byte[0] ?? 0) ^ 0xff;
  await handle.write(byte, 0, 1, Math.floor(size / 2));
  await handle.close();
}
