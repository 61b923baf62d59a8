import { sleep } from '../free-port.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { awayFromHourEnd, episodeWithDuration, seedRecapUsers, withClient } from '../seed.js';
import { consumerEnv, withStack } from '../stack.js';

interface TickLine {
  msg?: string;
  tick?: { ran: boolean; enqueued: number; planned: number };
}

function ticksOf(lines: string[]): NonNullable<TickLine['tick']>[] {
  return lines.flatMap((line) => {
    try {
      const parsed = JSON.parse(line) as TickLine;
      return parsed.msg === 'notification scheduler tick' && parsed.tick ? [parsed.tick] : [];
    } catch {
      return [];
    }
  });
}

/**
 * Two consumer-apis with the in-process scheduler ticking every second on
 * one database: each seeded user gets one daily recap envelope. The tick
 * lines tell the two mechanisms apart: a tick that found the advisory lock
 * taken did nothing (`ran: false`), a later tick of the same hour planned
 * again and inserted nothing (period-keyed ids).
 */
export function twinSchedulersScenario(options: { corpusDir: string }): Promise<ScenarioResult> {
  const users = 40;
  return runScenario('twin-schedulers', (report) =>
    withStack(async (stack) => {
      const pg = await stack.startPostgres();
      const env = consumerEnv(options.corpusDir, pg, {
        NOTIFICATION_SCHEDULER: 'on',
        NOTIFICATION_TICK_MS: '1000',
        LOG_LEVEL: 'info',
      });
      const [a, b] = await Promise.all([
        stack.startApi('consumer-api', env),
        stack.startApi('consumer-api', env),
      ]);
      if (!a || !b) {
        throw new Error('replicas did not start');
      }
      const hour = await awayFromHourEnd();
      const ids = await seedRecapUsers(pg.url, users, hour, await episodeWithDuration(a.baseUrl));
      await sleep(6000);
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
      const perUser = await withClient(pg.url, async (client) => {
        const { rows } = await client.query<{ user_id: string; n: number }>(
          `select user_id, count(*)::int as n from outbox
           where template = 'daily-recap.v1' and user_id = any($1) group by user_id`,
          [ids],
        );
        return new Map(rows.map((row) => [row.user_id, row.n]));
      });
      const ticks = [...ticksOf(a.lines), ...ticksOf(b.lines)];
      const enqueued = ticks.reduce((sum, tick) => sum + tick.enqueued, 0);
      report.figure('users', users);
      report.figure('ticks', ticks.length);
      report.figure('ticks_a', ticksOf(a.lines).length);
      report.figure('ticks_b', ticksOf(b.lines).length);
      report.figure('locked_out', ticks.filter((tick) => !tick.ran).length);
      report.figure(
        'rerun_noop',
        ticks.filter((tick) => tick.ran && tick.planned > 0 && tick.enqueued === 0).length,
      );
      report.figure('enqueued', enqueued);
      report.check(
        ticksOf(a.lines).length >= 3 && ticksOf(b.lines).length >= 3,
        'both replicas should tick several times',
      );
      report.check(
        ids.every((id) => perUser.get(id) === 1),
        `users without exactly one recap: ${ids.filter((id) => perUser.get(id) !== 1).length}`,
      );
      report.check(enqueued === users, `ticks enqueued ${enqueued} envelopes for ${users} users`);
    }),
  );
}
