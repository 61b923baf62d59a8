import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import { createCorpusRegistry } from '../src/snapshot/corpus-registry.js';
import type { TrackedKind } from '../src/snapshot/corpus-state.js';
import { PARSE_WORKER_SCRIPT, prefetchInWorkers, startAhead } from '../src/snapshot/parse-ahead.js';
import { parseTrackedFile, prefetchFiles, statTrackedFile } from '../src/snapshot/parse-file.js';
import {
  makeStandardCorpus,
  makeTempDir,
  metadataDoc,
  servedOf,
  writeJson,
  writeText,
} from './corpus-fixture.js';
import { GI_3_1 } from './lineage-fixtures.js';

const DIR = 'feeds/broken/run_20260101-000000/metadata';

/** The standard corpus plus files the loader must skip with a warning. */
async function corpusWithBrokenFiles(): Promise<string> {
  const root = await makeStandardCorpus();
  await writeJson(
    root,
    `${DIR}/good.metadata.json`,
    metadataDoc({ feedId: 'broken', episodeId: 'good' }),
  );
  await writeJson(root, `${DIR}/good.gi.json`, GI_3_1);
  await writeJson(
    root,
    `${DIR}/bad.metadata.json`,
    metadataDoc({ feedId: 'broken', episodeId: 'bad' }),
  );
  await writeText(root, `${DIR}/bad.gi.json`, '{"nodes": [ {"id": "insight:1", "ty');
  await writeText(root, `${DIR}/bad.kg.json`, '"just a string"');
  await writeText(root, `${DIR}/truncated.metadata.json`, '{"feed": {"feed_id": "broken"}, "epi');
  return root;
}

async function load(root: string, parseAheadMin: number) {
  const memory = memoryLogger();
  const registry = createCorpusRegistry({ logger: memory.logger, watch: false, parseAheadMin });
  try {
    const snapshot = await registry.get(root);
    const warnings = memory.lines
      .filter((line) => line.level === 40)
      .map(({ file, err, msg }) => JSON.stringify({ file, err, msg }))
      .sort();
    return { served: servedOf(snapshot), warnings, filesRead: snapshot.stats.filesRead };
  } finally {
    registry.close();
  }
}

const linesSaying = (memory: ReturnType<typeof memoryLogger>, msg: string) =>
  memory.lines.filter((line) => line.msg === msg).length;

