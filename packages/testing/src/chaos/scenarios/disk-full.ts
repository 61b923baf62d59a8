import { ageTree, copySampleCorpus } from '../../sample-corpus.js';
import type { AppProcess } from '../app-process.js';
import { waitUntil } from '../free-port.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { mountSmallDisk } from '../small-disk.js';
import { createStack, OPERATOR_TOKEN } from '../stack.js';

interface Projection {
  hits: number;
  saves: number;
  last_error: string | null;
}

async function projectionOf(viewer: AppProcess): Promise<Projection> {
  const res = await fetch(`${viewer.baseUrl}/api/debug/corpus`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  return ((await res.json()) as { projection: Projection }).projection;
}

async function readsAnswer(viewer: AppProcess): Promise<boolean> {
  const res = await fetch(`${viewer.baseUrl}/api/corpus/episodes?limit=5`);
  await res.arrayBuffer();
  return res.status === 200;
}

/**
 * The viewer's projection folder (CORPUS_CACHE_DIR) on a tmpfs that is
 * full: the save fails with a log line and `last_error` in GET
 * /api/debug/corpus while reads keep answering; with space back the
 * save's own retry stores it (no restart, no corpus change), and a
 * projection saved before the disk filled again is read back whole by a
 * restart on the full disk. The projection serves with CORPUS_INDEX=projection
 * only; the corpus index on a full disk is apps/consumer-api/test/catalog-index.test.ts.
 */
export function diskFullScenario(): Promise<ScenarioResult> {
  return runScenario('disk-full', async (report) => {
    const disk = await mountSmallDisk(2048);
    if (disk === undefined) {
      report.figure('skipped', 'no tmpfs (needs root)');
      return;
    }
    const corpus = copySampleCorpus('chaos-disk');
    ageTree(corpus.corpusDir);
    const stack = createStack();
    try {
      const env = {
        CORPUS_DIR: corpus.corpusDir,
        // With the index on (the default), the projection is never loaded, so never saved.
        CORPUS_INDEX: 'projection',
        OPERATOR_TOKEN,
        CORPUS_CACHE_DIR: disk.dir,
        CORPUS_REFRESH_MS: '200',
      };
      disk.fill();
      let viewer = await stack.startApi('viewer-api', env);
      const failed = await waitUntil(
        async () => (await projectionOf(viewer)).last_error !== null,
        30_000,
        250,
      );
      const error = (await projectionOf(viewer)).last_error ?? '';
      report.figure('last_error', error.includes('ENOSPC') ? 'ENOSPC' : error.slice(0, 40));
      report.check(
        failed && error.includes('ENOSPC'),
        'the failed save did not show in last_error',
      );
      report.check(
        viewer.lines.some((line) => line.includes('corpus projection not saved')),
        'no log line for the failed save',
      );
      report.check(await readsAnswer(viewer), 'reads stopped answering with the disk full');
      // No restart and no corpus change: the save's own retry (5 s doubling to 60 s) stores it.
      disk.free();
      const freedAt = Date.now();
      const saved = await waitUntil(
        async () => (await projectionOf(viewer)).saves === 1,
        90_000,
        250,
      );
      report.figure('saved_after_free_ms', Date.now() - freedAt);
      report.check(
        saved && (await projectionOf(viewer)).last_error === null,
        'no save once space was back',
      );
      disk.fill();
      await viewer.kill('SIGTERM');
      viewer = await stack.startApi('viewer-api', env);
      report.check(
        await readsAnswer(viewer),
        'reads did not answer after a restart on a full disk',
      );
      const restarted = await projectionOf(viewer);
      report.figure('hits_after_restart', restarted.hits);
      report.check(
        restarted.hits === 1,
        'the projection saved before the disk filled was not read back whole',
      );
    } finally {
      await stack.close();
      await disk.destroy();
      corpus.remove();
    }
  });
}
