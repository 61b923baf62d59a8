import { rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { memoryLogger } from '@podcast/testing';
import type { StoredVersions } from '../src/snapshot/parse-worker.js';
import { createVersionCheck } from '../src/snapshot/version-check.js';
import { makeTempDir } from './corpus-fixture.js';

/** Versions as a frame's rows hand them over: relpaths, then each one's mtime and size. */
function framed(rows: Array<[string, number, number]>): StoredVersions {
  return {
    relpaths: rows.map(([relpath]) => relpath),
    versions: Float64Array.from(rows.flatMap(([, mtimeMs, size]) => [mtimeMs, size])),
  };
}

/** Three files on disk and their versions as a projection would have stored them. */
async function storedFiles() {
  const root = await makeTempDir();
  const versions: Array<[string, number, number]> = [];
  for (const name of ['same.json', 'grown.json', 'gone.json']) {
    await writeFile(path.join(root, name), '{}');
    const info = await stat(path.join(root, name));
    versions.push([name, info.mtimeMs, info.size]);
  }
  await writeFile(path.join(root, 'grown.json'), '{"more": true}');
  await writeFile(path.join(root, 'gone.json'), '{}');
  await rm(path.join(root, 'gone.json'));
  return { root, versions };
}

describe("a restart's check of stored file versions", () => {
  it('answers the files whose version moved, with their stat now, and nothing for the others', async () => {
    const { root, versions } = await storedFiles();
    const check = createVersionCheck(root, { minFiles: 1, logger: memoryLogger().logger });
    // Added a row at a time, as frames arrive.
    for (const version of versions) {
      check.add(framed([version]));
    }
    const moved = await check.finish();
    expect([...(moved?.keys() ?? [])].sort()).toEqual(['gone.json', 'grown.json']);
    expect(moved?.get('grown.json')?.size).toBe('{"more": true}'.length);
    expect(moved?.has('gone.json') && moved.get('gone.json')).toBeUndefined();
    expect(moved?.has('same.json')).toBe(false);
  });

  it('holds the frames that come before the worker is worth starting, then checks them all', async () => {
    const { root, versions } = await storedFiles();
    const check = createVersionCheck(root, { minFiles: 3, logger: memoryLogger().logger });
    for (const version of versions) {
      check.add(framed([version])); // the third row starts the worker, with the first two
    }
    const moved = await check.finish();
    expect([...(moved?.keys() ?? [])].sort()).toEqual(['gone.json', 'grown.json']);
  });

  it('runs no check for fewer files than the worker is worth: the sync stats them', async () => {
    const { root, versions } = await storedFiles();
    const check = createVersionCheck(root, { minFiles: 10, logger: memoryLogger().logger });
    check.add(framed(versions));
    expect(await check.finish()).toBeUndefined();
  });

  it('starts the worker as soon as the listings name enough files, before any row arrives', async () => {
    const { root, versions } = await storedFiles();
    const check = createVersionCheck(root, { minFiles: 10, logger: memoryLogger().logger });
    check.expect(9); // too few: nothing starts, and the rows alone decide
    check.expect(12);
    check.add(framed(versions)); // three rows, fewer than minFiles, checked by the running worker
    const moved = await check.finish();
    expect([...(moved?.keys() ?? [])].sort()).toEqual(['gone.json', 'grown.json']);
  });

  it('answers undefined when the worker cannot run or dies, and says so', async () => {
    const { root, versions } = await storedFiles();
    const missing = createVersionCheck(root, {
      minFiles: 1,
      logger: memoryLogger().logger,
      script: path.join(root, 'no-such-worker.js'),
    });
    missing.add(framed(versions));
    expect(await missing.finish()).toBeUndefined();
    const dying = path.join(root, 'dying-worker.mjs');
    await writeFile(dying, 'process.exit(3);\n');
    const memory = memoryLogger();
    const dies = createVersionCheck(root, { minFiles: 1, logger: memory.logger, script: dying });
    dies.add(framed(versions));
    expect(await dies.finish()).toBeUndefined();
    expect(memory.lines.map((line) => line.msg)).toContain(
      'corpus version check failed; statting on the main thread',
    );
  });
});
