import { Client as PgClient } from 'pg';
import type { AppProcess } from '../app-process.js';
import { sleep } from '../free-port.js';
import { gpodderSync } from '../gpodder-sync.js';
import { type LoadLoop, measureCapacity, percentile, runLoad, type Sample } from '../load.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { consumerEnv, OUTBOX_TOKEN, withStack } from '../stack.js';

/** p99 may move this much beyond 10% between thirds: a few ms are noise on a shared machine. */
const P99_SLACK_MS = 25;
/** Database sessions the last third may hold beyond the second third's sample. */
const SESSION_SLACK = 2;
/** The soak runs each loop at this share of the capacity it showed with every loop flat out. */
const CAPACITY_SHARE = 0.5;
/** How long every loop runs flat out to measure its capacity before the soak. */
const CAPACITY_MS = 10_000;
/** A client gives a request up after this long (a status of 0). */
const CLIENT_TIMEOUT_MS = 10_000;

/** A loop's rate is set from the measured capacity; this one is a placeholder until then. */
const UNMEASURED = 1;

const get = (kind: string, url: () => string, headers: Record<string, string> = {}): LoadLoop => ({
  kind,
  rate: UNMEASURED,
  request: async (_seq, signal) => ({ res: await fetch(url(), { headers, signal }) }),
});