describe('files parsed ahead by a worker thread', () => {
  it('has a built worker script to run (pnpm test builds before it tests)', () => {
    expect(existsSync(PARSE_WORKER_SCRIPT)).toBe(true);
  });

  it('serves exactly what reading on the main thread serves, with the same warnings', async () => {
    const root = await corpusWithBrokenFiles();
    const onMain = await load(root, Number.POSITIVE_INFINITY);
    const ahead = await load(root, 0);
    expect(ahead.served).toEqual(onMain.served);
    expect(ahead.warnings).toEqual(onMain.warnings);
    expect(ahead.filesRead).toBe(onMain.filesRead);
    expect(onMain.warnings.length).toBe(3); // the corrupt GI, the scalar KG, the truncated metadata
  });

  it.each([1, 2])(
    'gives each file the parse the main thread would make (%i workers)',
    async (workers) => {
      const root = await corpusWithBrokenFiles();
      const files: Array<[string, TrackedKind]> = [
        [`${DIR}/good.metadata.json`, 'metadata'],
        [`${DIR}/good.gi.json`, 'gi'],
        [`${DIR}/bad.gi.json`, 'gi'],
        [`${DIR}/truncated.metadata.json`, 'metadata'],
        [`${DIR}/vanished.gi.json`, 'gi'],
      ];
      const memory = memoryLogger();
      const ahead = startAhead('parse', root, files, memory.logger, {
        share: 1,
        batchSize: workers === 1 ? 2 : 1,
        workers,
      });
      expect(ahead).toBeDefined();
      try {
        for (const [relpath, kind] of files) {
          const expected = parseTrackedFile(root, relpath, kind, memoryLogger().logger);
          expect(await ahead?.take(relpath)).toEqual(expected);
        }
        // Taken once: a second take is the caller's to read.
        expect(await ahead?.take(`${DIR}/good.gi.json`)).toBeNull();
        expect(await ahead?.take('not/in/the/list.gi.json')).toBeNull();
      } finally {
        await ahead?.close();
      }
      expect(memory.lines.filter((line) => line.level === 40)).toHaveLength(2);
    },
  );

  it('leaves the main thread its share of the batches', async () => {
    const root = await corpusWithBrokenFiles();
    const files: Array<[string, TrackedKind]> = [
      [`${DIR}/good.metadata.json`, 'metadata'],
      [`${DIR}/good.gi.json`, 'gi'],
    ];
    const ahead = startAhead('parse', root, files, memoryLogger().logger, {
      share: 0.5,
      batchSize: 1,
    });
    try {
      const taken = await Promise.all(files.map(([relpath]) => ahead?.take(relpath)));
      expect(taken.filter((parsed) => parsed === null)).toHaveLength(1);
    } finally {
      await ahead?.close();
    }
  });

  it('starts no worker without a script, and hands every file back when the worker fails', async () => {
    const root = await corpusWithBrokenFiles();
    const files: Array<[string, TrackedKind]> = [[`${DIR}/good.gi.json`, 'gi']];
    const logger = memoryLogger();
    expect(
      startAhead('parse', root, files, logger.logger, { script: path.join(root, 'none.mjs') }),
    ).toBeUndefined();
    const failing = path.join(await makeTempDir(), 'failing-worker.mjs');
    await writeFile(failing, "throw new Error('the worker broke');\n");
    for (const workers of [1, 2]) {
      const ahead = startAhead('parse', root, files, logger.logger, {
        script: failing,
        share: 1,
        workers,
      });
      try {
        expect(await ahead?.take(`${DIR}/good.gi.json`)).toBeNull();
      } finally {
        await ahead?.close();
      }
    }
    // A script Node refuses before it starts (a bare relative name) is a failure too.
    expect(existsSync('package.json')).toBe(true);
    expect(
      startAhead('parse', root, files, logger.logger, { script: 'package.json' }),
    ).toBeUndefined();
    expect(linesSaying(logger, 'corpus read-ahead worker failed; reading on the main thread')).toBe(
      3,
    );
  });

  it('stats ahead the same (mtime, size) the main thread reads, undefined for a vanished file', async () => {
    const root = await corpusWithBrokenFiles();
    const files: Array<[string, TrackedKind]> = [
      [`${DIR}/good.metadata.json`, 'metadata'],
      [`${DIR}/bad.gi.json`, 'gi'],
      [`${DIR}/vanished.gi.json`, 'gi'],
    ];
    const ahead = startAhead('stat', root, files, memoryLogger().logger, {
      share: 1,
      batchSize: 1,
    });
    expect(ahead).toBeDefined();
    try {
      for (const [relpath] of files) {
        expect(await ahead?.take(relpath)).toEqual(statTrackedFile(root, relpath));
      }
      expect(statTrackedFile(root, `${DIR}/vanished.gi.json`)).toBeUndefined();
    } finally {
      await ahead?.close();
    }
  });

  it('sees a change made in place through stats taken ahead, as through its own', async () => {
    const root = await corpusWithBrokenFiles();
    const seen = async (parseAheadMin: number) => {
      const registry = createCorpusRegistry({
        logger: memoryLogger().logger,
        watch: false,
        parseAheadMin,
      });
      try {
        await registry.get(root);
        const doc = metadataDoc({
          feedId: 'broken',
          episodeId: 'good',
          title: `Retitled ${parseAheadMin}`,
        });
        await writeJson(root, `${DIR}/good.metadata.json`, doc);
        const snapshot = await registry.refresh(root); // stats every tracked file
        return snapshot.episodes.find((e) => e.episode_id === 'good')?.title;
      } finally {
        registry.close();
      }
    };
    expect(await seen(0)).toBe('Retitled 0');
    expect(await seen(Number.POSITIVE_INFINITY)).toBe('Retitled Infinity');
  });
});

