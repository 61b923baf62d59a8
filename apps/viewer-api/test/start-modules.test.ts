import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createScratch, SAMPLE_CORPUS_DIR } from '@podcast/testing';

/*
 * A viewer's start loads LanceDB, BullMQ, ioredis, sharp and ajv only when
 * something first uses them (docs/decisions.md "Performance"): built as
 * main.ts builds it, without REDIS_URL, the built app holds none of them.
 * The check runs in a fresh node process over the built app, since this
 * test process has loaded whatever other tests needed.
 */

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const HEAVY = ['/bullmq/', '/ioredis/', '/@lancedb/', '/sharp/', '/ajv/'];
const data = createScratch('viewer-start-modules');
afterAll(() => data.remove());

/** The heavy packages present in the module cache after `script` ran in a fresh node. */
function heavyLoadedAfter(script: string): string[] {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `${script}
      const { createRequire } = await import('node:module');
      const cache = createRequire(import.meta.url).cache;
      const heavy = ${JSON.stringify(HEAVY)};
      console.log(JSON.stringify(heavy.filter((name) => Object.keys(cache).some((file) => file.includes(name)))));
      process.exit(0);`,
    ],
    {
      cwd: DIST,
      encoding: 'utf8',
      // A DATA_DIR of its own: the corpus index it opens is not the repository's.
      env: {
        ...process.env,
        CORPUS_DIR: SAMPLE_CORPUS_DIR,
        LOG_LEVEL: 'silent',
        DATA_DIR: data.dir,
      },
    },
  );
  if (run.status !== 0) {
    throw new Error(`the start script failed: ${run.stderr}`);
  }
  return JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '[]');
}

const BUILD = `
  const { buildViewerApp } = await import('${DIST}app.js');
  const { buildViewerContext } = await import('${DIST}build-context.js');
  const { loadViewerConfig } = await import('${DIST}env.js');
  const { ctx } = buildViewerContext(loadViewerConfig({ ...process.env, CORPUS_CACHE_DIR: 'off' }), {
    corpus: { watch: false },
  });
  buildViewerApp(ctx);
`;

describe('modules a viewer loads at start', () => {
  it('holds none of LanceDB, BullMQ, ioredis, sharp or ajv once built without Redis', () => {
    expect(heavyLoadedAfter(BUILD)).toEqual([]);
  });

  it('sees them once they are used (the check can fail)', () => {
    const used = heavyLoadedAfter(
      `${BUILD}
      const { loadBullMq } = await import('${fileURLToPath(new URL('../../../packages/jobs/dist/queues.js', import.meta.url))}');
      loadBullMq();`,
    );
    expect(used).toContain('/bullmq/');
  });
});