function loopsOf(viewer: AppProcess, consumer: AppProcess, slugs: string[]): LoadLoop[] {
  const slug = (seq: number) => slugs[seq % slugs.length] as string;
  return [
    get('viewer_list', () => `${viewer.baseUrl}/api/corpus/episodes?limit=20`),
    get('viewer_search', () => `${viewer.baseUrl}/api/search?q=sleep`),
    get('catalog', () => `${consumer.baseUrl}/api/app/episodes?limit=20`),
    get('app_search', () => `${consumer.baseUrl}/api/app/search?q=sleep`),
    get('playback_list', () => `${consumer.baseUrl}/api/app/playback`),
    get('seam_pull', () => `${consumer.baseUrl}/internal/outbox/pending?channel=email&limit=5`, {
      'x-internal-token': OUTBOX_TOKEN,
    }),
    {
      kind: 'playback_write',
      rate: UNMEASURED,
      request: async (seq, signal) => ({
        res: await fetch(`${consumer.baseUrl}/api/app/playback/${slug(seq)}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ position_seconds: seq }),
          signal,
        }),
      }),
    },
  ];
}

interface Third {
  p99: number;
  /** The highest sum of the two processes' RSS sampled in the third. */
  rssKb: number;
  /** The viewer's and the consumer's highest RSS in the third, to tell which one grew. */
  rssKbEach: number[];
  /** The fewest open descriptors sampled in the third: sockets of requests in flight come and go, a leak raises the floor. */
  fds: number;
  /** The most database sessions sampled in the third. */
  connections: number;
}

/** How often RSS and descriptors are sampled: a single sample lands anywhere on the collector's sawtooth. */
const USAGE_SAMPLE_MS = 2000;

/** Both apps' RSS, and their open descriptors together (undefined while either cannot be read). */
interface UsageSample {
  at: number;
  each: number[];
  fds: number | undefined;
}

/**
 * Mixed traffic on a viewer and a consumer (corpus reads, search, catalog,
 * playback writes and lists, seam pulls, gPodder sync of two devices): each
 * loop's capacity is measured first with every loop flat out at once for
 * 10 s, then each runs at half of it for `durationMs`, so the machine works
 * at about half its capacity for this mix. Checked: the peak RSS (sampled every 2 s) and p99 of the last third
 * within 10% of the second third's, the floor of open file descriptors (+4) and the peak of database sessions (+2) not growing, no 5xx,
 * and every gPodder upload answered 2xx downloaded back once.
 */
export function soakScenario(options: {
  corpusDir: string;
  durationMs: number;
}): Promise<ScenarioResult> {
  return runScenario(`soak-${Math.round(options.durationMs / 60_000)}min`, (report) =>
    withStack(async (stack) => {
      const pg = await stack.startPostgres();
      const viewer = await stack.startApi('viewer-api', { CORPUS_DIR: options.corpusDir });
      const consumer = await stack.startApi('consumer-api', consumerEnv(options.corpusDir, pg));
      const page = await (await fetch(`${consumer.baseUrl}/api/app/episodes?limit=20`)).json();
      const slugs = (page as { items: { slug: string }[] }).items.map((item) => item.slug);
      const gpodder = await gpodderSync(consumer.baseUrl);
      const loops = [...loopsOf(viewer, consumer, slugs), ...gpodder.loops];
      const capacity = await measureCapacity(loops, CAPACITY_MS, CLIENT_TIMEOUT_MS);
      const halved = loops.map((loop, i) => ({
        ...loop,
        rate: Math.min(
          Math.max(CAPACITY_SHARE * (capacity.rps[i] as number), 0.1),
          loop.maxRate ?? Number.POSITIVE_INFINITY,
        ),
      }));
      const load = runLoad(halved, CLIENT_TIMEOUT_MS, capacity.nextSeqs);
      const third = options.durationMs / 3;
      const usageSamples: UsageSample[] = [];
      const sampleUsage = () => {
        const usage = [viewer.usage(), consumer.usage()];
        const read = usage.filter((u) => u !== undefined);
        usageSamples.push({
          at: Date.now(),
          each: usage.map((u) => u?.rssKb ?? 0),
          // An app that cannot be read would count none and lower the floor.
          fds: read.length < usage.length ? undefined : read.reduce((sum, u) => sum + u.fds, 0),
        });
      };
      // Database sessions are sampled as RSS is: a pool's count moves with each burst.
      const sessionSamples: { at: number; n: number }[] = [];
      const counter = new PgClient({ connectionString: pg.url });
      await counter.connect();
      const sampleSessions = async () => {
        const { rows } = await counter.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = 'postgres' and pid <> pg_backend_pid()",
        );
        sessionSamples.push({ at: Date.now(), n: rows[0]?.n ?? 0 });
      };
      const sampler = setInterval(() => {
        sampleUsage();
        void sampleSessions().catch(() => undefined);
      }, USAGE_SAMPLE_MS);
      sampler.unref();
      const measure = async (from: number, samples: Sample[]): Promise<Third> => {
        sampleUsage();
        const inThird = usageSamples.filter((r) => r.at >= from);
        await sampleSessions();
        const connections = Math.max(
          ...sessionSamples.filter((sample) => sample.at >= from).map((sample) => sample.n),
        );
        return {
          p99: percentile(
            samples.filter((s) => s.startedAt >= from).map((s) => s.ms),
            99,
          ),
          rssKb: Math.max(...inThird.map((r) => r.each[0]! + r.each[1]!)),
          rssKbEach: [0, 1].map((i) => Math.max(...inThird.map((r) => r.each[i]!))),
          fds: Math.min(...inThird.flatMap((r) => (r.fds === undefined ? [] : [r.fds]))),
          connections,
        };
      };
      const start = Date.now();
      let second: Third;
      let last: Third;
      try {
        await sleep(third * 2);
        second = await measure(start + third, load.samples);
        await sleep(third);
        last = await measure(start + 2 * third, load.samples);
      } finally {
        // Also when a measure fails: an open session would keep the run from ending.
        clearInterval(sampler);
        await counter.end().catch(() => undefined);
      }
      await load.stop();
      await gpodder.verify([...capacity.samples, ...load.samples], report);
      const failedOf = (samples: Sample[]) =>
        samples.filter((s) => s.status >= 500 || s.status === 0).length;
      const errors = failedOf(load.samples);
      const capacityRps = capacity.rps.reduce((sum, rps) => sum + rps, 0);
      report.figure('capacity_rps', Math.round(capacityRps));
      report.figure('requests', load.samples.length);
      report.figure('rps', Math.round(load.samples.length / (options.durationMs / 1000)));
      report.figure('p99_ms', `${second.p99}->${last.p99}`);
      report.figure(
        'rss_mb',
        `${Math.round(second.rssKb / 1024)}->${Math.round(last.rssKb / 1024)}`,
      );
      const mb = (kb: number | undefined) => Math.round((kb ?? 0) / 1024);
      report.figure('rss_mb_viewer', `${mb(second.rssKbEach[0])}->${mb(last.rssKbEach[0])}`);
      report.figure('rss_mb_consumer', `${mb(second.rssKbEach[1])}->${mb(last.rssKbEach[1])}`);
      report.figure('fds', `${second.fds}->${last.fds}`);
      report.figure('db_sessions', `${second.connections}->${last.connections}`);
      report.check(errors === 0, `${errors} requests answered 5xx or failed`);
      // A refused upload is a sync an app lost: the soak keeps under the user's caps.
      const refused = load.samples.filter(
        (s) => s.kind === 'gpodder_upload' && (s.status < 200 || s.status >= 300),
      ).length;
      report.check(refused === 0, `${refused} gPodder uploads refused`);
      const flatOutErrors = failedOf(capacity.samples);
      report.check(
        flatOutErrors === 0,
        `${flatOutErrors} requests flat out answered 5xx or failed`,
      );
      report.check(last.rssKb <= second.rssKb * 1.1, 'RSS grew more than 10% in the last third');
      report.check(
        last.p99 <= second.p99 * 1.1 + P99_SLACK_MS,
        'p99 grew more than 10% in the last third',
      );
      report.check(last.fds <= second.fds + 4, 'open file descriptors grew');
      // The peak of each third: a pool opens up to its size in a burst and closes idle
      // sessions after; a leak grows with every request and passes this slack at once.
      report.check(
        last.connections <= second.connections + SESSION_SLACK,
        'database sessions grew',
      );
    }),
  );
}
