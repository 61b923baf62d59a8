import { Client } from 'pg';
import { sleep } from '../free-port.js';
import { gpodderSync } from '../gpodder-sync.js';
import { type LoadLoop, percentile, runLoad, type Sample } from '../load.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { consumerEnv, OUTBOX_TOKEN, withStack } from '../stack.js';

export interface PostgresRestartOptions {
  corpusDir: string;
  /** How long the server stays down. */
  downMs?: number;
  /** An answer slower than this while the server is down counts as a hang. */
  hangBoundMs?: number;
}

/** How soon after the server's return service must be back (docs/decisions/reliability.md). */
const RESUME_BOUND_MS = 5000;

async function slugsOf(baseUrl: string, count: number): Promise<string[]> {
  const res = await fetch(`${baseUrl}/api/app/episodes?limit=${count}`);
  const body = (await res.json()) as { items: { slug: string }[] };
  return body.items.map((item) => item.slug).slice(0, count);
}

function loopsFor(baseUrl: string, slugs: string[], firstTs: number): LoadLoop[] {
  const put = (slug: string): LoadLoop => ({
    kind: 'playback_write',
    rate: 10,
    request: async (seq, signal) => {
      const position = seq + 1;
      const res = await fetch(`${baseUrl}/api/app/playback/${slug}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ position_seconds: position, client_ts: firstTs + seq }),
        signal,
      });
      return { res, wrote: { slug, position } };
    },
  });
  return [
    ...slugs.map(put),
    {
      kind: 'playback_list',
      rate: 10,
      request: async (_seq, signal) => ({
        res: await fetch(`${baseUrl}/api/app/playback`, { signal }),
      }),
    },
    {
      kind: 'catalog_read',
      rate: 10,
      request: async (_seq, signal) => ({
        res: await fetch(`${baseUrl}/api/app/episodes?limit=5`, { signal }),
      }),
    },
    {
      kind: 'seam_pull',
      rate: 5,
      request: async (_seq, signal) => ({
        res: await fetch(`${baseUrl}/internal/outbox/pending?channel=email&limit=5`, {
          headers: { 'x-internal-token': OUTBOX_TOKEN },
          signal,
        }),
      }),
    },
  ];
}

/** The newest position answered 2xx per slug: each must still be stored (or passed by a later one). */
function lastAcknowledged(samples: Sample[]): Map<string, number> {
  const acked = new Map<string, number>();
  for (const sample of samples) {
    const wrote = sample.wrote as { slug: string; position: number } | undefined;
    if (wrote && sample.status >= 200 && sample.status < 300) {
      acked.set(wrote.slug, Math.max(acked.get(wrote.slug) ?? 0, wrote.position));
    }
  }
  return acked;
}

async function storedPositions(url: string): Promise<Map<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ slug: string; position: number }>(
      'select slug, position_seconds as position from playback_positions',
    );
    return new Map(rows.map((row) => [row.slug, Number(row.position)]));
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL stopped (fast shutdown) and started again under steady load on
 * one consumer-api, gPodder sync of two devices included: while it is down
 * every answer that needs it is a quick 503 with Retry-After, never a 500, a
 * hang or a refused sign-in; after its return each kind of request succeeds
 * again within 5 s, no write answered 2xx is lost, and every gPodder action
 * answered 2xx comes back exactly once.
 */
export function postgresRestartScenario(options: PostgresRestartOptions): Promise<ScenarioResult> {
  const downMs = options.downMs ?? 4000;
  const hangBoundMs = options.hangBoundMs ?? 3000;
  return runScenario('postgres-restart', (report) =>
    withStack(async (stack) => {
      const pg = await stack.startPostgres();
      const consumer = await stack.startApi('consumer-api', consumerEnv(options.corpusDir, pg));
      const slugs = await slugsOf(consumer.baseUrl, 4);
      const firstTs = Math.floor(Date.now() / 1000) - 20 * 86_400;
      const gpodder = await gpodderSync(consumer.baseUrl);
      const load = runLoad(
        [...loopsFor(consumer.baseUrl, slugs, firstTs), ...gpodder.loops],
        hangBoundMs * 3,
      );
      await sleep(2000);
      const downAt = Date.now();
      await pg.stop();
      await sleep(downMs);
      await pg.start();
      const upAt = Date.now();
      await sleep(RESUME_BOUND_MS + 2000);
      await load.stop();
      const { samples } = load;
      const during = samples.filter((s) => s.startedAt >= downAt && s.startedAt < upAt);
      const bad = samples.filter((s) => s.status >= 500 && s.status !== 503);
      const hung = during.filter((s) => s.ms > hangBoundMs || s.status === 0);
      const refusedWithoutRetry = samples.filter((s) => s.status === 503 && s.retryAfter === null);
      // A 401 or 404 while the database is away would tell an app its password or data is gone.
      const blamed = samples.filter((s) => s.status >= 400 && s.status < 500);
      report.figure('requests', samples.length);
      report.figure('while_down', during.length);
      report.figure('down_503', during.filter((s) => s.status === 503).length);
      report.figure(
        'down_p99_ms',
        percentile(
          during.map((s) => s.ms),
          99,
        ),
      );
      report.check(
        bad.length === 0,
        `${bad.length} answers 5xx other than 503 (${bad
          .map((s) => `${s.kind}:${s.status}`)
          .slice(0, 5)
          .join(', ')})`,
      );
      report.check(
        hung.length === 0,
        `${hung.length} requests hung past ${hangBoundMs} ms or failed without an answer while down`,
      );
      report.check(
        blamed.length === 0,
        `${blamed.length} answers 4xx (${blamed
          .map((s) => `${s.kind}:${s.status}`)
          .slice(0, 5)
          .join(', ')})`,
      );
      report.check(
        refusedWithoutRetry.length === 0,
        `${refusedWithoutRetry.length} 503 answers without Retry-After`,
      );
      report.check(
        during.some((s) => s.status === 503),
        'no request was refused while the server was down',
      );
      let worstResume = 0;
      for (const kind of new Set(samples.map((s) => s.kind))) {
        const back = samples.find(
          (s) => s.kind === kind && s.startedAt >= upAt && s.status < 300 && s.status >= 200,
        );
        const later = samples.filter(
          (s) => s.kind === kind && s.startedAt >= upAt + RESUME_BOUND_MS,
        );
        const resumeMs = back ? back.startedAt + back.ms - upAt : Number.POSITIVE_INFINITY;
        worstResume = Math.max(worstResume, resumeMs);
        report.check(
          resumeMs <= RESUME_BOUND_MS,
          `${kind} not answering 2xx within ${RESUME_BOUND_MS} ms of the return`,
        );
        report.check(
          later.every((s) => s.status >= 200 && s.status < 300),
          `${kind} still failing ${RESUME_BOUND_MS} ms after the return`,
        );
      }
      report.figure('resume_ms', worstResume);
      // A podcast app retries what was refused: what it was told was stored comes back once.
      await gpodder.verify(samples, report);
      const stored = await storedPositions(pg.url);
      const acked = lastAcknowledged(samples);
      const lost = [...acked].filter(([slug, position]) => (stored.get(slug) ?? 0) < position);
      report.figure('acked_writes', samples.filter((s) => s.wrote && s.status === 200).length);
      report.check(lost.length === 0, `${lost.length} acknowledged playback writes lost`);
      report.check(
        consumer.pid !== undefined,
        `the consumer-api exited:\n${consumer.lines.slice(-40).join('\n')}`,
      );
    }),
  );
}
