import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ageTree, copySampleCorpus } from '../../sample-corpus.js';
import type { AppProcess } from '../app-process.js';
import { sleep, waitUntil } from '../free-port.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { createStack } from '../stack.js';

interface Row {
  metadata_relpath: string;
  gi_relative_path: string | null;
  slug: string;
}

async function get(app: AppProcess, path: string) {
  const res = await fetch(`${app.baseUrl}${path}`);
  const text = await res.text();
  return { status: res.status, text };
}

/**
 * A pipeline that crashed mid-write leaves half an episode's metadata and
 * GI files: the viewer's list and detail and the consumer's episode page
 * never answer 5xx meanwhile, and once the files are whole again both
 * serve the episode exactly as before.
 */
export function tornCorpusFileScenario(): Promise<ScenarioResult> {
  return runScenario('torn-corpus-file', async (report) => {
    const corpus = copySampleCorpus('chaos-torn');
    ageTree(corpus.corpusDir);
    const stack = createStack();
    try {
      const env = { CORPUS_DIR: corpus.corpusDir, CORPUS_REFRESH_MS: '200' };
      const viewer = await stack.startApi('viewer-api', env);
      const consumer = await stack.startApi('consumer-api', {
        ...env,
        NOTIFICATION_SCHEDULER: 'off',
      });
      const list = JSON.parse((await get(viewer, '/api/corpus/episodes?limit=5')).text) as {
        items: Row[];
      };
      const row = list.items.find((item) => item.gi_relative_path !== null) as Row;
      const detailPath = `/api/corpus/episodes/detail?metadata_relpath=${encodeURIComponent(row.metadata_relpath)}`;
      const pages = [detailPath, '/api/corpus/episodes?limit=50'];
      const consumerPage = `/api/app/episodes/${row.slug}`;
      const before = await get(viewer, detailPath);
      const consumerBefore = await get(consumer, consumerPage);
      const files = [row.metadata_relpath, row.gi_relative_path as string].map((rel) =>
        join(corpus.corpusDir, rel),
      );
      const whole = files.map((file) => readFileSync(file));
      for (const [i, file] of files.entries()) {
        const bytes = whole[i] as Buffer;
        writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length / 2)));
      }
      const seen: number[] = [];
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        for (const path of pages) {
          seen.push((await get(viewer, path)).status);
        }
        seen.push((await get(consumer, consumerPage)).status);
        await sleep(100);
      }
      const statuses = [...new Set(seen)].sort().join(',');
      report.figure('statuses_while_torn', statuses);
      report.check(
        seen.every((s) => s < 500),
        `answers while torn: ${statuses}`,
      );
      for (const [i, file] of files.entries()) {
        writeFileSync(file, whole[i] as Buffer);
      }
      const recovered = await waitUntil(
        async () => {
          const [v, c] = [await get(viewer, detailPath), await get(consumer, consumerPage)];
          return v.text === before.text && c.text === consumerBefore.text;
        },
        10_000,
        200,
      );
      report.check(
        recovered,
        'the episode was not served as before within 10 s of the files being whole',
      );
      report.figure('recovered', String(recovered));
    } finally {
      await stack.close();
      corpus.remove();
    }
  });
}
