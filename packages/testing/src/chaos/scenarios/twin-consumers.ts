import type { AppProcess } from '../app-process.js';
import { runScenario, type ScenarioResult } from '../scenario.js';
import { consumerEnv, withStack } from '../stack.js';

async function call(app: AppProcess, method: string, path: string, body?: unknown) {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) {
    throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  }
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

interface Episode {
  slug: string;
  feed_id: string;
}

type Check = (writer: AppProcess, reader: AppProcess, round: number) => Promise<boolean>;

/** Each check writes through one replica and answers whether the other at once reads it back. */
function checksOf(episodes: Episode[]): Record<string, Check> {
  const slug = (round: number) => (episodes[round % episodes.length] as Episode).slug;
  return {
    playback: async (writer, reader, round) => {
      // Read first, so the reader's list cache holds the answer a stale replica would serve.
      await call(reader, 'GET', '/api/app/playback');
      const position = 100 + round;
      await call(writer, 'PUT', `/api/app/playback/${slug(round)}`, { position_seconds: position });
      const list = (await call(reader, 'GET', '/api/app/playback')) as {
        items: { slug: string; position_seconds: number }[];
      };
      return list.items.find((item) => item.slug === slug(round))?.position_seconds === position;
    },
    queue: async (writer, reader, round) => {
      const items = [slug(round), slug(round + 1), slug(round + 2)];
      await call(reader, 'GET', '/api/app/queue');
      await call(writer, 'PUT', '/api/app/queue', { items });
      const queue = (await call(reader, 'GET', '/api/app/queue')) as { items: string[] };
      return JSON.stringify(queue.items) === JSON.stringify(items);
    },
    library: async (writer, reader, round) => {
      const feedId = (episodes[round % episodes.length] as Episode).feed_id;
      const isSubscribed = async () =>
        JSON.stringify(await call(reader, 'GET', '/api/app/library')).includes(`"${feedId}"`);
      await call(writer, 'POST', '/api/app/library', { feed_id: feedId });
      const added = await isSubscribed();
      await call(writer, 'DELETE', `/api/app/library/${encodeURIComponent(feedId)}`);
      return added && !(await isSubscribed());
    },
    highlights: async (writer, reader, round) => {
      const made = (await call(writer, 'POST', '/api/app/highlights', {
        episode_slug: slug(round),
        kind: 'moment',
        start_ms: 1000 * (round + 1),
      })) as { id: string };
      const list = await call(reader, 'GET', `/api/app/highlights?episode=${slug(round)}`);
      return JSON.stringify(list).includes(made.id);
    },
  };
}

/**
 * Two consumer-apis on one database: every write through one (playback,
 * queue, library, highlights) is read back at once through the other,
 * including the playback list the reader had just cached.
 */
export function twinConsumersScenario(options: { corpusDir: string }): Promise<ScenarioResult> {
  const rounds = 10;
  return runScenario('twin-consumers-read-your-write', (report) =>
    withStack(async (stack) => {
      const env = consumerEnv(options.corpusDir, await stack.startPostgres());
      const a = await stack.startApi('consumer-api', env);
      const b = await stack.startApi('consumer-api', env);
      const page = (await call(a, 'GET', '/api/app/episodes?limit=10')) as { items: Episode[] };
      const episodes = page.items.filter((item) => item.feed_id !== '');
      for (const [name, check] of Object.entries(checksOf(episodes))) {
        let stale = 0;
        for (let round = 0; round < rounds; round++) {
          const [writer, reader] = round % 2 === 0 ? [a, b] : [b, a];
          stale += (await check(writer, reader, round)) ? 0 : 1;
        }
        report.figure(`${name}_stale`, stale);
        report.check(
          stale === 0,
          `${name}: ${stale} of ${rounds} reads on the other replica were stale`,
        );
      }
      report.figure('rounds', rounds);
    }),
  );
}