describe('files prefetched ahead of the parsers', () => {
  /** The broken corpus plus a FIFO and a folder named like tracked files. */
  async function corpusWithSpecialFiles(): Promise<string> {
    const root = await corpusWithBrokenFiles();
    execFileSync('mkfifo', [path.join(root, DIR, 'pipe.gi.json')]);
    await mkdir(path.join(root, DIR, 'folder.kg.json'));
    return root;
  }
  const LISTED = [
    `${DIR}/good.metadata.json`,
    `${DIR}/pipe.gi.json`,
    `${DIR}/good.gi.json`,
    `${DIR}/folder.kg.json`,
    `${DIR}/vanished.gi.json`,
    `${DIR}/bad.gi.json`,
    `${DIR}/bad.kg.json`,
  ];

  it('reads every regular file, and passes over a FIFO, a folder and a vanished file without blocking', async () => {
    const root = await corpusWithSpecialFiles();
    // A scratch buffer smaller than the files: each is read in several pieces.
    const scratch = Buffer.alloc(16);
    expect(prefetchFiles(root, LISTED, scratch, { sample: 2, warmMicros: 0 })).toEqual({
      read: 4,
      left: 0,
    });
  });

  it('leaves a batch whose sample read fast, since the page cache holds it', async () => {
    const root = await corpusWithSpecialFiles();
    const scratch = Buffer.alloc(1 << 10);
    expect(
      prefetchFiles(root, LISTED, scratch, { sample: 3, warmMicros: Number.POSITIVE_INFINITY }),
    ).toEqual({ read: 2, left: 4 });
    // A batch no longer than its sample is read whole.
    expect(
      prefetchFiles(root, LISTED.slice(0, 3), scratch, {
        sample: 3,
        warmMicros: Number.POSITIVE_INFINITY,
      }),
    ).toEqual({ read: 2, left: 0 });
  });

  it('prefetches every batch in workers of its own, and the parses stay the same', async () => {
    const root = await corpusWithSpecialFiles();
    const files = LISTED.map(
      (relpath) =>
        [relpath, relpath.endsWith('.metadata.json') ? 'metadata' : 'gi'] as [string, TrackedKind],
    );
    const ahead = startAhead('parse', root, files, memoryLogger().logger, {
      share: 1,
      batchSize: 1,
      prefetchers: 2,
    });
    expect(ahead).toBeDefined();
    try {
      // Seven batches of one, two held by each worker at a time: each gets more as it reports.
      expect(await ahead?.prefetched()).toEqual({ read: 4, left: 0 });
      for (const [relpath, kind] of files.filter(([relpath]) => !relpath.includes('pipe'))) {
        const expected = parseTrackedFile(root, relpath, kind, memoryLogger().logger);
        expect(await ahead?.take(relpath)).toEqual(expected);
      }
    } finally {
      await ahead?.close();
    }
  });

  it('prefetches a list for a reader of its own, in workers, and needs their script', async () => {
    const root = await corpusWithSpecialFiles();
    const prefetch = prefetchInWorkers(root, LISTED, memoryLogger().logger, { batchSize: 2 });
    expect(prefetch).toBeDefined();
    try {
      // Every regular file read (the FIFO, the folder and the vanished file passed over).
      expect(await prefetch?.done()).toEqual({ read: 4, left: 0 });
    } finally {
      await prefetch?.stop();
    }
    const missing = path.join(await makeTempDir(), 'no-worker.mjs');
    expect(prefetchInWorkers(root, LISTED, memoryLogger().logger, { script: missing })).toBe(
      undefined,
    );
    expect(prefetchInWorkers(root, [], memoryLogger().logger)).toBeUndefined();
  });

  it('needs no prefetcher: one that fails is logged and the counts still come', async () => {
    const root = await corpusWithBrokenFiles();
    const failing = path.join(await makeTempDir(), 'failing-worker.mjs');
    await writeFile(failing, "throw new Error('the worker broke');\n");
    const logger = memoryLogger();
    const ahead = startAhead('parse', root, [[`${DIR}/good.gi.json`, 'gi']], logger.logger, {
      script: failing,
      share: 1,
      prefetchers: 2,
    });
    try {
      expect(await ahead?.prefetched()).toEqual({ read: 0, left: 0 });
      expect(await ahead?.take(`${DIR}/good.gi.json`)).toBeNull();
    } finally {
      await ahead?.close();
    }
    expect(linesSaying(logger, 'corpus prefetch worker failed; the parsers read alone')).toBe(1);
  });

  it('starts no prefetcher for a small parse, nor for stats', async () => {
    const root = await corpusWithBrokenFiles();
    for (const task of ['parse', 'stat'] as const) {
      const ahead = startAhead(task, root, [[`${DIR}/good.gi.json`, 'gi']], memoryLogger().logger, {
        share: 1,
      });
      try {
        expect(await ahead?.prefetched()).toEqual({ read: 0, left: 0 });
      } finally {
        await ahead?.close();
      }
    }
  });
});
