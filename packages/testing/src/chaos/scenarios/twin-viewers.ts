import { copySampleCorpus } from '../../sample-corpus.js';
import { waitUntil } from '../free-port.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { createStack, OPERATOR_TOKEN } from '../stack.js';

const AUTH = { authorization: `Bearer ${OPERATOR_TOKEN}` };

async function isRebuilding(baseUrl: string, root: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/index/stats?path=${encodeURIComponent(root)}`);
  return ((await res.json()) as { rebuild_in_progress: boolean }).rebuild_in_progress;
}

async function startRebuild(baseUrl: string, root: string) {
  const res = await fetch(
    `${baseUrl}/api/index/rebuild?rebuild=true&path=${encodeURIComponent(root)}`,
    { method: 'POST', headers: AUTH },
  );
  const body = (await res.json()) as { detail?: string };
  return { status: res.status, detail: body.detail ?? '' };
}

async function firstEpisodeId(baseUrl: string, root: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/corpus/episodes?path=${encodeURIComponent(root)}`);
  const body = (await res.json()) as { items: { episode_id: string | null }[] };
  const id = body.items.find((item) => item.episode_id !== null)?.episode_id;
  if (!id) {
    throw new Error('no episode with an id in the corpus');
  }
  return id;
}

async function rollBack(baseUrl: string, root: string, episodeId: string): Promise<number> {
  const id = encodeURIComponent(episodeId);
  const res = await fetch(
    `${baseUrl}/api/corpus/episodes/${id}?confirm=${id}&path=${encodeURIComponent(root)}`,
    { method: 'DELETE', headers: AUTH },
  );
  await res.arrayBuffer();
  return res.status;
}

/**
 * Two viewers on one corpus: full rebuilds asked of both at once start one
 * (202) and refuse the other (409), whichever replica wins; the loser sees
 * `rebuild_in_progress` while the winner's build runs and refuses a rebuild
 * or a rollback of its own meanwhile; once the build ended, the loser's
 * rollback is accepted (it starts an incremental rebuild).
 */
export function twinViewersScenario(): Promise<ScenarioResult> {
  return runScenario('twin-viewers-rebuild', async (report) => {
    const corpus = copySampleCorpus('chaos-viewers');
    const stack = createStack();
    try {
      const env = { CORPUS_DIR: corpus.corpusDir, OPERATOR_TOKEN };
      const [a, b] = await Promise.all([
        stack.startApi('viewer-api', env),
        stack.startApi('viewer-api', env),
      ]);
      if (!a || !b) {
        throw new Error('replicas did not start');
      }
      const root = corpus.corpusDir;
      const episodeId = await firstEpisodeId(a.baseUrl, root);
      const [first, second] = await Promise.all([
        startRebuild(a.baseUrl, root),
        startRebuild(b.baseUrl, root),
      ]);
      const statuses = [first.status, second.status].sort();
      report.figure('statuses', statuses.join('+'));
      report.check(
        statuses[0] === 202 && statuses[1] === 409,
        `two concurrent rebuilds answered ${statuses.join(' and ')}`,
      );
      const loser = first.status === 409 ? a : b;
      const winner = loser === a ? b : a;
      const seenOnLoser = await isRebuilding(loser.baseUrl, root);
      report.check(seenOnLoser, 'the other replica did not report rebuild_in_progress');
      const again = await startRebuild(loser.baseUrl, root);
      const rollbackDuring = await rollBack(loser.baseUrl, root, episodeId);
      const stillRunning = await isRebuilding(winner.baseUrl, root);
      report.check(
        again.status === 409 || !stillRunning,
        `a rebuild on the other replica during the build answered ${again.status}`,
      );
      report.check(
        rollbackDuring === 409 || !stillRunning,
        `a rollback on the other replica during the build answered ${rollbackDuring}`,
      );
      report.figure('rollback_during', rollbackDuring);
      const started = Date.now();
      const ended = await waitUntil(
        async () => !(await isRebuilding(winner.baseUrl, root)),
        120_000,
        250,
      );
      report.figure('rebuild_ms', Date.now() - started);
      report.check(ended, 'the rebuild did not end within 120 s');
      const after = await rollBack(loser.baseUrl, root, episodeId);
      report.figure('rollback_after', after);
      report.check(after === 202, `a rollback after the build ended answered ${after}`);
      await waitUntil(async () => !(await isRebuilding(loser.baseUrl, root)), 120_000, 250);
    } finally {
      await stack.close();
      corpus.remove();
    }
  });
}
