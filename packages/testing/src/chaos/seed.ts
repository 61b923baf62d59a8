import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { sleep } from './free-port.js';

/** Runs `work` with one connection to `url`, closed afterwards. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A catalog episode with a known duration, read through the consumer API. */
export async function episodeWithDuration(
  consumerUrl: string,
): Promise<{ slug: string; duration: number }> {
  const res = await fetch(`${consumerUrl}/api/app/episodes?limit=50`);
  const body = (await res.json()) as { items: { slug: string; duration_seconds: number | null }[] };
  const found = body.items.find((item) => (item.duration_seconds ?? 0) > 0);
  if (found === undefined) {
    throw new Error('no episode with a duration in the corpus');
  }
  return { slug: found.slug, duration: found.duration_seconds as number };
}

/**
 * `count` verified users who finished `slug` just now and want the daily
 * recap by email at `hour` UTC: each is owed exactly one recap envelope
 * for today by a tick in that hour. Answers their ids.
 */
export async function seedRecapUsers(
  url: string,
  count: number,
  hour: number,
  finished: { slug: string; duration: number },
): Promise<string[]> {
  const ids = Array.from({ length: count }, () => `u_${randomBytes(12).toString('hex')}`);
  const record = {
    types: { daily_recap: { email: true, in_app: false } },
    daily_recap_schedule: { hour },
    timezone: 'UTC',
  };
  await withClient(url, async (client) => {
    for (const [i, id] of ids.entries()) {
      await client.query(
        `insert into users (id, email, email_verified, name, provider, provider_subject)
         values ($1, $2, true, $3, 'chaos', $3)`,
        [id, `chaos-${i}@example.com`, `chaos-${i}`],
      );
      await client.query(
        'insert into comms (user_id, record, unsubscribe_ref) values ($1, $2, $3)',
        [id, JSON.stringify(record), randomBytes(12).toString('hex')],
      );
      await client.query(
        `insert into playback_positions (user_id, slug, position_seconds, finished)
         values ($1, $2, $3, true)`,
        [id, finished.slug, finished.duration],
      );
    }
  });
  return ids;
}

/** Waits out the last seconds of an hour, so every tick of the run lands in the same one. */
export async function awayFromHourEnd(): Promise<number> {
  const intoHour = Date.now() % 3_600_000;
  if (intoHour > 3_600_000 - 30_000) {
    await sleep(3_600_000 - intoHour + 2000);
  }
  return new Date().getUTCHours();
}
