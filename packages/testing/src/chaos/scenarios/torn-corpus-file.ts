import { join } from 'node:path';
import { ageTree, copySampleCorpus } from '../../sample-corpus.js';
import { retitledMetadata, tearInHalf } from '../../torn-files.js';
import type { AppProcess } from '../app-process.js';
import { sleep, waitUntil } from '../free-port.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { createStack } from '../stack.js';

interface Row {
  metadata_relpath: string;
  gi_relative_path: string | null;
  slug: string;
}

const NEW_TITLE = 'Written whole at last';

function titleOf(text: string): unknown {
  try {
    return (JSON.parse(text) as { title?: unknown }).title;
  } catch {
    return undefined;
  }
}

async function get(app: AppProcess, path: string) {
  const res = await fetch(`${app.baseUrl}${path}`);
  const text = await res.text();
  return { status: res.status, text };
}

/**
 * A pipeline that crashed mid-write leaves half an episode's metadata and
 * GI files: the viewer's list and detail and the consumer's episode page
 * keep answering exactly as before meanwhile (the last good version of each
 * file), and once the files are whole again both serve the new version.
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
      const before = new Map<string, string>();
      for (const path of pages) {
        before.set(path, (await get(viewer, path)).text);
      }
      const consumerBefore = await get(consumer, consumerPage);
      const torn = tearInHalf(
        [row.metadata_relpath, row.gi_relative_path as string].map((rel) =>
          join(corpus.corpusDir, rel),
        ),
      );
      const seen: number[] = [];
      let changed = 0;
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        for (const path of pages) {
          const answer = await get(viewer, path);
          seen.push(answer.status);
          changed += answer.text === before.get(path) ? 0 : 1;
        }
        const answer = await get(consumer, consumerPage);
        seen.push(answer.status);
        changed += answer.text === consumerBefore.text ? 0 : 1;
        await sleep(100);
      }
      const statuses = [...new Set(seen)].sort().join(',');
      report.figure('statuses_while_torn', statuses);
      report.figure('changed_answers_while_torn', changed);
      report.check(
        seen.every((s) => s === 200) && changed === 0,
        `answers while torn: ${statuses}, ${changed} not as before`,
      );
      // The completed write brings a new version: it is served, not the old one kept.
      torn.complete((file, whole) =>
        file.endsWith('.metadata.json') ? retitledMetadata(whole, NEW_TITLE) : whole,
      );
      const recovered = await waitUntil(
        async () => {
          const [v, c] = [await get(viewer, detailPath), await get(consumer, consumerPage)];
          return titleOf(v.text) === NEW_TITLE && titleOf(c.text) === NEW_TITLE;
        },
        10_000,
        200,
      );
      report.check(
        recovered,
        'the new version was not served within 10 s of the files being whole',
      );
      report.figure('recovered', String(recovered));
    } finally {
      await stack.close();
      corpus.remove();
    }
  });
}
