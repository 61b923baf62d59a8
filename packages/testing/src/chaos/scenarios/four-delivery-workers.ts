import { waitUntil } from '../free-port.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { awayFromHourEnd, episodeWithDuration, seedRecapUsers, withClient } from '../seed.js';
import { startSmtpSink } from '../smtp-sink.js';
import { consumerEnv, OUTBOX_TOKEN, withStack } from '../stack.js';

async function countByStatus(url: string): Promise<Map<string, number>> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ status: string; n: number }>(
      'select status, count(*)::int as n from outbox group by status',
    );
    return new Map(rows.map((row) => [row.status, row.n]));
  });
}

/**
 * Four delivery workers pulling one seam: the scheduler enqueues a recap
 * for each of `users` users, and every envelope reaches the SMTP server
 * exactly once and ends `delivered`. The seam's lease keeps concurrent pulls
 * apart; nothing is killed here, so the crash window does not apply.
 */
export function fourDeliveryWorkersScenario(options: {
  corpusDir: string;
  users?: number;
}): Promise<ScenarioResult> {
  const users = options.users ?? 200;
  return runScenario('four-delivery-workers', (report) =>
    withStack(async (stack) => {
      const pg = await stack.startPostgres();
      const smtp = await startSmtpSink(5);
      stack.defer(() => smtp.close());
      const consumer = await stack.startApi(
        'consumer-api',
        consumerEnv(options.corpusDir, pg, {
          NOTIFICATION_SCHEDULER: 'on',
          NOTIFICATION_TICK_MS: '1000',
        }),
      );
      const hour = await awayFromHourEnd();
      await seedRecapUsers(pg.url, users, hour, await episodeWithDuration(consumer.baseUrl));
      const enqueued = await waitUntil(
        async () => ((await countByStatus(pg.url)).get('pending') ?? 0) === users,
        30_000,
        200,
      );
      report.check(enqueued, 'the scheduler did not enqueue one recap per user');
      const started = Date.now();
      for (let i = 0; i < 4; i++) {
        stack.startWorker('delivery-worker', {
          PODCAST_INTERNAL_OUTBOX_TOKEN: OUTBOX_TOKEN,
          PODCAST_APP_BASE_URL: consumer.baseUrl,
          PODCAST_SMTP_URL: smtp.url,
          PODCAST_METRICS_PORT: '0',
          PODCAST_CONCURRENCY: '4',
          PODCAST_IDLE_MS: '200',
        });
      }
      const done = await waitUntil(
        async () => ((await countByStatus(pg.url)).get('delivered') ?? 0) === users,
        120_000,
        250,
      );
      report.figure('users', users);
      report.figure('deliver_ms', Date.now() - started);
      const received = smtp.envelopeIds;
      const distinct = new Set(received);
      report.figure('messages', received.length);
      report.figure('distinct', distinct.size);
      report.figure(
        'statuses',
        [...(await countByStatus(pg.url))].map(([s, n]) => `${s}:${n}`).join(','),
      );
      report.check(done, 'not every envelope ended delivered within 120 s');
      report.check(
        distinct.size === users && !distinct.has(''),
        `${distinct.size} distinct envelopes reached SMTP for ${users}`,
      );
      report.check(
        received.length === distinct.size,
        `${received.length - distinct.size} envelopes sent twice`,
      );
    }),
  );
}
